//! Team tie-breaks computed by hand on the four-team event of the `trf_parse` seeds
//! (`team-2026-four-teams.trf`: Alpha 4 MP 3.5 GP, Beta 5/5, Gamma 1/1.5, Delta 2/2; round 1
//! Alpha-Gamma 1.5-0.5, Delta-Beta 0-2; round 2 Beta-Alpha 1-1, Gamma-Delta 1-1; round 3
//! Alpha-Delta 1-1, Gamma-Beta 0-2), and a fifth team with an absence and two PABs.

use swisslab_engine::team::{ScoreKind, TeamEvent};
use swisslab_engine::tiebreak::team::{parse_team_list, team_standings, DEFAULT_TEAM_LIST};
use swisslab_engine::tiebreak::Edition;
use swisslab_engine::trf;

fn event() -> TeamEvent {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/trf_parse/team-2026-four-teams.trf"
    );
    trf::read_team_file(path).unwrap()
}

/// Values of `list` per team, in pairing-number order, as printed.
fn values(ev: &TeamEvent, list: &str, edition: Edition) -> Vec<Vec<String>> {
    let specs = parse_team_list(list, ev.score_use().primary).unwrap();
    let st = team_standings(ev, &specs, edition).unwrap();
    let mut rows = st.rows.clone();
    rows.sort_by_key(|r| r.id);
    rows.iter()
        .map(|r| r.values.iter().map(|v| v.to_string()).collect())
        .collect()
}

fn column(ev: &TeamEvent, spec: &str) -> Vec<String> {
    values(ev, spec, Edition::Fide2026)
        .into_iter()
        .map(|mut v| v.remove(0))
        .collect()
}

#[test]
fn scores() {
    let ev = event();
    assert_eq!(column(&ev, "MP"), ["4.0", "5.0", "1.0", "2.0"]);
    assert_eq!(column(&ev, "GP"), ["3.5", "5.0", "1.5", "2.0"]);
    // MP is primary (192 FIDE_TEAM_TYPEA_MP_GP), so PTS is MP and MPvGP is GP.
    assert_eq!(column(&ev, "PTS"), column(&ev, "MP"));
    assert_eq!(column(&ev, "MPvGP"), column(&ev, "GP"));
}

#[test]
fn buchholz() {
    let ev = event();
    // Alpha met Gamma (1), Beta (5), Delta (2): 8.
    assert_eq!(column(&ev, "BH:MP"), ["8.0", "7.0", "11.0", "10.0"]);
    // Alpha: 1.5 + 5 + 2.
    assert_eq!(column(&ev, "BH:GP"), ["8.5", "7.0", "10.5", "10.0"]);
    assert_eq!(column(&ev, "BH"), column(&ev, "BH:MP"));
}

#[test]
fn sonneborn_berger() {
    let ev = event();
    // Alpha: Gamma 1 x 2 (won) + Beta 5 x 1 (drawn) + Delta 2 x 1 (drawn) = 9.
    assert_eq!(column(&ev, "SB:MP"), ["9.00", "10.00", "2.00", "5.00"]);
    // Alpha: Gamma 1.5 x 1.5 + Beta 5 x 1 + Delta 2 x 1 = 9.25.
    assert_eq!(column(&ev, "EGGSB"), ["9.25", "10.50", "3.75", "5.00"]);
    assert_eq!(column(&ev, "SB:GP"), column(&ev, "EGGSB"));
    assert_eq!(column(&ev, "EMMSB"), column(&ev, "SB:MP"));
    // Alpha: Gamma 1 x 1.5 + Beta 5 x 1 + Delta 2 x 1 = 8.5.
    assert_eq!(column(&ev, "EMGSB")[0], "8.50");
    assert_eq!(column(&ev, "ESB:MP"), column(&ev, "EMGSB"));
    assert_eq!(column(&ev, "ESB:GP"), column(&ev, "EGMSB"));
}

#[test]
fn ranking_by_the_default_list_and_by_buchholz() {
    let ev = event();
    let specs = parse_team_list(DEFAULT_TEAM_LIST, ScoreKind::MatchPoints).unwrap();
    let st = team_standings(&ev, &specs, Edition::Fide2026).unwrap();
    let order: Vec<(u32, usize)> = st.rows.iter().map(|r| (r.id, r.rank)).collect();
    assert_eq!(order, [(2, 1), (1, 2), (4, 3), (3, 4)]);
    let specs = parse_team_list("BH:MP", ScoreKind::MatchPoints).unwrap();
    let st = team_standings(&ev, &specs, Edition::Fide2026).unwrap();
    assert_eq!(
        st.rows.iter().map(|r| r.id).collect::<Vec<_>>(),
        [3, 4, 1, 2]
    );
}

