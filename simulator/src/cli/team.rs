//! `pair`, `check` and `bench` of a team file: a file with team records (`310`, or TRF-16 `013`
//! with a `FIDE_TEAM…` `192` code, or `013` with `--system swiss-team`) is read as a team event
//! (`trf::read_team_file`, its inconsistencies named by file and line) and paired by
//! [`System::pair_team`]: the matches by board-1 colour, in board order (GHR 3.6), and the PAB.

use std::fmt::Write as _;
use std::path::Path;
use swisslab_engine::model::Color;
use swisslab_engine::pairing::PairingError;
use swisslab_engine::team::{ScoreUse, TeamEvent, TeamPairing, TeamRequest, TeamRounds};
use swisslab_engine::trf::{self, ErrorKind};
use swisslab_engine::{System, Tournament};

/// Whether the file read as `t` is paired as a team event under `cli` (the `--system`): it has
/// `310` records or `013` ones with a team `192` code, or `013` records and `--system` (or the
/// file) names a team system. A team system named for a file without team records is an
/// error.
pub fn is_team_file(path: &Path, t: &Tournament, cli: Option<System>) -> Result<bool, String> {
    if trf::is_team_event(t) {
        return Ok(true);
    }
    match cli.or_else(|| System::from_trf(t).ok().flatten()) {
        Some(s) if s.pairs_teams() => {
            if trf::has_team_records(t) {
                Ok(true)
            } else {
                Err(format!(
                    "{}: {s} pairs teams, and the file has no team records (310, or 013): it \
                     holds players only; pass --system with a system that pairs players",
                    path.display()
                ))
            }
        }
        _ => Ok(false),
    }
}

/// Reads a team file; the error and whether it is one of file access.
pub fn read(path: &Path) -> Result<TeamEvent, (String, bool)> {
    trf::read_team_file(path).map_err(|e| (e.to_string(), e.kind == ErrorKind::Io))
}

/// The system that pairs `ev`: `--system`, else the one its `192` / `092` names, else the Swiss
/// Team System. A team `192` code with `_BAKU` is refused even with `--system` (the Baku
/// Acceleration of team events is not implemented), rather than paired unaccelerated.
pub fn resolve(path: &Path, ev: &TeamEvent, cli: Option<System>) -> Result<System, String> {
    let t = &ev.tournament;
    let code = t.system_code().unwrap_or_default();
    if ScoreUse::from_code(code).is_some() && code.to_ascii_uppercase().ends_with("_BAKU") {
        if let Err(e) = System::from_192(code) {
            return Err(format!("{}: {e}", path.display()));
        }
    }
    match cli {
        Some(s) => Ok(s),
        None => System::from_trf(t)
            .map(|s| s.unwrap_or(System::SwissTeam))
            .map_err(|e| format!("{}: {e}; pass --system to pair it anyway", path.display())),
    }
}

/// The number of rounds with a match or a PAB.
pub fn rounds_played(ev: &TeamEvent) -> usize {
    TeamRequest::next_round(ev).round - 1
}

/// The request of round `n` of `ev`: the next round (absences from the file's `XXZ` and the
/// members' entries), or a round the file has (its absent teams), re-paired from the rounds
/// before it; `None` with the reason when `n` is beyond the next round.
pub fn request(
    ev: &TeamEvent,
    rounds: &TeamRounds,
    n: Option<usize>,
) -> Result<TeamRequest, String> {
    let next = TeamRequest::next_round(ev);
    match n {
        None => Ok(next),
        Some(n) if n == next.round => Ok(next),
        Some(n) if n >= 1 && n < next.round => Ok(TeamRequest::replay(ev, rounds, n)),
        Some(n) => Err(format!(
            "--round {n}: expected a round from 1 to {} (the file has {} rounds paired)",
            next.round,
            next.round - 1
        )),
    }
}

/// The event's rounds, or the inconsistency (the reader has checked them: only a file changed
/// since can fail here).
pub fn rounds(path: &Path, ev: &TeamEvent) -> Result<TeamRounds, String> {
    ev.rounds().map_err(|e| format!("{}: {e}", path.display()))
}

/// True when the two pairings have the same matches with the same board-1 colours and the same
/// PAB (board order is not compared).
pub fn same(a: &TeamPairing, b: &TeamPairing) -> bool {
    let set = |p: &TeamPairing| {
        p.matches
            .iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>()
    };
    set(a) == set(b) && a.bye == b.bye
}

