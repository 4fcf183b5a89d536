//! Hand-worked cases: a five-player, three-round Swiss with a forfeit, a pairing-allocated
//! bye, a half-point bye and a withdrawal.

use super::*;
use crate::trf;

/// Round 1: 1-2 1-0, 3-4 ½-½, 5 PAB. Round 2: 1-3 forfeit (1 wins), 2-5 0-1, 4 half-point
/// bye. Round 3: 5-1 0-1, 2-4 1-0, 3 absent (withdrawn).
const FILE: &str = "\
012 Hand-worked
XXR 3
001    1      A                                 2000                             3.0    1     2 w 1     3 w +     5 b 1
001    2      B                                 1900                             1.0    3     1 b 0     5 w 0     4 w 1
001    3      C                                 1800                             0.5    5     4 w =     1 b -  0000 - Z
001    4      D                                 1700                             1.0    3     3 b =  0000 - H     2 b 0
001    5      E                                 1600                             2.0    2  0000 - U     2 b 1     1 w 0
";

fn table(list: &str, edition: Edition) -> Vec<(u32, usize, Vec<String>)> {
    let t = trf::read(FILE.as_bytes()).unwrap();
    let specs = parse_list(list).unwrap();
    standings(&t, &specs, edition)
        .rows
        .into_iter()
        .map(|r| {
            (
                r.id,
                r.rank,
                r.values.iter().map(|v| v.to_string()).collect(),
            )
        })
        .collect()
}

fn column(list: &str, edition: Edition) -> Vec<String> {
    // Values in pairing-number order.
    let mut rows = table(list, edition);
    rows.sort_by_key(|r| r.0);
    rows.into_iter().map(|r| r.2[1].clone()).collect()
}

#[test]
fn buchholz_with_the_dummy_opponent_of_each_edition() {
    // Adjusted scores (16.3): C withdrew after round 2 (round 3 a draw: 0.5 + 0 + 0.5 = 1.0);
    // the others as scored: A 3.0, B 1.0, D 1.0, E 2.0.
    // A: B 1.0 + C forfeit (dummy: own 3.0; 2026: min(3.0, C's 1.0) = 1.0) + E 2.0.
    // B: A 3.0 + E 2.0 + D 1.0 = 6.0. C: D 1.0 + A forfeit (dummy own 0.5) + absent (own 0.5).
    // D: C 1.0 + HPB (own 1.0; 2026: min(1.0, 1.5)) + B 1.0. E: PAB (own 2.0; 2026 min(2.0,
    // 1.5) = 1.5) + B 1.0 + A 3.0.
    assert_eq!(
        column("PTS BH", Edition::Fide2024),
        ["6.0", "6.0", "2.0", "3.0", "6.0"]
    );
    assert_eq!(
        column("PTS BH", Edition::Fide2026),
        ["4.0", "6.0", "2.0", "3.0", "5.5"]
    );
    // Cut-1 takes the voluntary unplayed rounds first: C's forfeit loss / absence (0.5),
    // D's half-point bye (1.0), and for the others the lowest opponent.
    assert_eq!(
        column("PTS BH/C1", Edition::Fide2026),
        ["3.0", "5.0", "1.5", "2.0", "4.5"]
    );
}

#[test]
fn counts_and_progressive_score() {
    assert_eq!(
        column("PTS WIN", Edition::Fide2026),
        ["3", "1", "0", "0", "2"]
    );
    assert_eq!(
        column("PTS WON", Edition::Fide2026),
        ["2", "1", "0", "0", "1"]
    );
    assert_eq!(
        column("PTS BPG", Edition::Fide2026),
        ["1", "1", "0", "2", "1"]
    );
    assert_eq!(
        column("PTS GE", Edition::Fide2026),
        ["3", "3", "1", "2", "3"]
    );
    assert_eq!(
        column("PTS PS", Edition::Fide2026),
        ["6.0", "1.0", "1.5", "2.5", "5.0"]
    );
}

#[test]
fn ranks_follow_the_list_and_share_ties() {
    let rows = table("PTS BH", Edition::Fide2026);
    let ranks: Vec<(u32, usize)> = rows.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(ranks, [(1, 1), (5, 2), (2, 3), (4, 4), (3, 5)]);
    let rows = table("PTS", Edition::Fide2026);
    let ranks: Vec<(u32, usize)> = rows.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(ranks, [(1, 1), (5, 2), (2, 3), (4, 3), (3, 5)]);
}

#[test]
fn file_lists_are_read_from_212_then_202() {
    let mut t = trf::read(FILE.as_bytes()).unwrap();
    assert_eq!(file_list(&t).unwrap(), None);
    t.records.push(("202".into(), " BH/C1,SB".into()));
    let (fl, specs) = file_list(&t).unwrap().unwrap();
    assert_eq!(fl.record, "202");
    let names: Vec<&str> = specs.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(names, ["PTS", "BH/C1", "SB"]);
    t.records.push(("212".into(), " PTS,XX".into()));
    let e = file_list(&t).unwrap_err();
    assert!(e.to_string().contains("record 212"), "{e}");
    assert!(e.to_string().contains("'XX'"), "{e}");
}

