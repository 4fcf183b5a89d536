//! Invariants checked on every simulated round, written from the rules and not from the engine.
//!
//! The checks read only the tournament model (round entries) and the simulator's plan of who
//! should be paired; they share no code with the pairing engine (not even `history`). Which
//! rules apply is what the system declares (`System::invariants`: its bye rule, its colour
//! rule, whether the bye goes to the lowest score; `System::columns_per_round`: a match of two
//! games), each rule implemented here from its article:
//!
//! - every player to pair is paired exactly once, or receives the pairing-allocated bye; nobody
//!   else (absent, withdrawn, not yet entered, on a requested bye) is paired; a late entrant is
//!   therefore paired from his first round (C.04.1.c, C.04.2 late entries and withdrawals);
//! - at most one pairing-allocated bye, and only when the number of players to pair is odd
//!   (C.04.1.c);
//! - no two players meet twice; forfeited games are not meetings (C.04.1.b, C.04.2);
//! - no pairing-allocated bye to a player the system's bye rule bars: under the 2017 rules one
//!   who already had it or scored a forfeit win (C.04.1.d of 2017); under the 2026 rules one who
//!   already had it (of any value) or scored, in one single round without playing, as many
//!   points as a win (C.04.1 Art. 4 of 2026: a full-point bye or a forfeit win bars it, a
//!   half-point bye does not);
//! - under the 2026 rules (Dutch C5, Dubov 3.1.2-3.1.3), the bye goes to the lowest score it can go to: no player of a lower
//!   pairing score could take it in a pairing meeting the absolute criteria (C.04.3 of 2026, C5
//!   "minimise the score of the assignee of the pairing-allocated bye", ranked above every
//!   quality criterion and below only C1-C4); the 2017 rules have no such criterion (their C.5
//!   maximises pairs first, and a bye to a higher score is then allowed);
//! - after the round, no non-topscorer has a colour difference beyond ±2 or the same colour
//!   three times in a row (C.04.1.f and g; played games only, C.04.2). Topscorers (final round,
//!   score over 50% of the maximum possible before it, C.04.3 A.7) are exempt, and so is a
//!   non-topscorer paired with a topscorer in the final round: the Dutch rules (C.3) only keep
//!   non-topscorers with the same absolute preference apart, which is the exception to f and g
//!   that C.04.1 allows in the last round;
//! - rating-based 1998: the bye rule of B.1.b (no bye after a point scored without playing:
//!   a bye, a forfeit win, a full-point bye), and B.2 per player: only the player over 50% in
//!   the last round is exempt (Note to B.6), his opponent is not; [`feasible`] uses the same
//!   B.1-B.2 (a pair is possible when some colour allocation respects both players);
//! - every score equals the sum of the round results under the point system.
//!
//! [`feasible`] tells, independently of the engine's pairing logic, whether any pairing meets
//! the absolute criteria (C.04.1 b, d and the Dutch C.3), to tell an engine that wrongly reports
//! "no valid pairing" from a round that really cannot be paired.

use std::collections::{BTreeSet, HashMap, HashSet};
use swisslab_engine::matching::max_weight_matching;
use swisslab_engine::pairing::Pairing;
use swisslab_engine::pairing::{ByeRule, ColourRule};
use swisslab_engine::{Color, PlayerId, RoundEntry, Score, System, Tournament, Unplayed};

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    #[error("player {0} is to be paired but has neither a game nor the bye")]
    Unpaired(PlayerId),
    #[error("player {0} appears more than once in the pairing")]
    PairedTwice(PlayerId),
    #[error("player {0} is paired but should not be (absent, withdrawn, not entered or on a requested bye)")]
    NotToBePaired(PlayerId),
    #[error("player {0} is paired against himself")]
    SelfPaired(PlayerId),
    #[error("a pairing-allocated bye although the number of players to pair ({0}) is even")]
    ByeWithEvenCount(usize),
    #[error("players {0} and {1} meet a second time (C.04.1.b)")]
    Rematch(PlayerId, PlayerId),
    #[error(
        "player {0} receives the pairing-allocated bye although an earlier bye or unplayed win bars it (C.04.1.d of 2017, Art. 4 of 2026)"
    )]
    ByeNotAllowed(PlayerId),
    #[error(
        "player {0} receives the pairing-allocated bye with score {1} although a pairing giving it to player {2} (score {3}) meets the absolute criteria (C5 of 2026)"
    )]
    ByeScoreNotMinimal(PlayerId, Score, PlayerId, Score),
    #[error("player {0} (not a topscorer) ends with colour difference {1} (C.04.1.f)")]
    ColourDifference(PlayerId, i32),
    #[error("player {0} (not a topscorer) gets {1:?} three times in a row (C.04.1.g)")]
    ThreeInRow(PlayerId, Color),
    #[error("player {player}: score {recorded} differs from the sum of his results {sum}")]
    Score {
        player: PlayerId,
        recorded: Score,
        sum: Score,
    },
}

