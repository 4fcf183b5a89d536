//! Malformed files under `testdata/malformed/`, each with the exact error it must produce
//! (line, character column, field, kind), and the encoding rules (UTF-8 by character
//! columns, Latin-1 decoded, mixed rejected).

mod support;

use swisslab_engine::trf::{self, ErrorKind};
use swisslab_engine::{Color, GameKind, GameResult, RoundEntry};

fn read_malformed(name: &str) -> trf::TrfError {
    let path = support::testdata().join("malformed").join(name);
    match trf::read_file(&path) {
        Ok(_) => panic!("{name}: read without error"),
        Err(e) => e,
    }
}

/// (file, line, column, field, kind)
const CASES: &[(&str, usize, usize, &str, ErrorKind)] = &[
    (
        "truncated-line.trf",
        4,
        109,
        "round 2 result",
        ErrorKind::Truncated,
    ),
    (
        "bad-result-code.trf",
        3,
        99,
        "round 1 result",
        ErrorKind::BadResult,
    ),
    (
        "bad-colour.trf",
        5,
        107,
        "round 2 colour",
        ErrorKind::BadColor,
    ),
    (
        "asymmetric-game.trf",
        5,
        102,
        "round 2",
        ErrorKind::AsymmetricGame,
    ),
    (
        "meets-himself.trf",
        3,
        92,
        "round 1 opponent",
        ErrorKind::SelfPairing,
    ),
    (
        "duplicate-player.trf",
        4,
        5,
        "starting rank",
        ErrorKind::DuplicatePlayer,
    ),
    (
        "unknown-opponent.trf",
        3,
        92,
        "round 1 opponent",
        ErrorKind::UnknownPlayer,
    ),
    (
        "points-mismatch.trf",
        4,
        81,
        "points",
        ErrorKind::PointsMismatch,
    ),
    (
        "xxr-smaller-than-rounds.trf",
        2,
        5,
        "XXR",
        ErrorKind::TooManyRounds,
    ),
    ("non-utf8-name.trf", 4, 16, "name", ErrorKind::Encoding),
    ("bad-rating.trf", 5, 49, "rating", ErrorKind::BadNumber),
    (
        "misaligned-round.trf",
        3,
        100,
        "round 1",
        ErrorKind::Misaligned,
    ),
    (
        "bye-with-game-opponent.trf",
        6,
        109,
        "round 2 result",
        ErrorKind::InvalidRound,
    ),
    (
        "colour-dependent-points.trf",
        3,
        5,
        "XXS",
        ErrorKind::Unsupported,
    ),
    ("conflicting-rounds.trf", 3, 5, "142", ErrorKind::Conflict),
    // Files cut short (an interrupted download or copy), told from malformed ones: the error
    // is at the end of the file, whatever the damaged text gives read as it stands.
    // Cut inside a header record, before any player line.
    (
        "truncated-in-header.trf",
        2,
        4,
        "line 2",
        ErrorKind::TruncatedFile,
    ),
    // The first 10 bytes of a file without header: `001    1  `.
    (
        "truncated-before-name.trf",
        1,
        9,
        "player 1's line",
        ErrorKind::TruncatedFile,
    ),
    // Cut inside the last round block (opponent and colour, no result).
    (
        "truncated-in-round-block.trf",
        6,
        108,
        "player 4's line",
        ErrorKind::TruncatedFile,
    ),
    // Cut after a whole round block: the last round is missing (its game one-sided on line 5).
    (
        "truncated-after-round.trf",
        6,
        100,
        "player 4's line",
        ErrorKind::TruncatedFile,
    ),
    // Cut after the rating: no points column, no rounds.
    (
        "truncated-before-points.trf",
        6,
        53,
        "player 4's line",
        ErrorKind::TruncatedFile,
    ),
    // Cut inside the points column (`0.`).
    (
        "truncated-in-points.trf",
        6,
        84,
        "player 4's line",
        ErrorKind::TruncatedFile,
    ),
    // Cut at a line end: the last two player lines are missing (their pairing numbers are
    // opponents' on line 3).
    (
        "truncated-missing-lines.trf",
        5,
        1,
        "end of file",
        ErrorKind::TruncatedFile,
    ),
    // Files that are not tournament reports at all.
    (
        "binary-garbage.bin",
        1,
        8,
        "text",
        ErrorKind::ControlCharacter,
    ),
    ("pdf-header.pdf", 9, 3, "text", ErrorKind::ControlCharacter),
    ("utf16-with-bom.trf", 1, 1, "text", ErrorKind::Encoding),
];

