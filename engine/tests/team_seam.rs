//! The Swiss Team System through the seam: team files read by the team model, paired by
//! `System::pair_team` round by round as `check` re-pairs them, absences from the file, the
//! explanation, and the refusals between team and players' events.
//!
//! The team files of `testdata/team-files` are corpus events of pairing-core
//! (`testdata/conformance/swiss-team-2026-pairingcore`) written by the team writer; the
//! engine's test `corpus_events_as_team_files` holds them to the corpus.

use std::path::PathBuf;
use swisslab_engine::team::{TeamPairing, TeamRequest};
use swisslab_engine::{trf, System};

fn files(kind: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/team-files")
        .join(kind);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .collect();
    v.sort();
    assert!(!v.is_empty(), "{}: no team files", dir.display());
    v
}

#[test]
fn every_round_of_the_corpus_team_files_is_paired_as_written() {
    let (mut rounds_checked, mut byes, mut absences) = (0, 0, 0);
    for path in files("pass") {
        let ev = trf::read_team_file(&path).expect("a team file");
        let system = System::from_trf(&ev.tournament)
            .expect("a code swisslab reads")
            .expect("192 names the system");
        assert_eq!(system, System::SwissTeam);
        let rounds = ev.rounds().expect("consistent");
        let next = TeamRequest::next_round(&ev);
        assert_eq!(next.round, rounds.round_count() + 1);
        for r in 1..next.round {
            let req = TeamRequest::replay(&ev, &rounds, r);
            let file = TeamPairing::from_round(&rounds, r);
            let ours = system.pair_team(&ev, &req).expect("pairable");
            let mut a = ours.matches.clone();
            let mut b = file.matches.clone();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(
                (a, ours.bye),
                (b, file.bye),
                "{}: round {r}",
                path.display()
            );
            assert_eq!(system.first_team_difference(&ev, &req, &file, &ours), None);
            byes += usize::from(file.bye.is_some());
            absences += req.absent.len();
            rounds_checked += 1;
        }
    }
    assert!(rounds_checked >= 10 && byes > 0 && absences > 0);
}

#[test]
fn a_swapped_round_names_its_first_difference() {
    for path in files("fail") {
        let ev = trf::read_team_file(&path).expect("a team file");
        let rounds = ev.rounds().expect("consistent");
        let req = TeamRequest::replay(&ev, &rounds, 2);
        let file = TeamPairing::from_round(&rounds, 2);
        let ours = System::SwissTeam.pair_team(&ev, &req).expect("pairable");
        assert_ne!(ours.pair_set(), file.pair_set());
        let why = System::SwissTeam
            .first_team_difference(&ev, &req, &file, &ours)
            .expect("a difference");
        assert!(why.starts_with("Art. "), "{why}");
    }
}

/// Four teams of two boards; `extra` adds records.
fn four_teams(extra: &str) -> String {
    let mut text = format!("012 Four teams\n192 FIDE_TEAM\nXXR 5\n352 WB\n{extra}");
    for (i, name) in ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]
        .iter()
        .enumerate()
    {
        for b in 1..=2 {
            let id = 2 * i + b;
            text += &format!("001 {id:>4}      {:<33} 2000\n", format!("{name} {b}"));
        }
        text += &format!(
            "310 {:>3} {name:<32}{:33}{:>4} {:>4}\n",
            i + 1,
            "",
            2 * i + 1,
            2 * i + 2
        );
    }
    text
}

#[test]
fn a_team_whose_members_are_all_absent_is_not_paired() {
    // XXZ names both players of team 2: four teams are paired, none gets the PAB.
    let ev = trf::read_team_str(&four_teams("XXZ 3 4\n")).expect("a team file");
    let req = TeamRequest::next_round(&ev);
    assert_eq!(req.absent, [2]);
    let p = System::SwissTeam.pair_team(&ev, &req).expect("pairable");
    assert_eq!(p.bye, None);
    assert_eq!(p.pair_set().len(), 2);
    assert!(p.matches.iter().all(|&(w, b)| w != 2 && b != 2));
    // One absent player of team 2 leaves the team present: five teams, a PAB (3.4: the lowest
    // score, most matches, largest TPN: team 5).
    let ev = trf::read_team_str(&four_teams("XXZ 3\n")).expect("a team file");
    let req = TeamRequest::next_round(&ev);
    assert!(req.absent.is_empty());
    let p = System::SwissTeam.pair_team(&ev, &req).expect("pairable");
    assert_eq!(p.bye, Some(5));
    let text = System::SwissTeam
        .explain_team(&ev, &req, &p)
        .expect("explained");
    assert!(
        text.contains("3.4 PAB: 5 Epsilon") && text.contains("bracket 1"),
        "{text}"
    );
}

#[test]
fn the_file_s_code_gives_the_colour_type_and_the_scores() {
    let ev = trf::read_team_str(&four_teams("").replace("FIDE_TEAM", "FIDE_TEAM_GP")).expect("ok");
    let req = TeamRequest::next_round(&ev);
    let text = System::SwissTeam
        .explain_team(&ev, &req, &TeamPairing::default())
        .expect("explained");
    assert!(
        text.contains("by game points, no colour preferences"),
        "{text}"
    );
    assert!(text.contains("note: the pairing shown differs"), "{text}");
    // A team Baku code is refused, naming why.
    let baku =
        trf::read_team_str(&four_teams("").replace("FIDE_TEAM", "FIDE_TEAM_BAKU")).expect("read");
    let e = System::from_trf(&baku.tournament).unwrap_err().to_string();
    assert!(e.contains("A8"), "{e}");
}

#[test]
fn a_round_beyond_the_event_is_a_clear_error() {
    let ev = trf::read_team_str(&four_teams("")).expect("a team file");
    let mut req = TeamRequest::next_round(&ev);
    req.round = 6;
    let e = System::SwissTeam
        .pair_team(&ev, &req)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("round 6 is not a round of an event of 5 rounds"),
        "{e}"
    );
    // Without XXR no round is one of the last two: the pairing is made all the same.
    let ev = trf::read_team_str(&four_teams("").replace("XXR 5\n", "")).expect("a team file");
    let req = TeamRequest::next_round(&ev);
    assert_eq!(req.total_rounds, 0);
    assert!(System::SwissTeam.pair_team(&ev, &req).is_ok());
}