/// What the checks need to know about one player before a round, from the model only.
#[derive(Clone, Debug, Default)]
struct Facts {
    colours: Vec<Color>,
    met: HashSet<PlayerId>,
    /// Barred from the pairing-allocated bye by the system's rule.
    bye_barred: bool,
    score: Score,
}

/// True when round entry `e` bars a later pairing-allocated bye under `system`'s rule.
fn bars_bye(t: &Tournament, system: System, e: &RoundEntry) -> bool {
    use swisslab_engine::{GameKind, GameResult};
    let forfeit_win = matches!(
        e,
        RoundEntry::Game {
            kind: GameKind::Forfeit,
            result: GameResult::Win,
            ..
        } | RoundEntry::Unplayed(Unplayed::ForfeitWin)
    );
    let pab = matches!(e, RoundEntry::Unplayed(Unplayed::Pab));
    match system.invariants().bye {
        // C.04.1.d (2017): "already received a pairing-allocated bye, or has already scored a
        // (forfeit) win due to an opponent not appearing in time". (Double-Swiss C2 is checked
        // per match by `double_swiss`.)
        ByeRule::ByeOrForfeitWin => pab || forfeit_win,
        // C.04.1 Art. 4 (2026): a pairing-allocated bye, or "scored in one single round,
        // without playing, as many points as rewarded for a win".
        // Without playing: any round not played over the board, a forfeit either way included;
        // a win worth nothing gives the clause no meaning.
        // Dubov 1997 2.2: "a player who has received a point without playing shall not receive
        // a bye": any round not played over the board that scored a full point.
        // Rating-based 1998 B.1.b: "received a point without playing, either through a bye or
        // due to an opponent not appearing in time": the same reading.
        ByeRule::ByeOrWinWithoutPlaying => {
            let unplayed = matches!(
                e,
                RoundEntry::Unplayed(_)
                    | RoundEntry::Game {
                        kind: GameKind::Forfeit,
                        ..
                    }
            );
            pab || (unplayed && t.points.win > Score::ZERO && t.points.points(e) >= t.points.win)
        }
        // B.1.b (Istanbul 2012): "received a point or half point without playing, either
        // through a bye or due to an opponent not appearing in time": a bye that scored, or a
        // forfeit win; a forfeit loss is not "without playing" in that sense, whatever it is
        // worth.
        ByeRule::PointWithoutPlaying => {
            let unplayed = matches!(e, RoundEntry::Unplayed(u) if *u != Unplayed::ForfeitLoss);
            forfeit_win || (unplayed && t.points.points(e) > Score::ZERO)
        }
    }
}

fn facts(t: &Tournament, system: System, rounds: usize) -> HashMap<PlayerId, Facts> {
    let mut out = HashMap::with_capacity(t.players.len());
    for p in &t.players {
        let mut f = Facts::default();
        for e in p.rounds.iter().take(rounds) {
            f.score += t.points.points(e);
            f.bye_barred |= bars_bye(t, system, e);
            match *e {
                RoundEntry::Game {
                    opponent,
                    color,
                    kind,
                    result: _,
                } => {
                    if kind != swisslab_engine::GameKind::Forfeit {
                        f.colours.push(color);
                        f.met.insert(opponent);
                    }
                }
                RoundEntry::Unplayed(_) => {}
            }
        }
        out.insert(p.id, f);
    }
    out
}