/// Files rejected as a whole (no line to name): (file, kind, end of the message).
const WHOLE_FILE_CASES: &[(&str, ErrorKind, &str)] = &[
    ("empty.trf", ErrorKind::Empty, "found an empty file"),
    (
        "no-player-line.trf",
        ErrorKind::NoPlayers,
        "found none in 3 non-blank lines",
    ),
    (
        "players.csv",
        ErrorKind::NoPlayers,
        "found none in 3 non-blank lines",
    ),
    (
        "tournament.json",
        ErrorKind::NoPlayers,
        "found none in 8 non-blank lines",
    ),
    (
        "standings.html",
        ErrorKind::NoPlayers,
        "found none in 10 non-blank lines",
    ),
];

#[test]
fn each_malformed_file_gives_its_exact_error() {
    for &(file, line, column, field, kind) in CASES {
        let e = read_malformed(file);
        assert_eq!(
            (e.line, e.column, e.field.as_str(), e.kind),
            (line, column, field, kind),
            "{file}: {e}"
        );
        let shown = e.to_string();
        let what = match kind {
            ErrorKind::Truncated => "truncated line: ",
            ErrorKind::TruncatedFile => "truncated file: ",
            _ => "",
        };
        assert!(
            shown.contains(&format!("{file}:{line}:{column}: {what}{field}: expected ")),
            "{shown}"
        );
    }
}

#[test]
fn input_that_is_not_a_tournament_is_rejected_as_a_whole() {
    for &(file, kind, end) in WHOLE_FILE_CASES {
        let e = read_malformed(file);
        assert_eq!((e.kind, e.line, e.column), (kind, 0, 0), "{file}: {e}");
        let shown = e.to_string();
        assert!(
            shown.contains(&format!("{file}: file: expected ")) && shown.ends_with(end),
            "{shown}"
        );
    }
    let e = read_malformed("binary-garbage.bin");
    assert!(
        e.to_string()
            .ends_with("found the control character \\u{f} (byte 0x0F)"),
        "{e}"
    );
    let e = read_malformed("utf16-with-bom.trf");
    assert!(e.to_string().contains("UTF-16 little-endian"), "{e}");
}

#[test]
fn every_malformed_file_is_covered() {
    let dir = support::testdata().join("malformed");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            name == "valid.trf"
                || CASES.iter().any(|c| c.0 == name)
                || WHOLE_FILE_CASES.iter().any(|c| c.0 == name),
            "{name} has no expected error"
        );
    }
    let ok = trf::read_file(support::testdata().join("malformed").join("valid.trf"));
    assert!(ok.is_ok(), "the unaltered base file reads: {ok:?}");
}