#[test]
fn buchholz_sums_to_rounds_times_scores_when_everyone_played() {
    // Each team's score enters the Buchholz of each of its opponents once per match.
    let ev = event();
    for kind in ["MP", "GP"] {
        let tenths = |v: &str| (v.parse::<f64>().unwrap() * 10.0).round() as i64;
        let bh: i64 = column(&ev, &format!("BH:{kind}"))
            .iter()
            .map(|v| tenths(v))
            .sum();
        let pts: i64 = column(&ev, kind).iter().map(|v| tenths(v)).sum();
        assert_eq!(bh, 3 * pts, "{kind}");
    }
}

#[test]
fn unplayed_rounds_use_the_dummy_opponent() {
    // Epsilon: absent in round 1, then two PABs of a drawn match (1 MP, 1 GP each): 2 MP.
    let ev = trf::read_team_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/trf_parse/team-2026-absent-and-pab.trf"
    ))
    .unwrap();
    // 16.4: three rounds without a match against a dummy with Epsilon's own 2 MP (2026: at
    // most a drawn match in each of the 3 rounds, 3 MP): 6; SB: 2 x 0 + 2 x 1 + 2 x 1 = 4.
    for edition in [Edition::Fide2024, Edition::Fide2026] {
        let v = values(&ev, "MP BH:MP SB:MP", edition);
        assert_eq!(v[4], ["2.0", "6.0", "4.00"], "{edition:?}");
        // The others' values do not change: nobody met Epsilon.
        assert_eq!(v[0], ["4.0", "8.0", "9.00"]);
    }
}

#[test]
fn bad_lists_are_refused() {
    for bad in [
        "BH/C1", "SB:XP", "ARO", "EXGSB", "BC:MP", "DE/P", "TBR:MP", "EDE:GP", "SSSC/K2", "BBE/C1",
        "EDEBT", "EDEC",
    ] {
        assert!(
            parse_team_list(bad, ScoreKind::MatchPoints).is_err(),
            "{bad}"
        );
    }
}

/// The four teams with Delta absent in round 2 (Gamma has the PAB, a drawn match: 1 MP,
/// 1 GP) and losing its round 3 match to Alpha by forfeit (`330 +-`, 2-0).
const ABSENT_THEN_FORFEIT: &str = concat!(
    "012 Team Test\n",
    "142 3\n",
    "192 FIDE_TEAM_TYPEA_MP_GP\n",
    "352 WB\n",
    "001    1      Player Aa                         2390                                          5 w 1     3 b =     7 w +\n",
    "001    2      Player Ab                         2380                                          6 b =     4 w =     8 b +\n",
    "001    3      Player Ba                         2370                                          7 b 1     1 w =     5 b 1\n",
    "001    4      Player Bb                         2360                                          8 w 1     2 b =     6 w 1\n",
    "001    5      Player Ca                         2350                                          1 b 0               3 w 0\n",
    "001    6      Player Cb                         2340                                          2 w =               4 b 0\n",
    "001    7      Player Da                         2330                                          3 w 0  0000 - Z     1 b -\n",
    "001    8      Player Db                         2320                                          4 b 0  0000 - Z     2 w -\n",
    "310   1 Alpha                                                               1    2\n",
    "310   2 Beta                                                                3    4\n",
    "310   3 Gamma                                                               5    6\n",
    "310   4 Delta                                                               7    8\n",
    "320  1.0  1.0 000 003\n",
    "330 +- 003 001 004\n",
);

#[test]
fn a_forfeited_match_after_an_absence_counts_as_scored() {
    let ev = trf::read_team_str(ABSENT_THEN_FORFEIT).unwrap();
    // Delta's last round that is no VUR is round 1 (lost): by 16.3 its round 2 absence, a
    // round without opponent after it, counts as a drawn match (1 MP) in the score it gives
    // its opponents, its forfeited match as scored (0): 0 + 1 + 0 = 1 MP.
    // Beta: Delta 1 + Alpha 5 + Gamma 1 (lost, PAB, lost: no VUR after round 3) = 7.
    let v = values(&ev, "MP BH:MP", Edition::Fide2026);
    assert_eq!(v[1], ["5.0", "7.0"]);
    // Alpha: Gamma 1 + Beta 5 + the forfeit won against Delta, a dummy with Alpha's own 5
    // MP, capped in 2026 at Delta's 16.3 score, 1 (16.4.1): 7; in 2024 uncapped: 11.
    assert_eq!(values(&ev, "BH:MP", Edition::Fide2026)[0], ["7.0"]);
    assert_eq!(values(&ev, "BH:MP", Edition::Fide2024)[0], ["11.0"]);
    // Delta: Beta 5, then two rounds against a dummy with its own 0 MP: 5.
    assert_eq!(values(&ev, "BH:MP", Edition::Fide2026)[3], ["5.0"]);
}