/// Topscorer of the final round (C.04.3 A.7): more than half the maximum possible score
/// before it.
fn topscorer(t: &Tournament, f: &Facts, round: usize, total_rounds: usize) -> bool {
    // In i64: a point system from a file may hold values near the limits of a Score.
    round == total_rounds
        && 2 * i64::from(f.score.0) > i64::from(t.points.win.0) * (round as i64 - 1)
}

/// The colour difference (C.04.1.f) after receiving `c`.
fn difference_after(f: &Facts, c: Color) -> i32 {
    f.colours
        .iter()
        .chain(std::iter::once(&c))
        .map(|&x| if x == Color::White { 1 } else { -1 })
        .sum()
}

/// Checks the pairing of round `round` (1-based) of `t`, whose players hold rounds
/// `1 .. round`, under `system`'s rules. `to_pair` is who should be paired according to the
/// plan.
pub fn check_pairing(
    t: &Tournament,
    system: System,
    round: usize,
    total_rounds: usize,
    to_pair: &BTreeSet<PlayerId>,
    pairing: &Pairing,
) -> Vec<Violation> {
    if system.columns_per_round() == 2 {
        return crate::double_swiss::check_match(t, round, to_pair, pairing);
    }
    let rules = system.invariants();
    let mut v = Vec::new();
    let facts = facts(t, system, round - 1);
    let mut seen: HashSet<PlayerId> = HashSet::new();
    let all = pairing
        .games
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(pairing.bye);
    for id in all {
        if !seen.insert(id) {
            v.push(Violation::PairedTwice(id));
        }
        if !to_pair.contains(&id) {
            v.push(Violation::NotToBePaired(id));
        }
    }
    for id in to_pair {
        if !seen.contains(id) {
            v.push(Violation::Unpaired(*id));
        }
    }
    if pairing.bye.is_some() && to_pair.len() % 2 != 1 {
        v.push(Violation::ByeWithEvenCount(to_pair.len()));
    }
    // B.1.b (2012) yields when nobody to pair may take the bye: somebody must.
    let yields = rules.bye == ByeRule::PointWithoutPlaying
        && to_pair
            .iter()
            .all(|p| facts.get(p).is_some_and(|f| f.bye_barred));
    if let Some(b) = pairing.bye {
        if !yields && facts.get(&b).is_some_and(|f| f.bye_barred) {
            v.push(Violation::ByeNotAllowed(b));
        } else if rules.lowest_bye_score && to_pair.contains(&b) {
            // C5 (Dutch 2026), 3.1.2-3.1.3 (Dubov 2026, Burstein 2026; Burstein's seeding rounds
            // are Dutch 2026): the lowest score the bye can go to.
            let q = Question {
                t,
                system,
                facts: &facts,
                round,
                total_rounds,
                to_pair,
            };
            if let Some((other, score)) = q.lower_bye(b) {
                let own = facts
                    .get(&b)
                    .map_or(Score::ZERO, |f| pairing_score(t, f, b, round));
                v.push(Violation::ByeScoreNotMinimal(b, own, other, score));
            }
        }
    }
    let empty = Facts::default();
    for &(w, b) in &pairing.games {
        if w == b {
            v.push(Violation::SelfPaired(w));
            continue;
        }
        let fw = facts.get(&w).unwrap_or(&empty);
        let fb = facts.get(&b).unwrap_or(&empty);
        if fw.met.contains(&b) || fb.met.contains(&w) {
            v.push(Violation::Rematch(w.min(b), w.max(b)));
        }
        let (tw, tb) = (
            topscorer(t, fw, round, total_rounds),
            topscorer(t, fb, round, total_rounds),
        );
        for (id, f, c, own) in [(w, fw, Color::White, tw), (b, fb, Color::Black, tb)] {
            let exempt = match rules.colours {
                // Dubov has no topscorer exception (1997 2.3-2.4; 2026 C3 names none), nor have
                // Burstein (C3, 2.1.3) and Lim (Art. 2.1). Rating-based 1998 (Note to B.6):
                // B.2 does not apply to the player over 50% only. Lim Art. 6: in the last round
                // same-score pairing goes before the colour limits.
                ColourRule::PerPlayer {
                    topscorer_exempt,
                    last_round_exempt,
                } => topscorer_exempt && own || last_round_exempt && round == total_rounds,
                // Dutch: the pair is exempt when one is a topscorer.
                ColourRule::DutchTopscorers => tw || tb,
                // No colour criterion.
                ColourRule::Unlimited => true,
            };
            if exempt {
                continue;
            }
            let diff = difference_after(f, c);
            if diff.abs() > 2 {
                v.push(Violation::ColourDifference(id, diff));
            }
            if matches!(f.colours.as_slice(), [.., x, y] if *x == c && *y == c) {
                v.push(Violation::ThreeInRow(id, c));
            }
        }
    }
    v
}