/// One round of a team file that `check` paired otherwise.
pub struct Discrepancy {
    pub round: usize,
    pub expected: TeamPairing,
    pub produced: Result<TeamPairing, PairingError>,
    pub why: Option<String>,
}

impl std::fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |v: Vec<&(u32, u32)>| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter()
                    .map(|(w, b)| format!("{w}-{b}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        writeln!(f, "round {} (teams, White first):", self.round)?;
        match &self.produced {
            Ok(p) => {
                fn only<'a>(a: &'a TeamPairing, b: &TeamPairing) -> Vec<&'a (u32, u32)> {
                    a.matches
                        .iter()
                        .filter(|m| !b.matches.contains(m))
                        .collect()
                }
                writeln!(f, "  expected only: {}", list(only(&self.expected, p)))?;
                writeln!(f, "  produced only: {}", list(only(p, &self.expected)))?;
                if self.expected.bye != p.bye {
                    let bye = |b: Option<u32>| b.map_or("none".to_string(), |b| b.to_string());
                    writeln!(
                        f,
                        "  PAB: expected {}, produced {}",
                        bye(self.expected.bye),
                        bye(p.bye)
                    )?;
                }
            }
            Err(e) => writeln!(f, "  engine error: {e}")?,
        }
        if let Some(w) = &self.why {
            writeln!(f, "  first difference: {w}")?;
        }
        Ok(())
    }
}

/// Every round of `ev` re-paired by `system` from the rounds before it and compared with the
/// file; the rounds checked and the discrepancies.
pub fn check(ev: &TeamEvent, rounds: &TeamRounds, system: System) -> (usize, Vec<Discrepancy>) {
    let played = rounds_played(ev);
    let mut out = Vec::new();
    for r in 1..=played {
        let req = TeamRequest::replay(ev, rounds, r);
        let expected = TeamPairing::from_round(rounds, r);
        let produced = system.pair_team(ev, &req);
        if produced.as_ref().is_ok_and(|p| same(p, &expected)) {
            continue;
        }
        let why = produced
            .as_ref()
            .ok()
            .and_then(|p| system.first_team_difference(ev, &req, &expected, p));
        out.push(Discrepancy {
            round: r,
            expected,
            produced,
            why,
        });
    }
    (played, out)
}

/// The matches for people: each match with the team names, then its boards (the player on
/// each side, White first, colours by the `352` pattern from the board-1 White team), and the
/// PAB.
pub fn boards_text(ev: &TeamEvent, req: &TeamRequest, p: &TeamPairing) -> String {
    let mut s = String::new();
    let name = |tpn: u32| ev.team(tpn).map_or(String::new(), |t| t.name.clone());
    let player = |id: u32| {
        ev.tournament
            .player(id)
            .map_or(id.to_string(), |p| format!("{id} {}", p.name))
    };
    let boards = ev.board_count();
    let pattern: Vec<Color> = ev.board_colors.clone().unwrap_or_else(|| {
        (0..boards)
            .map(|k| {
                if k % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            })
            .collect()
    });
    let _ = writeln!(s, "round {}: {} matches", req.round, p.matches.len());
    for (i, &(w, b)) in p.matches.iter().enumerate() {
        let _ = writeln!(s, "match {}: {w} {} - {b} {}", i + 1, name(w), name(b));
        let members = |tpn: u32| ev.team(tpn).map_or(&[][..], |t| t.members.as_slice());
        for (k, &c) in pattern.iter().enumerate() {
            let (a, z) = (members(w).get(k), members(b).get(k));
            let (white, black) = match c {
                Color::White => (a, z),
                Color::Black => (z, a),
            };
            let who = |x: Option<&u32>| x.map_or("(empty)".to_string(), |&id| player(id));
            let _ = writeln!(s, "  board {}: {} - {}", k + 1, who(white), who(black));
        }
    }
    if let Some(b) = p.bye {
        let _ = writeln!(s, "PAB: {b} {}", name(b));
    }
    if !req.absent.is_empty() {
        let absent: Vec<String> = req.absent.iter().map(u32::to_string).collect();
        let _ = writeln!(s, "absent: {}", absent.join(" "));
    }
    s
}
