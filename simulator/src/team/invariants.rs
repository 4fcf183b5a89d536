//! The invariants of a team round, written from the rules and apart from the engine: every
//! fact comes from the simulator's own account of the rounds played ([`PlayedRound`]), never
//! from the pairing system's code (`engine/src/systems/swiss_team`).
//!
//! Of a pairing ([`check_pairing`]):
//! - every present team paired exactly once, against a team or with the PAB; no absent or
//!   unknown team paired (GHR 3.2-3.3), no team against itself;
//! - at most one PAB, exactly when the number of present teams is odd (C.04.6 1.4);
//! - C2 (2.1.2): no PAB to a team that already had one, won a match by forfeit, or had a
//!   full-point bye (the simulated events give none);
//! - C1 (2.1.1): no two teams meet twice; a match not played over the board (forfeited as a
//!   whole) is no meeting (GHR 3.5).
//!
//! Of a round played ([`check_round`]), against what the team model derives from the players'
//! games ([`TeamEvent::rounds`]):
//! - the board colours follow the `352` pattern from board 1's colour (the team scheduled White
//!   on board 1 has the pattern's colours, its opponent the opposite ones);
//! - each team's game points are the simulator's sum of its boards, and its match points follow
//!   the game points under `362` (the higher total wins; C.04.6 1.2); the PAB scores a drawn
//!   match (1.4) or the values the event's `320` record declares; an absent team scores nothing
//!   (GHR 3.3).
//!
//! [`feasible`] decides whether a round the engine refused admits any pairing meeting C1 and
//! C2 (a maximum matching over the present teams, with one more vertex for the PAB when their
//! number is odd): if none exists the round is a clean stop (3.3.3: the Chief Arbiter decides),
//! otherwise the refusal is a failure.

use super::event::{pattern, PlayedRound};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use swisslab_engine::matching::max_weight_matching;
use swisslab_engine::team::{ScoreKind, TeamEvent, TeamId, TeamRound};
use swisslab_engine::{Color, GameResult, RoundEntry, Score};

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    NotPaired(TeamId),
    PairedTwice(TeamId),
    AbsentPaired(TeamId),
    UnknownTeam(TeamId),
    AgainstItself(TeamId),
    /// A PAB with an even number of present teams, or none with an odd number.
    Pab {
        present: usize,
        pab: Option<TeamId>,
    },
    /// C2: the PAB to a team barred from it.
    PabBarred {
        team: TeamId,
        why: &'static str,
    },
    /// C1: two teams meet again.
    Rematch {
        a: TeamId,
        b: TeamId,
        first: usize,
    },
    /// A board's colour against the `352` pattern.
    BoardColour {
        team: TeamId,
        board: usize,
        expected: Color,
        found: Color,
    },
    /// Game or match points of a team against the simulator's account.
    Points {
        team: TeamId,
        kind: ScoreKind,
        expected: Score,
        found: Score,
    },
    /// The team model reads the round otherwise than it was played.
    Model {
        team: TeamId,
        message: String,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NotPaired(t) => write!(f, "team {t} is present but not paired"),
            Violation::PairedTwice(t) => write!(f, "team {t} is paired twice"),
            Violation::AbsentPaired(t) => write!(f, "team {t} is absent but paired (GHR 3.3)"),
            Violation::UnknownTeam(t) => write!(f, "team {t} does not exist"),
            Violation::AgainstItself(t) => write!(f, "team {t} is paired against itself"),
            Violation::Pab { present, pab } => match pab {
                Some(t) => write!(f, "team {t} has the PAB with {present} teams present (1.4)"),
                None => write!(f, "no PAB with {present} teams present (1.4)"),
            },
            Violation::PabBarred { team, why } => {
                write!(f, "team {team} has the PAB although it {why} (C2)")
            }
            Violation::Rematch { a, b, first } => {
                write!(
                    f,
                    "teams {a} and {b} meet a second time (round {first}) (C1)"
                )
            }
            Violation::BoardColour {
                team,
                board,
                expected,
                found,
            } => write!(
                f,
                "team {team} has {} on board {board}, the 352 pattern gives {}",
                found.letter(),
                expected.letter()
            ),
            Violation::Points {
                team,
                kind,
                expected,
                found,
            } => write!(
                f,
                "team {team} has {found} {} in the round, its boards give {expected}",
                kind.abbreviation()
            ),
            Violation::Model { team, message } => {
                write!(
                    f,
                    "team {team}: the team model reads the round otherwise: {message}"
                )
            }
        }
    }
}