/// Checks that every player's `recorded` score (kept by the simulator while drawing results,
/// indexed like `t.players`) equals the sum of his results under the point system.
pub fn check_scores(t: &Tournament, recorded: &[Score]) -> Vec<Violation> {
    t.players
        .iter()
        .zip(recorded)
        .filter_map(|(p, &rec)| {
            let sum: Score = p.rounds.iter().map(|e| t.points.points(e)).sum();
            (sum != rec).then_some(Violation::Score {
                player: p.id,
                recorded: rec,
                sum,
            })
        })
        .collect()
}

/// True when some pairing of `to_pair` in round `round` meets the absolute criteria: no
/// rematch (C.04.1.b), the bye (odd count) to an eligible player (C.04.1.d), and no two
/// non-topscorers with the same absolute colour preference together (C.04.3 C.3, A.6.a).
pub fn feasible(
    t: &Tournament,
    system: System,
    round: usize,
    total_rounds: usize,
    to_pair: &BTreeSet<PlayerId>,
) -> bool {
    if system.columns_per_round() == 2 {
        return crate::double_swiss::feasible(t, round, to_pair);
    }
    let facts = facts(t, system, round - 1);
    let q = Question {
        t,
        system,
        facts: &facts,
        round,
        total_rounds,
        to_pair,
    };
    if system.invariants().colours
        == (ColourRule::PerPlayer {
            topscorer_exempt: true,
            last_round_exempt: false,
        })
    {
        return q.b2_pairing_1998().is_some();
    }
    q.absolute_pairing(|_, _| true).is_some()
}

/// A round to pair: the tournament before it, its players' facts and who is to be paired.
struct Question<'a> {
    t: &'a Tournament,
    system: System,
    facts: &'a HashMap<PlayerId, Facts>,
    round: usize,
    total_rounds: usize,
    to_pair: &'a BTreeSet<PlayerId>,
}

/// The pairing score of a player before round `round`: his score plus the acceleration of that
/// round (C.04.3 of 2026, Art. 1.2; the score C5 minimises).
fn pairing_score(t: &Tournament, f: &Facts, id: PlayerId, round: usize) -> Score {
    f.score + t.acceleration_for(id, round)
}

