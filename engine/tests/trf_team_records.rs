//! The TRF-2026 `240` record in a team file (team numbers at 11-14, 16-19, …): read, applied
//! to the pairing of its round, written back, and refused with the line and column where it
//! contradicts the event. The `250`, `260` and `299` records of a team file stay refused.

use swisslab_engine::team::{TeamBye, TeamByeKind, TeamRequest};
use swisslab_engine::trf::{self, ErrorKind, Format, WriteOptions};

/// The four-team seed of `trf_parse` (three rounds played) in an event of five rounds.
fn four_teams(extra: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/trf_parse/team-2026-four-teams.trf"
    );
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("142 3", "142 5");
    format!("{text}{extra}")
}

#[test]
fn a_bye_of_the_round_to_pair_takes_the_team_out_of_it() {
    let ev = trf::read_team_str(&four_teams("240 H 004 0002\n240 Z 005 0001 0003\n")).unwrap();
    assert_eq!(
        ev.byes,
        [
            TeamBye {
                kind: TeamByeKind::Half,
                round: 4,
                teams: vec![2],
            },
            TeamBye {
                kind: TeamByeKind::Zero,
                round: 5,
                teams: vec![1, 3],
            },
        ]
    );
    // Round 4 is the next: Beta is out of it (the pairing leaves the absent teams out);
    // round 5's absences wait for round 5.
    let req = TeamRequest::next_round(&ev);
    assert_eq!((req.round, req.absent), (4, vec![2]));
}

#[test]
fn team_byes_round_trip() {
    let ev = trf::read_team_str(&four_teams("240 F 004 0002 0004\n")).unwrap();
    for format in [Format::Trf26, Format::Trf16] {
        let opts = WriteOptions {
            format,
            ..WriteOptions::default()
        };
        let text = trf::write_team(&ev, &opts);
        assert!(text.contains("\n240 F 004 0002 0004"), "{text}");
        let back = trf::read_team_str(&text).unwrap();
        assert_eq!(back.byes, ev.byes, "{format:?}");
        assert_eq!(trf::write_team(&back, &opts), text, "{format:?}");
    }
}

#[test]
fn a_zero_bye_of_a_round_played_matches_the_absence() {
    // Delta absent in round 2 (its players `0000 - Z`), the PAB to Gamma.
    let text = concat!(
        "012 Team Test\n",
        "142 3\n",
        "192 FIDE_TEAM_TYPEA_MP_GP\n",
        "352 WB\n",
        "001    1      Player Aa                         2390                                          5 w 1     3 b =\n",
        "001    2      Player Ab                         2380                                          6 b =     4 w =\n",
        "001    3      Player Ba                         2370                                          7 b 1     1 w =\n",
        "001    4      Player Bb                         2360                                          8 w 1     2 b =\n",
        "001    5      Player Ca                         2350                                          1 b 0\n",
        "001    6      Player Cb                         2340                                          2 w =\n",
        "001    7      Player Da                         2330                                          3 w 0  0000 - Z\n",
        "001    8      Player Db                         2320                                          4 b 0  0000 - Z\n",
        "310   1 Alpha                                                               1    2\n",
        "310   2 Beta                                                                3    4\n",
        "310   3 Gamma                                                               5    6\n",
        "310   4 Delta                                                               7    8\n",
        "320  1.0  1.0 000 003\n",
    );
    let ev = trf::read_team_str(&format!("{text}240 Z 002 0004\n")).unwrap();
    assert_eq!(ev.byes.len(), 1);
    // Alpha played round 2: a bye there contradicts its match (line 18, the second team).
    let e = trf::read_team_str(&format!("{text}240 Z 002 0004 0001\n")).unwrap_err();
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::Conflict, 18, 16),
        "{e}"
    );
    // A full-point bye of a round played: no points for it in the file.
    let e = trf::read_team_str(&format!("{text}240 F 002 0004\n")).unwrap_err();
    assert_eq!(
        (e.kind, e.line, e.column),
        (ErrorKind::Unsupported, 18, 5),
        "{e}"
    );
}

#[test]
fn bad_byes_are_errors_with_their_place() {
    let line = 17; // the first line after the seed's 16
    for (extra, kind, column) in [
        ("240 X 004 0002\n", ErrorKind::BadValue, 5),
        ("240 H 000 0002\n", ErrorKind::OutOfRange, 7),
        ("240 H 004 0009\n", ErrorKind::UnknownTeam, 11),
        ("240 H 004 0002 0002\n", ErrorKind::Conflict, 16),
        ("240 H 004\n", ErrorKind::Truncated, 11),
        ("240 H 004 00x2\n", ErrorKind::BadNumber, 11),
        ("240 Z 002 0003\n", ErrorKind::Conflict, 11),
        (
            "250 00.0 01.0 001 003 0001 0002\n",
            ErrorKind::Unsupported,
            1,
        ),
        ("260 001 005 0001 0002\n", ErrorKind::Unsupported, 1),
        ("299 W  02.0  01.0  001 0001\n", ErrorKind::Unsupported, 1),
    ] {
        let e = trf::read_team_str(&four_teams(extra)).unwrap_err();
        assert_eq!(
            (e.kind, e.line, e.column),
            (kind, line, column),
            "{extra}: {e}"
        );
    }
}
