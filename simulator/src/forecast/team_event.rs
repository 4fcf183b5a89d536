//! A team event as its file stands (team TRF-2026 `310` records, or TRF-16 `013` ones) and
//! what its forecast learns from it: the teams and their members in default board order, the
//! rounds played (match and game points under the file's `362` scoring and `192` primary score,
//! PABs, absent teams, whole-match forfeits, line-ups), the next round's absent teams, the
//! players' strengths, and the order of the team standings.
//!
//! - **Rounds played and the total**: as for an individual event ([`super::event`]): `--rounds`,
//!   else `XXR` / `142`, replacing the file's total everywhere; `--after-round K|middle` cuts the
//!   file (players' games, `320` PABs, `330` forfeits and `300` line-ups of later rounds taken
//!   out). A finished event is refused: nothing is left to forecast.
//! - **Strengths**: each player's belief after the games he played on his boards
//!   ([`crate::strength`], as for an individual event), each run drawing his strength from it; a
//!   team's strength is that of the players on its boards, board by board.
//! - **Who plays**: the teams absent from the next round as the file says (`XXZ`, the members'
//!   entries in its column: a team none of whose members is to be paired, as `pair` reads it);
//!   a team all of whose members are written withdrawn is absent from every remaining round;
//!   every other team plays every remaining round, its first members in default board order
//!   (`310`) not withdrawn on the boards.
//! - **Places**: the team standings of `swisslab standings` of the file: the primary score
//!   (C.04.6 1.2.1, from `192`) and the file's `212` / `202` team tie-breaks, else
//!   [`DEFAULT_TEAM_LIST`]; a tie left after them by pairing number.
//! - **The rounds played, for the invariants**: the file's matches and PABs as the simulator's
//!   own account of rounds ([`PlayedRound`]), so that C1 (no rematch) and C2 (the PAB) are
//!   checked against the whole history in every remaining round.

use super::event::{learn, length_of, profile_for, Cut, EventOptions, ForecastError, Own};
use crate::config::Config;
use crate::strength::Belief;
use crate::team::event::{pattern, PlayedMatch, PlayedRound};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use swisslab_engine::team::{TeamEvent, TeamId, TeamRequest, TeamRound, TeamRounds};
use swisslab_engine::tiebreak::team::{parse_team_list, TeamKind, TeamSpec, DEFAULT_TEAM_LIST};
use swisslab_engine::{Color, PlayerId, RoundEntry, Score, System, Unplayed};

/// A team event ready to be continued.
#[derive(Clone, Debug)]
pub struct TeamForecastEvent {
    pub file: PathBuf,
    /// The rounds played (nothing of the next round), the total of rounds the forecast's, the
    /// board colour pattern always set (`352`, else `WBWB…` over the event's boards).
    pub ev: TeamEvent,
    pub system: System,
    pub first_round: usize,
    pub total_rounds: usize,
    pub boards: usize,
    /// The rounds played as the invariants read them.
    pub history: Vec<PlayedRound>,
    /// Teams absent from the first round to play (the file's next round).
    pub first_absent: Vec<TeamId>,
    /// Teams all of whose members are written withdrawn: absent from every remaining round.
    pub gone: Vec<TeamId>,
    /// Players written withdrawn: on no board again.
    pub withdrawn: BTreeSet<PlayerId>,
    /// Each player's strength after the games played, by index in `ev.tournament.players`.
    pub beliefs: Vec<Belief>,
    /// The event's draws against the profile's.
    pub own_draws: Own,
    pub config: Config,
    pub profile_source: String,
    /// The standings' order (primary score first) and where it comes from.
    pub specs: Vec<TeamSpec>,
    pub tiebreak_source: String,
    /// Each team's rating strength: the mean rating of its first `boards` members.
    pub strengths: Vec<f64>,
    pub warnings: Vec<String>,
}

impl TeamForecastEvent {
    /// Reads and prepares the team file at `path`.
    pub fn read(path: &Path, opts: &EventOptions) -> Result<TeamForecastEvent, ForecastError> {
        let ev = swisslab_engine::trf::read_team_file(path)?;
        // The text again, for the line numbers of this module's own errors.
        let bytes = std::fs::read(path).unwrap_or_default();
        TeamForecastEvent::new(ev, &String::from_utf8_lossy(&bytes), path, opts)
    }

