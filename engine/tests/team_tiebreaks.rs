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
    for bad in ["BH/C1", "SB:XP", "ARO", "EXGSB"] {
        assert!(
            parse_team_list(bad, ScoreKind::MatchPoints).is_err(),
            "{bad}"
        );
    }
}
