//! Team events through the TRF reader and writer: the TRF-2026 team records (`310`, `320`,
//! `330`, `300`, `352`, `362`, `802`) and TRF-16 `013`, the round trip, the match results
//! derived from the players' games (C.04.6 1.2, 1.4, 1.6.1), and an error naming the line and
//! column for every contradiction.

use swisslab_engine::model::{Color, GameResult};
use swisslab_engine::score::Score;
use swisslab_engine::team::{ScoreKind, TeamRound};
use swisslab_engine::trf::{self, ErrorKind, WriteOptions};

/// Four teams of two boards, three rounds, written by hand (columns of swiss-team-2026.md §10).
/// Round 1: Alpha 1.5-0.5 Gamma, Delta 0-2 Beta; round 2: Beta 1-1 Alpha, Gamma 1-1 Delta;
/// round 3: Alpha 1-1 Delta, Gamma 0-2 Beta. The first team named has White on board 1.
const LINES: &[&str] = &[
    "012 Team Test",
    "142 3",
    "192 FIDE_TEAM_TYPEA_MP_GP",
    "352 WB",
    "001    1      Player Aa                         2390                                          5 w 1     3 b =     7 w 0",
    "001    2      Player Ab                         2380                                          6 b =     4 w =     8 b 1",
    "001    3      Player Ba                         2370                                          7 b 1     1 w =     5 b 1",
    "001    4      Player Bb                         2360                                          8 w 1     2 b =     6 w 1",
    "001    5      Player Ca                         2350                                          1 b 0     7 w 1     3 w 0",
    "001    6      Player Cb                         2340                                          2 w =     8 b 0     4 b 0",
    "001    7      Player Da                         2330                                          3 w 0     5 b 0     1 b 1",
    "001    8      Player Db                         2320                                          4 b 0     6 w 1     2 w 0",
    "310   1 Alpha                            Alpha           4.0    3.5         1    2",
    "310   2 Beta                             Beta            5.0    5.0         3    4",
    "310   3 Gamma                            Gamma           1.0    1.5         5    6",
    "310   4 Delta                            Delta           2.0    2.0         7    8",
];

fn file() -> String {
    LINES.join("\n") + "\n"
}

fn with(find: &str, replace: &str) -> String {
    let f = file();
    assert!(f.contains(find), "fixture lacks {find:?}");
    f.replacen(find, replace, 1)
}

fn err(text: &str) -> trf::TrfError {
    trf::read_team_str(text).expect_err("an inconsistent team file")
}

#[test]
fn matches_follow_the_games() {
    let ev = trf::read_team_str(&file()).unwrap();
    assert_eq!(ev.teams.len(), 4);
    assert_eq!(ev.teams[1].name, "Beta");
    assert_eq!(ev.teams[1].members, vec![3, 4]);
    assert_eq!(ev.board_count(), 2);
    let r = ev.rounds().unwrap();
    let m = |team: usize, round: usize| r.rounds[team][round].as_match().unwrap().clone();
    // Round 1, Alpha 1.5 - 0.5 Gamma: a win (2 MP by the default 362), White on board 1.
    let a1 = m(0, 0);
    assert_eq!(
        (a1.opponent, a1.game_points, a1.result),
        (3, Score(15), GameResult::Win)
    );
    assert_eq!(
        (a1.match_points, a1.played_color()),
        (Score(20), Some(Color::White))
    );
    // Round 2, Beta 1 - 1 Alpha: a draw, Alpha Black on board 1 (1.6.1).
    let a2 = m(0, 1);
    assert_eq!(
        (a2.result, a2.match_points, a2.color),
        (GameResult::Draw, Score(10), Some(Color::Black))
    );
    let totals: Vec<(i32, i32)> = (0..4)
        .map(|i| {
            (
                r.total(i, ScoreKind::MatchPoints).0,
                r.total(i, ScoreKind::GamePoints).0,
            )
        })
        .collect();
    assert_eq!(totals, vec![(40, 35), (50, 50), (10, 15), (20, 20)]);
    assert_eq!(ev.score_use().primary, ScoreKind::MatchPoints);
    assert_eq!(ev.score_use().secondary, Some(ScoreKind::GamePoints));
}

