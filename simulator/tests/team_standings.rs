//! `swisslab standings` of a team file end to end: the teams ranked by the default team list
//! and by a list given, in text, TSV and JSON, on the four-team event of the `trf_parse`
//! seeds (values computed by hand in engine/tests/team_tiebreaks.rs: Alpha 4 MP 3.5 GP,
//! Beta 5/5, Gamma 1/1.5, Delta 2/2).

use std::process::{Command, Output};

fn team_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds/trf_parse/team-2026-four-teams.trf")
}

fn standings(args: &[&str]) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .arg("standings")
        .arg(team_file())
        .args(args)
        .output()
        .expect("swisslab runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn text_ranks_the_teams_by_the_default_team_list() {
    let out = stdout(&standings(&[]));
    let mut lines = out.lines();
    let head = lines.next().unwrap_or_default();
    assert!(
        head.contains("PTS MPVGP BH SB") && head.contains("default"),
        "{head}"
    );
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(header[header.len() - 4..], ["PTS", "MPVGP", "BH", "SB"]);
    // Beta 5 MP, Alpha 4, Delta 2, Gamma 1; then GP, BH:MP and SB:MP.
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split_whitespace().collect()).collect();
    let expected = [
        ("1", "Beta", ["5.0", "5.0", "7.0", "10.00"]),
        ("2", "Alpha", ["4.0", "3.5", "8.0", "9.00"]),
        ("3", "Delta", ["2.0", "2.0", "10.0", "5.00"]),
        ("4", "Gamma", ["1.0", "1.5", "11.0", "2.00"]),
    ];
    assert_eq!(rows.len(), expected.len(), "{out}");
    for (row, (rank, name, values)) in rows.iter().zip(expected) {
        assert_eq!(row[0], rank, "{out}");
        assert!(row.contains(&name), "{out}");
        assert_eq!(row[row.len() - 4..], values, "{out}");
    }
}

#[test]
fn tsv_and_json_with_a_list_given() {
    let list = ["--tiebreaks", "GP BC DE EGGSB"];
    let tsv = stdout(&standings(&[list[0], list[1], "--format", "tsv"]));
    // GP first (a score leads the list, so none is added): Beta 5, Alpha 3.5, Delta 2,
    // Gamma 1.5; BC (C.07 12.1) and EGGSB as in the hand-computed tests; DE separates no one.
    assert_eq!(
        tsv,
        "Rank\tStartNo\tGP\tBC\tDE\tEGGSB\n\
         1\t2\t5.0\t7.5\t0\t10.50\n\
         2\t1\t3.5\t5.5\t0\t9.25\n\
         3\t4\t2.0\t3.0\t0\t5.00\n\
         4\t3\t1.5\t2.0\t0\t3.75\n"
    );
    let json = stdout(&standings(&[list[0], list[1], "--format", "json"]));
    assert!(
        json.starts_with(
            "{\"edition\":\"2026\",\"tiebreaks\":[\"GP\",\"BC\",\"DE\",\"EGGSB\"],\"teams\":["
        ),
        "{json}"
    );
    for row in [
        "{\"rank\":1,\"start_no\":2,\"name\":\"Beta\",\"rating\":0,\"values\":[5.0,7.5,0,10.50]}",
        "{\"rank\":4,\"start_no\":3,\"name\":\"Gamma\",\"rating\":0,\"values\":[1.5,2.0,0,3.75]}",
    ] {
        assert!(json.contains(row), "{row} in\n{json}");
    }
}

#[test]
fn a_team_tie_break_list_with_a_player_tie_break_is_a_usage_error() {
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .arg("standings")
        .arg(team_file())
        .args(["--tiebreaks", "BH ARO"])
        .output()
        .expect("swisslab runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("ARO") && err.contains("team tie-break"),
        "{err}"
    );
}

#[test]
fn the_board_tie_breaks_extended_direct_encounter_and_sssc() {
    let list = ["--tiebreaks", "TBR BBE EDE SSSC", "--format", "tsv"];
    // MP put first; nobody is tied on MP, so the places (TBR, BBE, EDE, C.07 12.2, 12.3,
    // 13.3) are 0; SSSC (13.4) = GP + BH:MP / 3 as in the hand-computed tests.
    assert_eq!(
        stdout(&standings(&list)),
        "Rank\tStartNo\tPTS\tTBR\tBBE\tEDE\tSSSC\n\
         1\t2\t5.0\t0\t0\t0\t7.33\n\
         2\t1\t4.0\t0\t0\t0\t6.17\n\
         3\t4\t2.0\t0\t0\t0\t5.33\n\
         4\t3\t1.0\t0\t0\t0\t5.17\n"
    );
}