#[test]
fn messages_name_what_was_expected_and_found() {
    let e = read_malformed("bad-result-code.trf");
    assert!(e.to_string().ends_with(
        "bad-result-code.trf:3:99: round 1 result: expected one of 1 0 = + - W D L H F U Z, found 'x'"
    ));
    let e = read_malformed("points-mismatch.trf");
    assert!(e.to_string().ends_with(
        "points-mismatch.trf:4:81: points: expected 1.5 (computed from the results of player 2), or points fitting one win / draw point system (none is declared and none fits), found '2.5'"
    ));
    let e = read_malformed("asymmetric-game.trf");
    assert!(
        e.to_string()
            .contains("player 4's round 2 to read '   3 b ='")
            && e.to_string().ends_with("found '   3 b 1'"),
        "{e}"
    );
    let e = read_malformed("truncated-line.trf");
    assert!(e.to_string().ends_with("found end of line"), "{e}");
    // A short line inside the file is a truncated line; a file that stops is a truncated file,
    // and the message keeps what the damaged text gives.
    assert!(e.to_string().contains(":4:109: truncated line: "), "{e}");
    let e = read_malformed("truncated-after-round.trf");
    assert!(
        e.to_string()
            .contains(":6:100: truncated file: player 4's line: ")
            && e.to_string().contains("found the end of the file")
            && e.to_string()
                .contains("5:102: round 2: expected player 4's round 2"),
        "{e}"
    );
    let e = read_malformed("truncated-missing-lines.trf");
    assert!(
        e.to_string()
            .contains("expected the line of player 3 after player 2's line (line 4)"),
        "{e}"
    );
}

#[test]
fn utf8_names_are_read_by_character_columns() {
    let t = trf::read_file(support::testdata().join("encoding").join("utf8.trf")).unwrap();
    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Пушкин, Александр",
            "李, 小龙",
            "Ōtani, 🐉 Shō",
            "Delta, Dora"
        ]
    );
    assert_eq!(t.players[0].rating, 2100);
    assert_eq!(t.players[1].rating, 2000);
    assert_eq!(
        t.players[2].rounds[1],
        RoundEntry::Game {
            opponent: 4,
            color: Color::White,
            result: GameResult::Draw,
            kind: GameKind::Rated
        }
    );
    let again = trf::read_str(&trf::write(&t)).unwrap();
    assert_eq!(again, t);
}

#[test]
fn latin1_bytes_are_decoded_losslessly() {
    let bytes = std::fs::read(support::testdata().join("encoding").join("latin1.trf")).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err());
    let t = trf::read(&bytes).unwrap();
    assert_eq!(t.players[0].name, "Müller, Jörg");
    assert_eq!(t.players[1].name, "Ærø, Søren");
    assert_eq!(t.players[1].rating, 2000);
}

#[test]
fn line_endings_and_blank_lines_do_not_matter() {
    let text = std::fs::read_to_string(support::testdata().join("sample.trf")).unwrap();
    let lf = trf::read_str(&text).unwrap();
    let unix = text.replace("\r\n", "\n").replace('\r', "\n");
    for variant in [
        unix.replace('\n', "\r"),
        unix.replace('\n', "\r\n"),
        unix.replace('\n', "   \n\n"),
        format!("\u{feff}{unix}"),
    ] {
        assert_eq!(trf::read_str(&variant).unwrap(), lf);
    }
}

#[test]
fn size_limit_is_enforced() {
    let opts = trf::ReadOptions {
        max_bytes: 10,
        ..Default::default()
    };
    let e = trf::read_with(b"012 a long tournament name", &opts).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge);
    let e = trf::read_str("XXR 100000").unwrap_err();
    assert_eq!((e.kind, e.line, e.column), (ErrorKind::OutOfRange, 1, 5));
}

#[test]
fn forfeits_byes_and_case_insensitive_codes() {
    let base = "001    1      A                                 2100                             2.5    1  ";
    let text = format!(
        "{base}   2 w +  0000 - u     3 W d\n\
         001    2      B                                 2000                             0.0    3     1 b -  0000 - z     4 b -\n\
         001    3      C                                 1900                             0.5    2  0000 - Z  0000 - Z     1 B D\n\
         001    4      D                                 1800                             1.0    4  0000 - h  0000 - H     2 w -\n"
    );
    let t = trf::read_str(&text).unwrap();
    assert_eq!(t.rounds_recorded(), 3);
    assert!(t.players[0].rounds[0].is_forfeit_win());
    // 2 and 4 lost by double forfeit in round 3.
    assert!(!t.players[1].rounds[2].is_played_game());
    let e = trf::read_str(&text.replace("     2 w -", "     2 w +")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::PointsMismatch, "{e}");
}