/// What C1 and C2 need to know about a team before a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Teams met in matches played over the board, with the round of the meeting.
    pub met: BTreeMap<TeamId, usize>,
    /// Why the team may not have the PAB (C2), if it may not.
    pub pab_barred: Option<&'static str>,
}

/// Every team's facts after the rounds `played`.
pub fn facts(played: &[PlayedRound]) -> BTreeMap<TeamId, Facts> {
    let mut out: BTreeMap<TeamId, Facts> = BTreeMap::new();
    for r in played {
        for m in &r.matches {
            let (gw, gb) = m.game_points;
            for (me, opp, own, theirs) in [(m.white, m.black, gw, gb), (m.black, m.white, gb, gw)] {
                let f = out.entry(me).or_default();
                if m.played {
                    f.met.entry(opp).or_insert(r.round);
                } else if own > theirs {
                    f.pab_barred.get_or_insert("won a match by forfeit");
                }
            }
        }
        if let Some(p) = r.pab {
            out.entry(p)
                .or_default()
                .pab_barred
                .get_or_insert("had the PAB");
        }
    }
    out
}

/// The violations of a round's pairing: `matches` (board-1 White team, Black team) and `pab`,
/// with `present` the teams to pair and `teams` the event's number of teams.
pub fn check_pairing(
    played: &[PlayedRound],
    teams: usize,
    present: &BTreeSet<TeamId>,
    matches: &[(TeamId, TeamId)],
    pab: Option<TeamId>,
) -> Vec<Violation> {
    let mut v = Vec::new();
    let facts = facts(played);
    let mut seen: BTreeSet<TeamId> = BTreeSet::new();
    let mut see = |t: TeamId, v: &mut Vec<Violation>| {
        if t == 0 || t as usize > teams {
            v.push(Violation::UnknownTeam(t));
        } else if !present.contains(&t) {
            v.push(Violation::AbsentPaired(t));
        }
        if !seen.insert(t) {
            v.push(Violation::PairedTwice(t));
        }
    };
    for &(a, b) in matches {
        if a == b {
            v.push(Violation::AgainstItself(a));
        }
        see(a, &mut v);
        if a != b {
            see(b, &mut v);
        }
        if let Some(&first) = facts.get(&a).and_then(|f| f.met.get(&b)) {
            v.push(Violation::Rematch { a, b, first });
        }
    }
    if let Some(p) = pab {
        see(p, &mut v);
        if let Some(why) = facts.get(&p).and_then(|f| f.pab_barred) {
            v.push(Violation::PabBarred { team: p, why });
        }
    }
    if pab.is_some() != (present.len() % 2 == 1) {
        v.push(Violation::Pab {
            present: present.len(),
            pab,
        });
    }
    v.extend(
        present
            .iter()
            .filter(|t| !seen.contains(t))
            .map(|&t| Violation::NotPaired(t)),
    );
    v
}

/// True when some pairing of `present` meets C1 and C2 after the rounds `played`.
pub fn feasible(played: &[PlayedRound], present: &BTreeSet<TeamId>) -> bool {
    let facts = facts(played);
    let ids: Vec<TeamId> = present.iter().copied().collect();
    let n = ids.len();
    let none = Facts::default();
    let fact = |t: TeamId| facts.get(&t).unwrap_or(&none);
    let mut edges: Vec<(usize, usize, i64)> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if !fact(ids[i]).met.contains_key(&ids[j]) {
                edges.push((i, j, 1));
            }
        }
        if n % 2 == 1 && fact(ids[i]).pab_barred.is_none() {
            edges.push((i, n, 1));
        }
    }
    let mate = max_weight_matching(n + n % 2, &edges, true);
    mate.iter().all(Option::is_some)
}