    /// Prepares a team event read from `text` (the file at `file`).
    pub fn new(
        ev: TeamEvent,
        text: &str,
        file: &Path,
        opts: &EventOptions,
    ) -> Result<TeamForecastEvent, ForecastError> {
        let file = file.to_path_buf();
        let err = |message: String| ForecastError::Team {
            file: file.clone(),
            message,
        };
        if opts.acceleration.is_some() {
            return Err(ForecastError::Acceleration {
                file,
                message: "--acceleration: the acceleration of team events is not implemented \
                          (C.04.6 leaves open which score makes a floater under it)"
                    .into(),
            });
        }
        let system = match opts.system {
            Some(s) => s,
            None => System::from_trf(&ev.tournament)
                .map_err(|e| ForecastError::System {
                    file: file.clone(),
                    message: e.to_string(),
                })?
                .unwrap_or(System::SwissTeam),
        };
        if !system.pairs_teams() {
            return Err(ForecastError::NotTeamSystem { file, system });
        }
        check_numbers(&ev, text, &file)?;
        let recorded = TeamRequest::next_round(&ev).round - 1;
        let (t, total, warnings) = length_of(ev.tournament.clone(), text, &file, opts)?;
        let played = opts
            .after_round
            .map_or(recorded, |c: Cut| c.round(recorded));
        if total <= played {
            return Err(ForecastError::Finished {
                file,
                rounds: total,
            });
        }
        // The next round's absent teams as the file says (none when the file is cut).
        let first_absent = if opts.after_round.is_some() {
            Vec::new()
        } else {
            TeamRequest::next_round(&ev).absent
        };
        let mut base = crate::team::play::before(&ev, played);
        base.tournament.total_rounds = Some(total as u32);
        base.tournament.absent_next.clear();
        for p in &mut base.tournament.players {
            p.rank = None;
            if p.points.is_some() {
                p.points = Some(p.rounds.iter().map(|e| t.points.points(e)).sum());
            }
        }
        // The totals and ranks the file wrote describe the file as it was, not the runs.
        for team in &mut base.teams {
            team.match_points = None;
            team.game_points = None;
            team.rank = None;
        }
        base.cross_tables.clear();
        let boards = base.board_count();
        if base.board_colors.is_none() {
            base.board_colors = Some(pattern(boards));
        }
        let rounds = base.rounds().map_err(|e| err(e.to_string()))?;
        let history = history_of(&rounds, played);
        let withdrawn: BTreeSet<PlayerId> = base
            .tournament
            .players
            .iter()
            .filter(|p| {
                p.rounds
                    .get(played.saturating_sub(1))
                    .is_some_and(|e| *e == RoundEntry::Unplayed(Unplayed::Withdrawn))
            })
            .map(|p| p.id)
            .collect();
        let gone: Vec<TeamId> = base
            .teams
            .iter()
            .filter(|t| !t.members.is_empty() && t.members.iter().all(|m| withdrawn.contains(m)))
            .map(|t| t.tpn)
            .collect();
        let first = played + 1;
        let present = base
            .teams
            .iter()
            .filter(|t| !first_absent.contains(&t.tpn) && !gone.contains(&t.tpn))
            .count();
        if present < 2 {
            return Err(ForecastError::TooFewTeams { file, round: first });
        }
        let (specs, tiebreak_source) = specs_of(&base).map_err(err)?;
        let (config, profile_source) = profile_for(&base.tournament, opts);
        let learnt = learn(&base.tournament, &config, played, total);
        let strengths = base
            .teams
            .iter()
            .map(|team| {
                let top: Vec<f64> = team
                    .members
                    .iter()
                    .filter_map(|&m| base.tournament.player(m))
                    .take(boards)
                    .map(|p| f64::from(p.rating))
                    .collect();
                top.iter().sum::<f64>() / top.len().max(1) as f64
            })
            .collect();
        Ok(TeamForecastEvent {
            file,
            ev: base,
            system,
            first_round: first,
            total_rounds: total,
            boards,
            history,
            first_absent,
            gone,
            withdrawn,
            beliefs: learnt.beliefs,
            own_draws: learnt.draws,
            config,
            profile_source,
            specs,
            tiebreak_source,
            strengths,
            warnings,
        })
    }

