//! Double-Swiss (C.04.5) in the simulator: a match of two games is two round columns, game 2
//! with the colours of game 1 reversed (4.4) and the PAB written `U` then `H` (a game won and a
//! game drawn, 1.4); and the invariants of a match pairing, read from the columns without the
//! engine's code:
//!
//! - every player to pair is paired once or has the PAB, nobody else; the PAB only for an odd
//!   number (1.3.2: every bracket is even);
//! - no two players meet twice; a match is not a meeting when a player forfeited both its games
//!   (Preface: "the same pairing may be repeated");
//! - C2: no PAB after a PAB, a match won by forfeit (with or without an opponent) or a
//!   full-point bye (in either column).
//!
//! [`feasible`] tells whether any pairing meets those (C1, C2), by a maximum-cardinality
//! matching.

use crate::invariants::Violation;
use std::collections::{BTreeSet, HashMap, HashSet};
use swisslab_engine::matching::max_weight_matching;
use swisslab_engine::pairing::Pairing;
use swisslab_engine::{GameKind, GameResult, PlayerId, RoundEntry, Tournament, Unplayed};

/// Round columns per pairing round.
pub const COLUMNS: usize = 2;

/// The game-2 column of a match: the same pairs with the colours reversed, the same PAB.
pub fn second_game(game_one: &Pairing) -> Pairing {
    Pairing {
        games: game_one.games.iter().map(|&(w, b)| (b, w)).collect(),
        bye: game_one.bye,
    }
}

/// The game-2 entry of a player whose game-1 entry is `e`: the PAB's second column is `H`.
pub fn second_entry(e: RoundEntry) -> RoundEntry {
    match e {
        RoundEntry::Unplayed(Unplayed::Pab) => RoundEntry::Unplayed(Unplayed::HalfBye),
        other => other,
    }
}

fn forfeit_loss(e: Option<&RoundEntry>) -> bool {
    matches!(
        e,
        Some(RoundEntry::Game {
            kind: GameKind::Forfeit,
            result: GameResult::Loss,
            ..
        })
    )
}

/// Meetings and PAB bars of every player from the matches before column `column` (odd).
fn facts(
    t: &Tournament,
    column: usize,
) -> (HashMap<PlayerId, HashSet<PlayerId>>, HashSet<PlayerId>) {
    let mut met: HashMap<PlayerId, HashSet<PlayerId>> = HashMap::new();
    let mut barred = HashSet::new();
    let by_id: HashMap<PlayerId, &Vec<RoundEntry>> =
        t.players.iter().map(|p| (p.id, &p.rounds)).collect();
    for p in &t.players {
        for g1 in (0..column.saturating_sub(1)).step_by(2) {
            let (a, b) = (p.rounds.get(g1), p.rounds.get(g1 + 1));
            match (a, b) {
                (Some(RoundEntry::Game { opponent, .. }), _) => {
                    let theirs = by_id.get(opponent);
                    let mine_both = forfeit_loss(a) && forfeit_loss(b);
                    let theirs_both = theirs
                        .is_some_and(|r| forfeit_loss(r.get(g1)) && forfeit_loss(r.get(g1 + 1)));
                    if !mine_both && !theirs_both {
                        met.entry(p.id).or_default().insert(*opponent);
                    }
                    if theirs_both && !mine_both {
                        barred.insert(p.id);
                    }
                }
                // A PAB, a full-point bye in either column, a match won by forfeit without
                // an opponent.
                (Some(RoundEntry::Unplayed(Unplayed::Pab | Unplayed::FullBye)), _)
                | (_, Some(RoundEntry::Unplayed(Unplayed::FullBye)))
                | (
                    Some(RoundEntry::Unplayed(Unplayed::ForfeitWin)),
                    Some(RoundEntry::Unplayed(Unplayed::ForfeitWin)),
                ) => {
                    barred.insert(p.id);
                }
                _ => {}
            }
        }
    }
    (met, barred)
}

/// The invariants of the pairing of the match starting at column `column`.
pub fn check_match(
    t: &Tournament,
    column: usize,
    to_pair: &BTreeSet<PlayerId>,
    pairing: &Pairing,
) -> Vec<Violation> {
    let (met, barred) = facts(t, column);
    let mut v = Vec::new();
    let mut seen = HashSet::new();
    for id in pairing
        .games
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .chain(pairing.bye)
    {
        if !seen.insert(id) {
            v.push(Violation::PairedTwice(id));
        }
        if !to_pair.contains(&id) {
            v.push(Violation::NotToBePaired(id));
        }
    }
    v.extend(
        to_pair
            .iter()
            .filter(|id| !seen.contains(id))
            .map(|&id| Violation::Unpaired(id)),
    );
    if pairing.bye.is_some() && to_pair.len() % 2 != 1 {
        v.push(Violation::ByeWithEvenCount(to_pair.len()));
    }
    if let Some(b) = pairing.bye.filter(|b| barred.contains(b)) {
        v.push(Violation::ByeNotAllowed(b));
    }
    for &(w, b) in &pairing.games {
        if w == b {
            v.push(Violation::SelfPaired(w));
        } else if met.get(&w).is_some_and(|m| m.contains(&b))
            || met.get(&b).is_some_and(|m| m.contains(&w))
        {
            v.push(Violation::Rematch(w.min(b), w.max(b)));
        }
    }
    v
}

/// True when some pairing of `to_pair` for the match starting at `column` meets C1 and C2.
pub fn feasible(t: &Tournament, column: usize, to_pair: &BTreeSet<PlayerId>) -> bool {
    let (met, barred) = facts(t, column);
    let ids: Vec<PlayerId> = to_pair.iter().copied().collect();
    let complete = |skip: Option<PlayerId>| {
        let list: Vec<PlayerId> = ids.iter().copied().filter(|&i| Some(i) != skip).collect();
        let mut edges = Vec::new();
        for a in 0..list.len() {
            for b in a + 1..list.len() {
                let ok = !met.get(&list[a]).is_some_and(|m| m.contains(&list[b]))
                    && !t.is_forbidden(list[a], list[b], column);
                if ok {
                    edges.push((a, b, 1i64));
                }
            }
        }
        max_weight_matching(list.len(), &edges, true)
            .iter()
            .all(Option::is_some)
    };
    if ids.len().is_multiple_of(2) {
        return complete(None);
    }
    ids.iter()
        .any(|&b| !barred.contains(&b) && complete(Some(b)))
}