/// The violations of round `r.round` as the team model derives it from `ev` (the round
/// appended), against the simulator's account `r`.
pub fn check_round(ev: &TeamEvent, r: &PlayedRound) -> Vec<Violation> {
    let derived = match ev.rounds() {
        Ok(d) => d,
        Err(e) => {
            return vec![Violation::Model {
                team: 0,
                message: e.to_string(),
            }]
        }
    };
    let scoring = ev.scoring();
    let colours = ev.board_colors.clone().unwrap_or_else(|| pattern(0));
    let mut v = Vec::new();
    let mut expected: BTreeMap<TeamId, (Score, Score)> = BTreeMap::new();
    for m in &r.matches {
        let (gw, gb) = m.game_points;
        let mp = |own: Score, theirs: Score| match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => scoring.win,
            std::cmp::Ordering::Equal => scoring.draw,
            std::cmp::Ordering::Less => scoring.loss,
        };
        expected.insert(m.white, (mp(gw, gb), gw));
        expected.insert(m.black, (mp(gb, gw), gb));
    }
    if let Some(p) = r.pab {
        // A drawn match (1.4), unless the event's `320` record declares other values.
        let boards = i32::try_from(colours.len()).unwrap_or(0);
        expected.insert(
            p,
            (
                ev.pab.match_points.unwrap_or(scoring.draw),
                ev.pab
                    .game_points
                    .unwrap_or(Score(ev.tournament.points.draw.0 * boards)),
            ),
        );
    }
    for (i, &tpn) in derived.teams.iter().enumerate() {
        let Some(round) = derived.rounds.get(i).and_then(|x| x.get(r.round - 1)) else {
            continue;
        };
        let (mp, gp) = expected.get(&tpn).copied().unwrap_or_default();
        for (kind, e) in [(ScoreKind::MatchPoints, mp), (ScoreKind::GamePoints, gp)] {
            let found = round.points(kind);
            if found != e {
                v.push(Violation::Points {
                    team: tpn,
                    kind,
                    expected: e,
                    found,
                });
            }
        }
        let played = r.matches.iter().find(|m| m.white == tpn || m.black == tpn);
        match (round, played) {
            (TeamRound::Match(m), Some(p)) => {
                let white = p.white == tpn;
                let opponent = if white { p.black } else { p.white };
                if m.opponent != opponent || m.played != p.played {
                    v.push(Violation::Model {
                        team: tpn,
                        message: format!(
                            "opponent {} (played: {}), the simulator paired {opponent} (played: {})",
                            m.opponent, m.played, p.played
                        ),
                    });
                }
                for b in &m.boards {
                    let Some(RoundEntry::Game { color, .. }) = b.entry else {
                        continue;
                    };
                    let Some(&own) = colours.get(b.board - 1) else {
                        continue;
                    };
                    let expected = if white { own } else { own.opposite() };
                    if color != expected {
                        v.push(Violation::BoardColour {
                            team: tpn,
                            board: b.board,
                            expected,
                            found: color,
                        });
                    }
                }
                let by_points = match m.game_points.cmp(&m.opponent_game_points) {
                    std::cmp::Ordering::Greater => GameResult::Win,
                    std::cmp::Ordering::Equal => GameResult::Draw,
                    std::cmp::Ordering::Less => GameResult::Loss,
                };
                if m.result != by_points {
                    v.push(Violation::Model {
                        team: tpn,
                        message: format!(
                            "a {:?} with {} to {} game points",
                            m.result, m.game_points, m.opponent_game_points
                        ),
                    });
                }
            }
            (TeamRound::Pab { .. }, None) if r.pab == Some(tpn) => {}
            (TeamRound::Absent, None) if r.pab != Some(tpn) => {}
            (found, _) => v.push(Violation::Model {
                team: tpn,
                message: format!("{found:?} where the simulator played {played:?}"),
            }),
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::event::PlayedMatch;

    fn played(white: TeamId, black: TeamId, gp: (i32, i32), board: bool) -> PlayedMatch {
        PlayedMatch {
            white,
            black,
            played: board,
            game_points: (Score(gp.0), Score(gp.1)),
            forfeit_winner: None,
            white_colours: vec![Some(Color::White)],
        }
    }

    fn round(r: usize, matches: Vec<PlayedMatch>, pab: Option<TeamId>) -> PlayedRound {
        PlayedRound {
            round: r,
            matches,
            pab,
            ..PlayedRound::default()
        }
    }

    fn set(ts: &[TeamId]) -> BTreeSet<TeamId> {
        ts.iter().copied().collect()
    }

    /// Every pairing of `present` meeting C1 and C2, by enumeration (the oracle of `feasible`).
    fn brute(played: &[PlayedRound], present: &[TeamId]) -> bool {
        fn go(f: &BTreeMap<TeamId, Facts>, left: &[TeamId], bye_done: bool) -> bool {
            let Some((&a, rest)) = left.split_first() else {
                return true;
            };
            if left.len() % 2 == 1 && !bye_done {
                let barred = f.get(&a).and_then(|x| x.pab_barred).is_some();
                if !barred && go(f, rest, true) {
                    return true;
                }
            }
            (0..rest.len()).any(|i| {
                let b = rest[i];
                let met = f.get(&a).is_some_and(|x| x.met.contains_key(&b));
                let mut others = rest.to_vec();
                others.remove(i);
                !met && go(f, &others, bye_done)
            })
        }
        go(&facts(played), present, present.len().is_multiple_of(2))
    }

    #[test]
    fn pairings_are_checked_from_the_rules() {
        let history = vec![
            round(1, vec![played(1, 2, (30, 10), true)], Some(3)),
            round(2, vec![played(3, 1, (40, 0), false)], Some(2)),
        ];
        let present = set(&[1, 2, 3]);
        // 1 and 2 met (C1); 3 had the PAB in round 1.
        let v = check_pairing(&history, 3, &present, &[(1, 2)], Some(3));
        assert!(
            v.contains(&Violation::Rematch {
                a: 1,
                b: 2,
                first: 1
            }),
            "{v:?}"
        );
        assert!(v.contains(&Violation::PabBarred {
            team: 3,
            why: "had the PAB"
        }));
        // Team 3 won round 2 by forfeit, a match not played: 1 and 3 may meet, 3 may not have
        // the PAB.
        let f = facts(&history);
        assert_eq!(f[&3].pab_barred, Some("had the PAB"));
        assert!(!f[&1].met.contains_key(&3));
        let v = check_pairing(&history, 3, &present, &[(3, 1)], Some(2));
        assert_eq!(
            v,
            vec![Violation::PabBarred {
                team: 2,
                why: "had the PAB"
            }]
        );
        let v = check_pairing(&history, 4, &set(&[1, 2, 4]), &[(1, 4), (2, 3)], None);
        assert!(v.contains(&Violation::AbsentPaired(3)));
        assert!(v.contains(&Violation::Pab {
            present: 3,
            pab: None
        }));
        let v = check_pairing(&[], 4, &set(&[1, 2, 3, 4]), &[(1, 2), (1, 3)], Some(4));
        assert!(v.contains(&Violation::PairedTwice(1)));
        assert!(v.contains(&Violation::Pab {
            present: 4,
            pab: Some(4)
        }));
        assert!(!v.contains(&Violation::NotPaired(3)));
    }

    /// The matching-based check agrees with plain enumeration on random small histories.
    #[test]
    fn feasibility_agrees_with_enumeration() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..400 {
            let n: TeamId = rng.gen_range(2..=9);
            let mut history = Vec::new();
            for r in 1..=rng.gen_range(1..=6) {
                let mut ts: Vec<TeamId> = (1..=n).collect();
                let mut matches = Vec::new();
                let mut pab = None;
                while ts.len() >= 2 {
                    let a = ts.swap_remove(rng.gen_range(0..ts.len()));
                    let b = ts.swap_remove(rng.gen_range(0..ts.len()));
                    let board = rng.gen_bool(0.8);
                    let gp = if rng.gen_bool(0.5) { (40, 0) } else { (0, 40) };
                    matches.push(played(a, b, gp, board));
                }
                if let Some(&t) = ts.first() {
                    pab = Some(t);
                }
                history.push(round(r, matches, pab));
            }
            let present: Vec<TeamId> = (1..=n).filter(|_| rng.gen_bool(0.85)).collect();
            let f = feasible(&history, &present.iter().copied().collect());
            assert_eq!(f, brute(&history, &present), "{history:?} {present:?}");
            if f {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 50 && no > 20, "{yes} feasible, {no} not");
    }
}