    /// Number of rounds left to play.
    pub fn remaining(&self) -> usize {
        self.total_rounds + 1 - self.first_round
    }

    /// Each team's match points and game points after the rounds played, by index.
    pub fn points_now(&self) -> Vec<(Score, Score)> {
        totals(&self.ev)
    }
}

/// Each team's match points and game points in `ev`, by index (zero when its rounds cannot be
/// derived, which the reader has ruled out for a file).
pub fn totals(ev: &TeamEvent) -> Vec<(Score, Score)> {
    use swisslab_engine::team::ScoreKind::{GamePoints, MatchPoints};
    match ev.rounds() {
        Ok(r) => (0..ev.teams.len())
            .map(|i| {
                let at = r.index_of(ev.teams[i].tpn);
                at.map_or((Score::ZERO, Score::ZERO), |k| {
                    (r.total(k, MatchPoints), r.total(k, GamePoints))
                })
            })
            .collect(),
        Err(_) => vec![(Score::ZERO, Score::ZERO); ev.teams.len()],
    }
}

/// The teams must be numbered 1 to N (the simulator's team plans and invariants index them so).
fn check_numbers(ev: &TeamEvent, text: &str, file: &Path) -> Result<(), ForecastError> {
    for (i, team) in ev.teams.iter().enumerate() {
        let expected = i as u32 + 1;
        if team.tpn != expected {
            let line = text
                .lines()
                .position(|l| {
                    (l.starts_with("310") || l.starts_with("013"))
                        && l.get(4..7)
                            .and_then(|s| s.trim().parse::<u32>().ok())
                            .is_some_and(|n| n == team.tpn)
                })
                .map_or(1, |k| k + 1);
            return Err(ForecastError::TeamNumbers {
                file: file.to_path_buf(),
                line,
                tpn: team.tpn,
                expected,
            });
        }
    }
    Ok(())
}

/// The team standings' order: the file's `212` (or `202`) list, else [`DEFAULT_TEAM_LIST`],
/// the primary score first; and where it comes from.
pub fn specs_of(ev: &TeamEvent) -> Result<(Vec<TeamSpec>, String), String> {
    let primary = ev.score_use().primary;
    let (list, source) = match swisslab_engine::tiebreak::file_record(&ev.tournament) {
        Some(fl) => (fl.text, format!("the file's {} record", fl.record)),
        None => (
            DEFAULT_TEAM_LIST.to_string(),
            "the default order".to_string(),
        ),
    };
    let mut specs = parse_team_list(&list, primary)
        .map_err(|e| format!("{source}: team tie-break list {list:?}: {e}"))?;
    if specs.first().map(|s| s.kind) != Some(TeamKind::Points) {
        let mut pts = parse_team_list("PTS", primary).map_err(|e| e.to_string())?;
        pts.append(&mut specs);
        specs = pts;
    }
    let names: Vec<&str> = specs.iter().map(|s| s.text.as_str()).collect();
    Ok((
        specs.clone(),
        format!("{} ({source}), then pairing number", names.join(" ")),
    ))
}

