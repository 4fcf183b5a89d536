//! `swisslab standings` of a team file (`310` or `013` records): team standings by the
//! primary score (C.04.6 1.2.1, from `192`) and the team tie-breaks
//! ([`tiebreak::team`]), in the same formats as the individual standings.
//!
//! The list comes from `--tiebreaks`, else the file's `212`/`202` record, else
//! [`tiebreak::team::DEFAULT_TEAM_LIST`]; the primary score is put first when the list does
//! not start with a score. A team file with an inconsistency is invalid input (exit 3), the
//! error naming its line.

use super::standings::{edition, Args, Table, Unit};
use super::{exit, EXIT_INVALID, EXIT_IO};
use std::process::ExitCode;
use swisslab_engine::team::TeamEvent;
use swisslab_engine::tiebreak::team::{
    parse_team_list, team_standings, TeamKind, TeamSpec, DEFAULT_TEAM_LIST,
};
use swisslab_engine::trf;
use swisslab_simulator::exit_codes::EXIT_USAGE;

pub fn run(args: &Args) -> ExitCode {
    let ev = match trf::read_team_file(&args.file) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(if e.kind == trf::ErrorKind::Io {
                EXIT_IO
            } else {
                EXIT_INVALID
            });
        }
    };
    let primary = ev.score_use().primary;
    let (list, source) = match (&args.tiebreaks, file_list(&ev)) {
        (Some(list), _) => (list.text.clone(), "--tiebreaks".to_string()),
        (None, Some((code, text))) => (text, format!("the file's {code} record")),
        (None, None) => (
            DEFAULT_TEAM_LIST.to_string(),
            "the default order".to_string(),
        ),
    };
    let mut specs = match parse_team_list(&list, primary) {
        Ok(s) if !s.is_empty() => s,
        Ok(_) => {
            eprintln!(
                "error: {}: {source} names no team tie-break",
                args.file.display()
            );
            return exit(EXIT_INVALID);
        }
        Err(e) => {
            eprintln!("error: {}: {source}: {e}", args.file.display());
            return exit(if args.tiebreaks.is_some() {
                EXIT_USAGE
            } else {
                EXIT_INVALID
            });
        }
    };
    if specs.first().map(|s| s.kind) != Some(TeamKind::Points) {
        if let Ok(mut pts) = parse_team_list("PTS", primary) {
            pts.append(&mut specs);
            specs = pts;
        }
    }
    let st = match team_standings(&ev, &specs, edition(args, &ev.tournament)) {
        Ok(st) => st,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return exit(EXIT_INVALID);
        }
    };
    let name = |tpn: u32| {
        ev.team(tpn).map_or((String::new(), 0), |t| {
            (t.name.clone(), t.strength.trim().parse().unwrap_or(0))
        })
    };
    let table = Table {
        specs: st.specs.iter().map(|s: &TeamSpec| s.text.clone()).collect(),
        edition: st.edition,
        rows: &st.rows,
        name: &name,
        unit: Unit::Teams,
    };
    table.print(args.format, &source)
}

/// The file's `212` (or `202`) list, which for a team file names team tie-breaks.
fn file_list(ev: &TeamEvent) -> Option<(String, String)> {
    swisslab_engine::tiebreak::file_record(&ev.tournament).map(|fl| (fl.record, fl.text))
}