#[test]
fn round_trip_is_exact() {
    let ev = trf::read_team_str(&file()).unwrap();
    for format in [trf::Format::Trf16, trf::Format::Trf26] {
        let opts = WriteOptions {
            format,
            ..WriteOptions::default()
        };
        let text = trf::write_team(&ev, &opts);
        let back = trf::read_team_str(&text).unwrap();
        assert_eq!(back, ev, "{text}");
        assert_eq!(trf::write_team(&back, &opts), text);
    }
}

#[test]
fn a_3_1_0_scoring_and_a_pab() {
    // 362 at 3/1/0: Beta's two wins and a draw are 7 MP, Alpha's win and two draws 5; Gamma
    // (1) and Delta (2) stay.
    let text = with("352 WB", "352 WB\n362 TW 3.0   TD 1.0   TL 0.0")
        .replace("Beta            5.0", "Beta            7.0")
        .replace("Alpha           4.0", "Alpha           5.0");
    let ev = trf::read_team_str(&text).unwrap();
    let r = ev.rounds().unwrap();
    assert_eq!(r.total(1, ScoreKind::MatchPoints), Score(70));
    assert_eq!(
        trf::read_team_str(&trf::write_team(&ev, &WriteOptions::default())).unwrap(),
        ev
    );
}

#[test]
fn team_pab_defaults_to_a_drawn_match() {
    // A fifth team, absent in round 1, with the PAB of round 2 and 3 (C.04.6 1.4: 1 MP, 1 GP on
    // two boards); its players have no games.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/trf_parse/team-2026-absent-and-pab.trf"
    ))
    .unwrap();
    let ev = trf::read_team_str(&text).unwrap();
    let r = ev.rounds().unwrap();
    assert_eq!(r.rounds[4][0], TeamRound::Absent);
    assert_eq!(
        r.rounds[4][1],
        TeamRound::Pab {
            match_points: Score(10),
            game_points: Score(10)
        }
    );
    assert_eq!(r.total(4, ScoreKind::MatchPoints), Score(20));
    // 320 values override the default.
    let text2 = text.replace("320          ", "320  2.0  2.0");
    let r2 = trf::read_team_str(&text2).unwrap().rounds().unwrap();
    assert_eq!(r2.total(4, ScoreKind::GamePoints), Score(40));
    for t in [&text, &text2] {
        let ev = trf::read_team_str(t).unwrap();
        assert_eq!(
            trf::read_team_str(&trf::write_team(&ev, &WriteOptions::default())).unwrap(),
            ev
        );
    }
}

#[test]
fn trf16_team_records_are_read() {
    let text: String = file()
        .lines()
        .map(|l| {
            if let Some(rest) = l.strip_prefix("310 ") {
                let name = &rest[4..36];
                let members = &rest[69..];
                format!("013 {name}{members}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let ev = trf::read_team_str(&text).unwrap();
    assert_eq!(ev.source, swisslab_engine::team::TeamRecords::Trf16);
    assert_eq!(
        ev.teams.iter().map(|t| t.tpn).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    assert_eq!(ev.teams[2].members, vec![5, 6]);
    assert_eq!(
        ev.rounds().unwrap().total(1, ScoreKind::MatchPoints),
        Score(50)
    );
    assert_eq!(
        trf::read_team_str(&trf::write_team(&ev, &WriteOptions::default())).unwrap(),
        ev
    );
}

#[test]
fn score_use_follows_the_192_code() {
    let ev = trf::read_team_str(&with("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_GP")).unwrap();
    assert_eq!(ev.score_use().primary, ScoreKind::GamePoints);
    assert_eq!(ev.score_use().secondary, None);
}

#[test]
fn a_player_in_two_teams() {
    let e = err(&with(
        "Delta           2.0    2.0         7    8",
        "Delta           2.0    2.0         7    8    1",
    ));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::TeamMember, 16, 84));
    assert!(e.to_string().contains("310 member"), "{e}");
}

#[test]
fn a_member_without_a_player_line() {
    let e = err(&with(
        "Delta           2.0    2.0         7    8",
        "Delta           2.0    2.0         7    8   99",
    ));
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::UnknownPlayer, 16, 84)
    );
}

#[test]
fn totals_against_the_games() {
    // Alpha's 310 says 5 MP, its games give 4 (2 + 1 + 1 under 362's 2/1/0).
    let e = err(&with("Alpha           4.0", "Alpha           5.0"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::MatchResult, 13, 55));
    assert!(e.to_string().contains("expected 4.0 MP for team 1"), "{e}");
    let e = err(&with(
        "Beta            5.0    5.0",
        "Beta            5.0    4.5",
    ));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::MatchResult, 14, 62));
}