/// Rounds `1 ..= played` of `rounds` as the simulator's account of rounds: each match once (the
/// team White on board 1 first; a match with no board-1 colour, forfeited as a whole, the
/// smaller pairing number first), its game points and whether a board was played, the PAB and
/// the absent teams.
pub fn history_of(rounds: &TeamRounds, played: usize) -> Vec<PlayedRound> {
    (1..=played)
        .map(|round| {
            let mut out = PlayedRound {
                round,
                ..PlayedRound::default()
            };
            let mut seen: BTreeSet<(TeamId, TeamId)> = BTreeSet::new();
            for (&tpn, rs) in rounds.teams.iter().zip(&rounds.rounds) {
                match rs.get(round - 1) {
                    Some(TeamRound::Match(m)) => {
                        let white = m.color.map_or(tpn < m.opponent, |c| c == Color::White);
                        let (w, b) = if white {
                            (tpn, m.opponent)
                        } else {
                            (m.opponent, tpn)
                        };
                        if !seen.insert((w.min(b), w.max(b))) {
                            continue;
                        }
                        let (own, theirs) = (m.game_points, m.opponent_game_points);
                        let game_points = if white { (own, theirs) } else { (theirs, own) };
                        let forfeit_winner = (!m.played && game_points.0 != game_points.1)
                            .then(|| if game_points.0 > game_points.1 { w } else { b });
                        let colour = |e: &Option<RoundEntry>| match e {
                            Some(RoundEntry::Game { color, .. }) => Some(*color),
                            _ => None,
                        };
                        let white_colours = m
                            .boards
                            .iter()
                            .map(|x| colour(&x.entry).map(|c| if white { c } else { c.opposite() }))
                            .collect();
                        out.matches.push(PlayedMatch {
                            white: w,
                            black: b,
                            played: m.played,
                            game_points,
                            forfeit_winner,
                            white_colours,
                        });
                    }
                    Some(TeamRound::Pab { .. }) => out.pab = Some(tpn),
                    Some(TeamRound::Absent) | None => out.absent.push(tpn),
                }
            }
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::invariants::facts;
    use crate::team::play::{self, TeamEngine, TeamSimulation};

    fn simulated(teams: u32, rounds: u32) -> play::TeamResult {
        let mut cfg = Config {
            rounds,
            ..Config::default()
        };
        cfg.team.teams = teams;
        cfg.team.absence_rate = 0.05;
        cfg.team.match_forfeit_rate = 0.05;
        let points = cfg.point_system().unwrap();
        let sim = TeamSimulation {
            cfg,
            points,
            engine: TeamEngine::Swisslab(System::SwissTeam),
        };
        play::run(&sim, 9, 2, None)
    }

    /// The rounds read back from a team file give the invariants the facts the simulator's own
    /// account of them gives (meetings over the board, PAB bars), round by round.
    #[test]
    fn the_files_rounds_give_the_simulators_facts() {
        for teams in [9, 12] {
            let r = simulated(teams, 7);
            assert!(r.failure.is_none(), "{:?}", r.failure);
            let text = play::write(&r.event);
            let back = swisslab_engine::trf::read_team_str(&text).unwrap();
            let rounds = back.rounds().unwrap();
            for k in 1..=r.rounds.len() {
                let h = history_of(&rounds, k);
                assert_eq!(facts(&h), facts(&r.rounds[..k]), "round {k}");
                assert_eq!(h[k - 1].pab, r.rounds[k - 1].pab);
                assert_eq!(h[k - 1].absent, r.rounds[k - 1].absent, "round {k}");
            }
        }
    }

    /// A cut file keeps the rounds before the cut; its teams, totals and next round follow.
    #[test]
    fn a_cut_event_is_its_first_rounds() {
        let r = simulated(11, 7);
        let text = play::write(&r.event);
        let ev = swisslab_engine::trf::read_team_str(&text).unwrap();
        let opts = EventOptions {
            after_round: Some(Cut::After(3)),
            ..EventOptions::default()
        };
        let fe = TeamForecastEvent::new(ev, &text, Path::new("e.trf"), &opts).unwrap();
        assert_eq!((fe.first_round, fe.total_rounds), (4, 7));
        assert_eq!(fe.history.len(), 3);
        assert_eq!(facts(&fe.history), facts(&r.rounds[..3]));
        assert_eq!(totals(&fe.ev), totals(&play::before(&r.event, 3)));
        assert_eq!(fe.ev.tournament.total_rounds, Some(7));
        assert!(fe.first_absent.is_empty() && fe.gone.is_empty());
        // The file cut after round 7 of 7 is finished.
        let opts = EventOptions::default();
        let ev = swisslab_engine::trf::read_team_str(&text).unwrap();
        let e = TeamForecastEvent::new(ev, &text, Path::new("e.trf"), &opts).unwrap_err();
        assert!(e.to_string().contains("all 7 rounds are played"), "{e}");
    }
}