impl Question<'_> {
    /// Rating-based 1998 (B.1, B.2): a pairing without rematches, the bye to an eligible
    /// player, and for every player not over 50% in the last round a colour that keeps his
    /// difference within ±2 and breaks any run of two.
    fn b2_pairing_1998(&self) -> Option<()> {
        let ids: Vec<PlayerId> = self.to_pair.iter().copied().collect();
        let n = ids.len();
        let empty = Facts::default();
        let fs: Vec<&Facts> = ids
            .iter()
            .map(|i| self.facts.get(i).unwrap_or(&empty))
            .collect();
        let may = |f: &Facts, c: Color| {
            if topscorer(self.t, f, self.round, self.total_rounds) {
                return true;
            }
            difference_after(f, c).abs() <= 2
                && !matches!(f.colours.as_slice(), [.., x, y] if *x == c && *y == c)
        };
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let met = fs[i].met.contains(&ids[j]) || fs[j].met.contains(&ids[i]);
                let colours = (may(fs[i], Color::White) && may(fs[j], Color::Black))
                    || (may(fs[i], Color::Black) && may(fs[j], Color::White));
                if !met && colours && !self.t.is_forbidden(ids[i], ids[j], self.round) {
                    edges.push((i, j, 1));
                }
            }
            if n % 2 == 1 && !fs[i].bye_barred {
                edges.push((i, n, 1));
            }
        }
        let mate = max_weight_matching(n + n % 2, &edges, true);
        mate.iter().all(Option::is_some).then_some(())
    }

    /// C5 of 2026: when the bye went to `bye`, the first player of lower pairing score who
    /// could have taken it in a pairing meeting the absolute criteria, with his score.
    fn lower_bye(&self, bye: PlayerId) -> Option<(PlayerId, Score)> {
        let (t, round) = (self.t, self.round);
        let f = self.facts.get(&bye)?;
        let limit = pairing_score(t, f, bye, round);
        let lower = |id: PlayerId, f: &Facts| pairing_score(t, f, id, round) < limit;
        // Nobody of lower score may take the bye (the usual case: it went to the lowest
        // group): no such pairing, without the matching.
        let empty = Facts::default();
        let candidate = |id: &PlayerId| {
            let f = self.facts.get(id).unwrap_or(&empty);
            !f.bye_barred && lower(*id, f)
        };
        if !self.to_pair.iter().any(candidate) {
            return None;
        }
        let other = self.absolute_pairing(lower)??;
        let fo = self.facts.get(&other)?;
        Some((other, pairing_score(t, fo, other, round)))
    }

    /// A pairing of `to_pair` meeting the absolute criteria (C.04.1.b, C.04.1.d with the
    /// system's bye rule, C.04.3 C.3 / C3) in which the bye, if any, goes to a player
    /// `may_take_bye` admits: `None` when there is none, else `Some` of its bye receiver.
    fn absolute_pairing(
        &self,
        may_take_bye: impl Fn(PlayerId, &Facts) -> bool,
    ) -> Option<Option<PlayerId>> {
        let Question {
            t,
            system,
            facts,
            round,
            total_rounds,
            to_pair,
        } = *self;
        let ids: Vec<PlayerId> = to_pair.iter().copied().collect();
        let n = ids.len();
        let empty = Facts::default();
        let fs: Vec<&Facts> = ids.iter().map(|i| facts.get(i).unwrap_or(&empty)).collect();
        // Absolute colour preference: difference beyond ±1 or the same colour twice in a row.
        let absolute = |f: &Facts| -> Option<Color> {
            let diff: i32 = f
                .colours
                .iter()
                .map(|&x| if x == Color::White { 1 } else { -1 })
                .sum();
            if diff > 1 {
                return Some(Color::Black);
            }
            if diff < -1 {
                return Some(Color::White);
            }
            match f.colours.as_slice() {
                [.., x, y] if x == y => Some(x.opposite()),
                _ => None,
            }
        };
        let abs: Vec<Option<Color>> = fs.iter().map(|f| absolute(f)).collect();
        // Only the Dutch rules have topscorers (Dubov's, Burstein's and Lim's colour rules
        // name no exception).
        let dutch = system.invariants().colours == ColourRule::DutchTopscorers;
        let top: Vec<bool> = fs
            .iter()
            .map(|f| dutch && topscorer(t, f, round, total_rounds))
            .collect();
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if fs[i].met.contains(&ids[j]) || fs[j].met.contains(&ids[i]) {
                    continue;
                }
                if !top[i] && !top[j] && abs[i].is_some() && abs[i] == abs[j] {
                    continue;
                }
                if t.is_forbidden(ids[i], ids[j], round) {
                    continue;
                }
                edges.push((i, j, 1));
            }
            if n % 2 == 1 && !fs[i].bye_barred && may_take_bye(ids[i], fs[i]) {
                edges.push((i, n, 1));
            }
        }
        let total = n + n % 2;
        let mate = max_weight_matching(total, &edges, true);
        if !mate.iter().all(Option::is_some) {
            return None;
        }
        Some((n % 2 == 1).then(|| mate[n].map(|i| ids[i])).flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swisslab_engine::{GameKind, GameResult, Player, PointSystem};

    fn game(opp: PlayerId, color: Color, result: GameResult) -> RoundEntry {
        RoundEntry::Game {
            opponent: opp,
            color,
            result,
            kind: GameKind::Rated,
        }
    }

    /// Six players after two rounds: 1-2 and 3-4 met in round 1 (1 and 3 White), 5 had the
    /// PAB; round 2: 1-3 (3 White), 2-5 (2 White), 6 scored a forfeit win over 4.
    fn two_rounds() -> Tournament {
        use Color::{Black as B, White as W};
        use GameResult::{Draw, Loss, Win};
        let rounds: Vec<Vec<RoundEntry>> = vec![
            vec![game(2, W, Win), game(3, B, Draw)],
            vec![game(1, B, Loss), game(5, W, Win)],
            vec![game(4, W, Draw), game(1, W, Draw)],
            vec![
                game(3, B, Draw),
                RoundEntry::Game {
                    opponent: 6,
                    color: W,
                    result: Loss,
                    kind: GameKind::Forfeit,
                },
            ],
            vec![RoundEntry::Unplayed(Unplayed::Pab), game(2, B, Loss)],
            vec![
                RoundEntry::Unplayed(Unplayed::ZeroBye),
                RoundEntry::Game {
                    opponent: 4,
                    color: B,
                    result: Win,
                    kind: GameKind::Forfeit,
                },
            ],
        ];
        tournament(rounds, 5)
    }

    /// Players 1, 2, ... with the given rounds, the default point system.
    fn tournament(rounds: Vec<Vec<RoundEntry>>, total: u32) -> Tournament {
        Tournament {
            players: rounds
                .into_iter()
                .enumerate()
                .map(|(i, r)| Player {
                    id: i as PlayerId + 1,
                    rounds: r,
                    ..Player::default()
                })
                .collect(),
            points: PointSystem::default(),
            total_rounds: Some(total),
            ..Tournament::default()
        }
    }

    fn all() -> BTreeSet<PlayerId> {
        (1..=6).collect()
    }

    fn pairing(games: &[(PlayerId, PlayerId)], bye: Option<PlayerId>) -> Pairing {
        Pairing {
            games: games.to_vec(),
            bye,
        }
    }

    #[test]
    fn a_valid_pairing_passes() {
        let t = two_rounds();
        // 3 (W, W) must get Black; 6 has no colour yet; 1 (W, B) may take Black after 5 (B).
        let p = pairing(&[(6, 3), (5, 1), (4, 2)], None);
        assert_eq!(
            check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p),
            vec![]
        );
        assert!(feasible(&t, System::Dutch2017, 3, 5, &all()));
    }

    #[test]
    fn catches_unpaired_twice_and_absent() {
        let t = two_rounds();
        let p = pairing(&[(1, 6), (4, 3)], None);
        assert!(check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p)
            .contains(&Violation::Unpaired(2)));
        let p = pairing(&[(1, 6), (4, 3), (5, 1)], Some(2));
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p);
        assert!(v.contains(&Violation::PairedTwice(1)), "{v:?}");
        let mut present = all();
        present.remove(&6);
        let p = pairing(&[(1, 6), (4, 3)], Some(2));
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &present, &p);
        assert!(v.contains(&Violation::NotToBePaired(6)), "{v:?}");
        assert!(v.contains(&Violation::Unpaired(5)), "{v:?}");
        let p = pairing(&[(1, 1)], None);
        assert!(check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p)
            .contains(&Violation::SelfPaired(1)));
    }

    #[test]
    fn catches_bye_with_even_count_and_second_bye() {
        let t = two_rounds();
        let p = pairing(&[(1, 6), (4, 3)], Some(5));
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p);
        assert!(v.contains(&Violation::ByeWithEvenCount(6)), "{v:?}");
        assert!(v.contains(&Violation::ByeNotAllowed(5)), "{v:?}");
        // 6 scored a forfeit win: no bye either.
        let mut present = all();
        present.remove(&5);
        let p = pairing(&[(1, 2), (4, 3)], Some(6));
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &present, &p);
        assert!(v.contains(&Violation::ByeNotAllowed(6)), "{v:?}");
        let v = check_pairing(&t, System::Dutch2026, 3, 5, &present, &p);
        assert!(v.contains(&Violation::ByeNotAllowed(6)), "{v:?}");
    }

    /// The editions' bye rules differ on unplayed rounds: a full-point bye bars the PAB under
    /// the 2026 rules (Art. 4: a win's points without playing) and not under 2017's C.04.1.d; a
    /// half-point bye bars it under neither.
    #[test]
    fn bye_rules_follow_the_edition() {
        let mut t = two_rounds();
        let mut present = all();
        present.remove(&5);
        let p = pairing(&[(1, 2), (4, 3)], Some(6));
        for (entry, barred_2017, barred_2026) in [
            (Unplayed::FullBye, false, true),
            (Unplayed::HalfBye, false, false),
            (Unplayed::ZeroBye, false, false),
        ] {
            // 6's forfeit win becomes a plain win; his round-1 entry is the bye under test.
            t.players[5].rounds = vec![
                RoundEntry::Unplayed(entry),
                game(4, Color::Black, GameResult::Win),
            ];
            t.players[3].rounds[1] = game(6, Color::White, GameResult::Loss);
            for (system, barred) in [
                (System::Dutch2017, barred_2017),
                (System::Dutch2026, barred_2026),
            ] {
                let v = check_pairing(&t, system, 3, 5, &present, &p);
                assert_eq!(
                    v.contains(&Violation::ByeNotAllowed(6)),
                    barred,
                    "{entry:?} under {system}: {v:?}"
                );
            }
        }
    }

    /// B.1.b of 2012: a bye or a forfeit win that scored bars the bye; when every player to
    /// pair is barred, the bye goes to one of them all the same.
    #[test]
    fn bye_rule_of_2012_yields_when_nobody_may_take_it() {
        let t = two_rounds();
        let to_pair = |ids: &[PlayerId]| ids.iter().copied().collect::<BTreeSet<_>>();
        // 6 scored a forfeit win in round 2: barred while 1 and 2 may take the bye.
        let p = pairing(&[(1, 2)], Some(6));
        let v = check_pairing(&t, System::Dutch2012, 3, 5, &to_pair(&[1, 2, 6]), &p);
        assert!(v.contains(&Violation::ByeNotAllowed(6)), "{v:?}");
        // 5 had the PAB of round 1: barred too.
        let p = pairing(&[(1, 2)], Some(5));
        let v = check_pairing(&t, System::Dutch2012, 3, 5, &to_pair(&[1, 2, 5]), &p);
        assert!(v.contains(&Violation::ByeNotAllowed(5)), "{v:?}");
        // Only 6 to pair, and he is barred: nobody may take the bye, so under 2012 it yields
        // (2017's C.04.1.d has no such clause).
        let p = pairing(&[], Some(6));
        let v = check_pairing(&t, System::Dutch2012, 3, 5, &to_pair(&[6]), &p);
        assert!(!v.contains(&Violation::ByeNotAllowed(6)), "{v:?}");
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &to_pair(&[6]), &p);
        assert!(v.contains(&Violation::ByeNotAllowed(6)), "{v:?}");
    }

    /// C5 of 2026 (the bye to the lowest score it can go to), on a final round of five players:
    /// 1 and 3 have 2 points, 2 and 5 one, 6 none (4 is absent). The natural 1-3 leaves 2-6 and
    /// the bye to 5 (2 and 5 met); floating 1 and 3 down gives the bye to 6 instead.
    #[test]
    fn bye_score_is_minimal_under_2026_only() {
        use Color::{Black as B, White as W};
        use GameResult::{Loss, Win};
        let rounds: Vec<Vec<RoundEntry>> = vec![
            vec![game(4, W, Win), game(2, B, Win)],
            vec![game(5, B, Win), game(1, W, Loss)],
            vec![game(6, W, Win), game(4, B, Win)],
            vec![game(1, B, Loss), game(3, W, Loss)],
            vec![game(2, W, Loss), game(6, B, Win)],
            vec![game(3, B, Loss), game(5, W, Loss)],
        ];
        let t = tournament(rounds, 3);
        let present: BTreeSet<PlayerId> = [1, 2, 3, 5, 6].into();
        let natural = pairing(&[(1, 3), (2, 6)], Some(5));
        assert_eq!(
            check_pairing(&t, System::Dutch2017, 3, 3, &present, &natural),
            vec![]
        );
        assert_eq!(
            check_pairing(&t, System::Dutch2026, 3, 3, &present, &natural),
            vec![Violation::ByeScoreNotMinimal(5, Score(10), 6, Score(0))]
        );
        let lowest = pairing(&[(1, 5), (3, 2)], Some(6));
        for system in [System::Dutch2017, System::Dutch2026] {
            assert_eq!(check_pairing(&t, system, 3, 3, &present, &lowest), vec![]);
        }
    }

    #[test]
    fn catches_rematch_but_not_after_forfeit() {
        let t = two_rounds();
        let p = pairing(&[(2, 1), (4, 3), (6, 5)], None);
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p);
        assert!(v.contains(&Violation::Rematch(1, 2)), "{v:?}");
        assert!(v.contains(&Violation::Rematch(3, 4)), "{v:?}");
        // 4 and 6 only had a forfeit: they may meet.
        let p = pairing(&[(1, 5), (4, 6), (3, 2)], None);
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p);
        assert!(
            !v.iter().any(|x| matches!(x, Violation::Rematch(4, 6))),
            "{v:?}"
        );
    }

    #[test]
    fn catches_colour_violations_except_topscorers() {
        let t = two_rounds();
        // 3 played W, W: a third White is forbidden.
        let p = pairing(&[(3, 1), (4, 6), (5, 2)], None);
        let v = check_pairing(&t, System::Dutch2017, 3, 5, &all(), &p);
        assert!(v.contains(&Violation::ThreeInRow(3, Color::White)), "{v:?}");
        assert!(v.contains(&Violation::ColourDifference(3, 3)), "{v:?}");
        // In the final round 3 (1.0 of 2.0 possible) is not a topscorer but 1 (1.5) is: the
        // pair is exempt.
        let v = check_pairing(&t, System::Dutch2017, 3, 3, &all(), &p);
        assert!(
            !v.iter().any(|x| matches!(x, Violation::ThreeInRow(..))),
            "{v:?}"
        );
    }

    #[test]
    fn dubov_has_no_topscorer_exception() {
        // The final-round pair of `catches_colour_violations_except_topscorers` under Dubov:
        // 1997 2.3-2.4 and the 2026 edition (C3 without a topscorer clause) exempt nobody.
        let t = two_rounds();
        let p = pairing(&[(3, 1), (4, 6), (5, 2)], None);
        for system in [System::Dubov1997, System::Dubov2026] {
            let v = check_pairing(&t, system, 3, 3, &all(), &p);
            assert!(
                v.contains(&Violation::ThreeInRow(3, Color::White)),
                "{system}: {v:?}"
            );
        }
    }

    #[test]
    fn rating_1998_exempts_only_the_player_over_half() {
        let t = two_rounds();
        // Final round: 1 (1.5 of 2.0) is over 50%, 3 (1.0) is not. The Dutch rules exempt the
        // pair; the Note to B.6 of 1998 exempts 1 only, so 3's third White breaks B.2.
        let p = pairing(&[(3, 1), (4, 6), (5, 2)], None);
        let v = check_pairing(&t, System::Rating1998, 3, 3, &all(), &p);
        assert!(v.contains(&Violation::ThreeInRow(3, Color::White)), "{v:?}");
        // B.1.b of 1998: a full-point bye bars the bye, a half-point bye does not.
        let e = |u| RoundEntry::Unplayed(u);
        assert!(bars_bye(&t, System::Rating1998, &e(Unplayed::FullBye)));
        assert!(bars_bye(&t, System::Rating1998, &e(Unplayed::Pab)));
        assert!(!bars_bye(&t, System::Rating1998, &e(Unplayed::HalfBye)));
        assert!(feasible(&t, System::Rating1998, 3, 5, &all()));
    }

    #[test]
    fn catches_wrong_scores() {
        let t = two_rounds();
        let good: Vec<Score> = vec![
            Score(15),
            Score(10),
            Score(10),
            Score(5),
            Score(10),
            Score(10),
        ];
        assert_eq!(check_scores(&t, &good), vec![]);
        let mut bad = good.clone();
        bad[3] = Score(15);
        assert_eq!(
            check_scores(&t, &bad),
            vec![Violation::Score {
                player: 4,
                recorded: Score(15),
                sum: Score(5)
            }]
        );
    }

    #[test]
    fn feasibility_sees_exhausted_fields() {
        // Two players who already met: no pairing exists.
        let mut t = two_rounds();
        t.players.truncate(2);
        let two: BTreeSet<PlayerId> = [1, 2].into();
        assert!(!feasible(&t, System::Dutch2017, 3, 5, &two));
    }
}