/// The fixture with player `id`'s round-1 block replaced (opponent, colour, result).
fn round1(text: &str, id: u32, block: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(&format!("001 {id:>4} ")) {
                format!("{}{block}{}", &l[..91], &l[99..])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_board_against_another_team() {
    // Round 1 with the second boards swapped: Alpha's player 2 meets Delta's player 8 while
    // Alpha's board 1 meets Gamma (the players' games stay symmetric).
    let mut text = file();
    for (id, block) in [
        (2, "   8 b ="),
        (8, "   2 w ="),
        (4, "   6 w 1"),
        (6, "   4 b 0"),
    ] {
        text = round1(&text, id, block);
    }
    let e = err(&text);
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::AsymmetricMatch, 6, 92),
        "{e}"
    );
    assert!(e.to_string().contains("an opponent from team 3"), "{e}");
}

#[test]
fn a_forfeit_record_against_the_games() {
    // 330 says Alpha won round 1 by forfeit over Gamma, and so do the games; but "-+" does not.
    let ok = with("310   1", "330 +- 001 001 003\n310   1");
    trf::read_team_str(&ok).unwrap();
    let e = err(&with("310   1", "330 -+ 001 001 003\n310   1"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::MatchResult, 13, 5));
    // A forfeit naming the wrong opponent.
    let e = err(&with("310   1", "330 +- 001 001 002\n310   1"));
    assert_eq!((e.kind, e.line), (ErrorKind::AsymmetricMatch, 13));
    // A double forfeit of a match played.
    let e = err(&with("310   1", "330 -- 001 001 003\n310   1"));
    assert_eq!((e.kind, e.line), (ErrorKind::MatchResult, 13));
}

#[test]
fn a_lineup_naming_an_unknown_player_or_another_team() {
    let e = err(&with("310   1", "300 001 001 003   77    2\n310   1"));
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::UnknownPlayer, 13, 17)
    );
    let e = err(&with("310   1", "300 001 001 003    1    5\n310   1"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::TeamMember, 13, 22));
    // A line-up leaving out a player who played.
    let e = err(&with("310   1", "300 001 001 003    1 0000\n310   1"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::TeamMember, 6, 92));
    // The right line-up is accepted and written back.
    let ok = with("310   1", "300 001 001 003    1    2\n310   1");
    let ev = trf::read_team_str(&ok).unwrap();
    assert_eq!(
        trf::read_team_str(&trf::write_team(&ev, &WriteOptions::default())).unwrap(),
        ev
    );
}

#[test]
fn records_naming_unknown_teams() {
    let e = err(&with("310   1", "330 +- 001 001 009\n310   1"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::UnknownTeam, 13, 16));
    let e = err(&(file() + "320           007\n"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::UnknownTeam, 17, 15));
    let e = err(&with("310   4 Delta", "310   9 Delta"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::OutOfRange, 16, 5));
    let e = err(&with("310   4 Delta", "310   3 Delta"));
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::DuplicateTeam, 16, 5)
    );
}

#[test]
fn board_colours_against_352() {
    // With 352 "WW" board 2 of Alpha should have had White in round 1.
    let e = err(&with("352 WB", "352 WW"));
    assert_eq!(e.kind, ErrorKind::BadColor, "{e}");
    assert_eq!(e.column, 97);
    let e = err(&with("352 WB", "352 WX"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::BadColor, 4, 6));
}

#[test]
fn cross_table_totals_are_checked() {
    let ok = file() + "802   2 Beta     5.0    5.0\n";
    let ev = trf::read_team_str(&ok).unwrap();
    assert_eq!(ev.cross_tables.len(), 1);
    assert_eq!(
        trf::read_team_str(&trf::write_team(&ev, &WriteOptions::default())).unwrap(),
        ev
    );
    let e = err(&(file() + "802   2 Beta     6.0    5.0\n"));
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::MatchResult, 17, 15));
}

#[test]
fn team_number_records_are_refused_not_misread() {
    let e = err(&(file() + "240 F 003 0004\n"));
    assert_eq!((e.kind, e.line), (ErrorKind::Unsupported, 17));
}