#[test]
fn board_count() {
    // C.07 12.1: board number x game points, summed; two boards. Alpha: board 1 scored
    // 1 + 0.5 + 0, board 2 0.5 + 0.5 + 1: 1.5 x 1 + 2 x 2 = 5.5. Beta 2.5 + 2.5 x 2 = 7.5;
    // Gamma 1 + 0.5 x 2 = 2; Delta 1 + 1 x 2 = 3.
    assert_eq!(column(&event(), "BC"), ["5.5", "7.5", "2.0", "3.0"]);
    // A forfeited match counts its boards as written (Alpha's 2-0: 1 x 1 + 1 x 2 = 3 in
    // round 3); the PAB (C.07 12) a win on each board (Gamma's round 2: 1 x 1 + 1 x 2 = 3).
    let ev = trf::read_team_str(ABSENT_THEN_FORFEIT).unwrap();
    assert_eq!(column(&ev, "BC"), ["6.5", "7.5", "4.0", "0.0"]);
    // Lower ranks higher: with BC alone, Delta first.
    let specs = parse_team_list("BC", ScoreKind::MatchPoints).unwrap();
    let st = team_standings(&ev, &specs, Edition::Fide2026).unwrap();
    assert_eq!(
        st.rows.iter().map(|r| r.id).collect::<Vec<_>>(),
        [4, 3, 1, 2]
    );
}

#[test]
fn direct_encounter() {
    let ev = event();
    // Everyone met everyone (6.1): alone in the list, DE ranks all four by the match points
    // of their matches with each other, their whole scores: Beta 5, Alpha 4, Delta 2,
    // Gamma 1; the value is the place in the tie group.
    assert_eq!(column(&ev, "DE"), ["2", "1", "4", "3"]);
    // On game points (Beta 5, Alpha 3.5, Delta 2, Gamma 1.5): the same places.
    assert_eq!(column(&ev, "DE:GP"), ["2", "1", "4", "3"]);
    // After the scores nobody is tied: DE separates no one, 0 for all.
    let v = values(&ev, "MP DE", Edition::Fide2026);
    assert!(v.iter().all(|row| row[1] == "0"), "{v:?}");
    // Alpha and Beta tied on match points in the absence event (5 each), drawn with each
    // other (1 MP each): DE does not separate them; Gamma and Delta are alone in theirs.
    let ev = trf::read_team_str(ABSENT_THEN_FORFEIT).unwrap();
    let v = values(&ev, "MP DE", Edition::Fide2026);
    assert_eq!(
        v.iter().map(|row| row[1].as_str()).collect::<Vec<_>>(),
        ["0", "0", "0", "0"]
    );
}

/// Four teams of two boards, three rounds, everyone meeting everyone: A (1), B (2) and C (3)
/// beat each other in a circle and all beat D (4), so A, B and C share 4 MP. Round 1 A-B
/// 1.5-0.5 (board 1 won, board 2 drawn), C-D 2-0; round 2 B-C 2-0, D-A 0-2; round 3 C-A
/// 1.5-0.5 (board 1 won, board 2 drawn), B-D 2-0. GP: A 4, B 4.5, C 3.5, D 0.
const CIRCLE: &str = concat!(
    "012 Circle\n",
    "142 3\n",
    "192 FIDE_TEAM_TYPEA_MP_GP\n",
    "352 WB\n",
    "001    1      Player Aa                         2390                                          3 w 1     7 b 1     5 b 0\n",
    "001    2      Player Ab                         2380                                          4 b =     8 w 1     6 w =\n",
    "001    3      Player Ba                         2370                                          1 b 0     5 w 1     7 w 1\n",
    "001    4      Player Bb                         2360                                          2 w =     6 b 1     8 b 1\n",
    "001    5      Player Ca                         2350                                          7 w 1     3 b 0     1 w 1\n",
    "001    6      Player Cb                         2340                                          8 b 1     4 w 0     2 b =\n",
    "001    7      Player Da                         2330                                          5 b 0     1 w 0     3 b 0\n",
    "001    8      Player Db                         2320                                          6 w 0     2 b 0     4 w 0\n",
    "310   1 A                                                                   1    2\n",
    "310   2 B                                                                   3    4\n",
    "310   3 C                                                                   5    6\n",
    "310   4 D                                                                   7    8\n",
);

#[test]
fn the_circle_event_reads_as_described() {
    let ev = trf::read_team_str(CIRCLE).unwrap();
    assert_eq!(column(&ev, "MP"), ["4.0", "4.0", "4.0", "0.0"]);
    assert_eq!(column(&ev, "GP"), ["4.0", "4.5", "3.5", "0.0"]);
}