#[test]
fn the_edition_follows_the_start_date() {
    let mut t = trf::read(FILE.as_bytes()).unwrap();
    assert_eq!(Edition::for_tournament(&t), Edition::Fide2026);
    t.records.push(("042".into(), " 2025/11/02".into()));
    assert_eq!(Edition::for_tournament(&t), Edition::Fide2024);
    t.records[0] = ("042".into(), " 26/03/01".into());
    t.records.retain(|(c, _)| c == "042");
    assert_eq!(Edition::for_tournament(&t), Edition::Fide2026);
    // Every form of the real files: day first, dots and spaces, month names.
    for (date, edition) in [
        ("24/09/2010", Edition::Fide2024),
        ("01.02.2008", Edition::Fide2024),
        ("01/02/2008", Edition::Fide2024),
        ("Feb 1, 2008", Edition::Fide2024),
        ("01. 02. 2008", Edition::Fide2024),
        ("Mar 3, 2026", Edition::Fide2026),
        ("21/03/2026", Edition::Fide2026),
        // 2 January or 1 February 2026: both before March, 2024.
        ("02/01/2026", Edition::Fide2024),
        // 3 February or 2 March 2026: the edition is open, the one in force applies.
        ("02/03/2026", Edition::Fide2026),
        ("next week", Edition::Fide2026),
    ] {
        t.records = vec![("042".into(), format!(" {date}"))];
        assert_eq!(Edition::for_tournament(&t), edition, "{date}");
    }
    // The end date decides the order: day first, as 20/03/2026 and 20/02/2026 can only be.
    t.records = vec![
        ("042".into(), " 02/03/2026".into()),
        ("052".into(), " 20/03/2026".into()),
    ];
    assert_eq!(Edition::for_tournament(&t), Edition::Fide2026);
    t.records = vec![
        ("042".into(), " 03/02/2026".into()),
        ("052".into(), " 20/02/2026".into()),
    ];
    assert_eq!(Edition::for_tournament(&t), Edition::Fide2024);
}

/// C.07 8.3: Fore Buchholz evaluates the games of the final round as draws. The file's round 3
/// is its final round (XXR 3): FB differs from BH. Declared as a five-round event, round 3 is
/// not the final round and FB is BH, until [`as_finished`] takes the last round played as the
/// final one.
#[test]
fn fore_buchholz_waits_for_the_final_round() {
    let finished = column("PTS FB", Edition::Fide2026);
    assert_ne!(finished, column("PTS BH", Edition::Fide2026));
    let mut t = trf::read(FILE.as_bytes()).unwrap();
    t.total_rounds = Some(5);
    let specs = parse_list("PTS BH FB").unwrap();
    let st = standings(&t, &specs, Edition::Fide2026);
    for r in &st.rows {
        assert_eq!(r.values[1], r.values[2], "player {}: FB is BH", r.id);
    }
    let st = standings(&as_finished(&t), &specs, Edition::Fide2026);
    let mut fb: Vec<(u32, String)> = st
        .rows
        .iter()
        .map(|r| (r.id, r.values[2].to_string()))
        .collect();
    fb.sort();
    let fb: Vec<String> = fb.into_iter().map(|(_, v)| v).collect();
    assert_eq!(fb, finished);
}

/// A sum of no round (everything cut, or no round left after Cut-n) prints as a bare `0`, and
/// an average of such sums too, as FIDE's calculator prints them; a sum of rounds that comes to
/// nothing keeps its decimals.
#[test]
fn sums_of_nothing_print_a_bare_zero() {
    let one_round = "012 One round\nXXR 5\n\
        001    1      A                                 2000                             0.0    2     2 w 0\n\
        001    2      B                                 1900                             1.0    1     1 b 1\n";
    let t = trf::read(one_round.as_bytes()).unwrap();
    let specs = parse_list("PTS BH BH/C1 BH/M1 SB SB/C1 PS PS/C1 KS AOB").unwrap();
    let st = standings(&t, &specs, Edition::Fide2026);
    let a = st.rows.iter().find(|r| r.id == 1).unwrap();
    let shown: Vec<String> = a.values.iter().map(|v| v.to_string()).collect();
    assert_eq!(
        shown,
        ["0.0", "1.0", "0", "0", "0.00", "0", "0.0", "0", "0.0", "0.0"]
    );
    let b = st.rows.iter().find(|r| r.id == 2).unwrap();
    // B's AOB: the average of A's Buchholz (1.0), to the hundredth.
    assert_eq!(b.values[9].to_string(), "1.00");
}
