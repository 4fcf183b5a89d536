use super::*;

#[test]
fn score_use_of_the_192_codes() {
    let mp = ScoreKind::MatchPoints;
    let gp = ScoreKind::GamePoints;
    let of = |c: &str| ScoreUse::from_code(c).map(|u| (u.primary, u.secondary));
    // C.04.6 1.2.2: FIDE_TEAM is MP primary, GP for colours.
    assert_eq!(of("FIDE_TEAM"), Some((mp, Some(gp))));
    assert_eq!(of("FIDE_TEAM_BAKU"), Some((mp, Some(gp))));
    assert_eq!(of("FIDE_TEAM_TYPEB_GP_MP"), Some((gp, Some(mp))));
    assert_eq!(of("fide_team_typea_gp"), Some((gp, None)));
    assert_eq!(of("CUSTOM_TEAM_SWISS_MP"), Some((mp, None)));
    assert_eq!(of("FIDE_TEAM_MP_MP"), None);
    assert_eq!(of("FIDE_TEAM_TYPEC"), None);
    assert_eq!(of("FIDE_DUTCH_2025"), None);
}

#[test]
fn pab_is_a_drawn_match_by_default() {
    // C.04.6 1.4: the match and game points of a draw, here on four boards (352 WBWB).
    let mut ev = TeamEvent {
        board_colors: Some(vec![Color::White, Color::Black, Color::White, Color::Black]),
        ..TeamEvent::default()
    };
    assert_eq!(ev.pab_match_points(), Score(10));
    assert_eq!(ev.pab_game_points(), Score(20));
    // 362 at 3/1/0 makes a drawn match 1 MP; 320 values win over the default.
    ev.match_scoring = Some(MatchScoring {
        win: Score(30),
        draw: Score(10),
        loss: Score(0),
    });
    ev.pab.game_points = Some(Score(25));
    assert_eq!(ev.pab_match_points(), Score(10));
    assert_eq!(ev.pab_game_points(), Score(25));
}

#[test]
fn an_empty_event_has_no_rounds() {
    let r = TeamEvent::default().rounds().unwrap();
    assert_eq!(r.round_count(), 0);
    assert!(r.teams.is_empty());
}