#[test]
fn top_board_result() {
    // C.07 12.2: board 1's game points, then board 2's, among the teams still tied; the value
    // is the place in the tie group. Four teams: board 1 / board 2 Alpha 1.5 / 2, Beta
    // 2.5 / 2.5, Gamma 1 / 0.5, Delta 1 / 1: Gamma and Delta tie on board 1, board 2 puts
    // Delta ahead.
    assert_eq!(column(&event(), "TBR"), ["2", "1", "4", "3"]);
    // Nobody tied after MP: 0 for all.
    let v = values(&event(), "MP TBR", Edition::Fide2026);
    assert!(v.iter().all(|row| row[1] == "0"), "{v:?}");
    // The circle: A, B, C tie on MP and on board 1 (2 each); board 2: B 2.5, A 2, C 1.5.
    let ev = trf::read_team_str(CIRCLE).unwrap();
    let v = values(&ev, "MP TBR", Edition::Fide2026);
    let tbr: Vec<&str> = v.iter().map(|row| row[1].as_str()).collect();
    assert_eq!(tbr, ["2", "1", "3", "0"]);
    // Lower ranks higher.
    let specs = parse_team_list("MP TBR", ScoreKind::MatchPoints).unwrap();
    let st = team_standings(&ev, &specs, Edition::Fide2026).unwrap();
    let order: Vec<(u32, usize)> = st.rows.iter().map(|r| (r.id, r.rank)).collect();
    assert_eq!(order, [(2, 1), (1, 2), (3, 3), (4, 4)]);
}

#[test]
fn bottom_board_elimination() {
    // C.07 12.3: the game points without the bottom board (here board 1 alone), then without
    // the two bottom boards (nothing). Four teams: Beta 2.5, Alpha 1.5, Gamma and Delta 1
    // each: they share the third place.
    assert_eq!(column(&event(), "BBE"), ["2", "1", "3", "3"]);
    // The circle: A, B and C all scored 2 on board 1: BBE separates no one.
    let ev = trf::read_team_str(CIRCLE).unwrap();
    let v = values(&ev, "MP BBE", Edition::Fide2026);
    assert!(v.iter().all(|row| row[1] == "0"), "{v:?}");
}

#[test]
fn extended_direct_encounter() {
    // C.07 13.3.1: DE on the primary score, then on the secondary. In the circle A, B and C
    // tied on MP each won one match of the three between them: DE on MP separates no one.
    // On GP between them: A 1.5 + 0.5 = 2, B 0.5 + 2 = 2.5, C 0 + 1.5 = 1.5.
    let ev = trf::read_team_str(CIRCLE).unwrap();
    let v = values(&ev, "MP DE EDE", Edition::Fide2026);
    let de: Vec<&str> = v.iter().map(|row| row[1].as_str()).collect();
    let ede: Vec<&str> = v.iter().map(|row| row[2].as_str()).collect();
    assert_eq!(de, ["0", "0", "0", "0"]);
    assert_eq!(ede, ["2", "1", "3", "0"]);
    // Where DE on the primary score separates everyone, EDE is DE.
    assert_eq!(column(&event(), "EDE"), column(&event(), "DE"));
}

#[test]
fn score_and_strength_combination() {
    // C.07 13.4: the secondary score plus the Buchholz on the primary score over the
    // normalising factor, 3 rounds x 2 MP over a match's 2 GP = 3. Four teams, MP primary:
    // Alpha 3.5 + 8 / 3 = 6.17, Beta 5 + 7 / 3 = 7.33, Gamma 1.5 + 11 / 3 = 5.17, Delta
    // 2 + 10 / 3 = 5.33.
    assert_eq!(column(&event(), "SSSC"), ["6.17", "7.33", "5.17", "5.33"]);
    // GP primary: 3 rounds x 2 GP over a match's 2 MP = 3; Alpha 4 + 8.5 / 3 = 6.83, Beta
    // 5 + 7 / 3 = 7.33, Gamma 1 + 10.5 / 3 = 4.50, Delta 2 + 10 / 3 = 5.33.
    let ev = event();
    let specs = parse_team_list("SSSC", ScoreKind::GamePoints).unwrap();
    let st = team_standings(&ev, &specs, Edition::Fide2026).unwrap();
    let mut rows = st.rows.clone();
    rows.sort_by_key(|r| r.id);
    let v: Vec<String> = rows.iter().map(|r| r.values[0].to_string()).collect();
    assert_eq!(v, ["6.83", "7.33", "4.50", "5.33"]);
    // The circle: D met all three 4-MP teams: 0 + 12 / 3 = 4.
    let ev = trf::read_team_str(CIRCLE).unwrap();
    assert_eq!(column(&ev, "SSSC"), ["6.67", "7.17", "6.17", "4.00"]);
}
