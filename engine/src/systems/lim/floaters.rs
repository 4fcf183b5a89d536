//! Lim System (C.04.4.3) Art. 3: the choice of the floater that makes a scoregroup's number
//! even (2.3.4), "if a choice is available".
//!
//! - 3.2.1: pairing downward the floater goes to the next lower scoregroup, upward to the next
//!   higher one (`procedure`).
//! - 3.2.2: choose the floater so as to equalise the numbers of players due White and due
//!   Black in the scoregroup; 3.2.3: in a Maxi-tournament only a player rated within 100 points
//!   of the player 3.2.4 would otherwise choose.
//! - 3.2.4: otherwise, or on a tie, the lowest numbered player downward (the largest pairing
//!   number: #1 is "the highest numbered player", 4.2), the highest numbered upward.
//! - 3.3 / 3.4: a floater who has a compatible opponent in the next scoregroup, not counting
//!   the opponents the floaters chosen before him need.
//! - 3.5: a chosen floater with no compatible opponent in the adjacent scoregroup is replaced by
//!   one who has one, or floats on: the type order (3.9) chooses one who has one whenever there
//!   is one; one who has none is transferred on by 2.3 in the next scoregroup.
//! - 3.9.1 types, in descending order of disadvantage: a, already floated into the scoregroup
//!   and no compatible opponent in the adjacent one; b, floated in, with one; c, a resident
//!   without one; d, a resident with one. 3.9.2: avoid a, then b, then c.
//! - 3.10: a player who floated in the previous round is not chosen again, unless this avoids
//!   a floater of type a, b or c (3.10.1) or the scoregroup would otherwise lose a pairing
//!   (3.10.2).
//!
//! The order of these considerations is `readings::FLOATER_ORDER`.

use super::colour::within_band;
use super::groups::Direction;
use super::reach::Reach;
use super::readings::{FloaterRule, FLOATER_ORDER};
use super::LimRound;
use crate::model::Color;
use std::fmt;

/// A player who could float, as the considerations of Art. 3 see him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    pub index: usize,
    pub id: u32,
    /// 3.9.1: 'a' to 'd'.
    pub kind: char,
    pub floated_last: bool,
    pub due: Option<Color>,
}

/// The choice of a floater, with what each consideration kept (for the account).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    pub player: usize,
    /// 3.9.1: 'a' to 'd'.
    pub kind: char,
    /// The players each consideration kept, in the order of `FLOATER_ORDER`.
    pub kept: Vec<(FloaterRule, Vec<usize>)>,
    /// 3.2.2: the colour more players are due, if the numbers differ.
    pub majority: Option<Color>,
    /// Every player who could float.
    pub candidates: Vec<Candidate>,
}

impl Choice {
    /// The candidate at rank index `i`.
    pub fn candidate(&self, i: usize) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.index == i)
    }

    /// The consideration that decided: the last one that narrowed the candidates.
    pub fn decided_by(&self) -> FloaterRule {
        let mut before = usize::MAX;
        let mut last = FloaterRule::Number;
        for (rule, kept) in &self.kept {
            if kept.len() < before && before != usize::MAX {
                last = *rule;
            }
            before = kept.len();
        }
        last
    }
}

impl fmt::Display for FloaterRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FloaterRule::Type => "3.9.2 (floater types)",
            FloaterRule::NotFloatedLast => "3.10 (not a floater of the previous round)",
            FloaterRule::Colour => "3.2.2 (equalise those due White and due Black)",
            FloaterRule::Opponent => "3.3 (a compatible opponent in the adjacent scoregroup)",
            FloaterRule::Number => "3.2.4 (the lowest numbered downward, highest upward)",
        })
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = |i: usize| self.candidate(i).map_or(0, |c| c.id);
        write!(f, "type {}, decided by {}", self.kind, self.decided_by())?;
        let steps: Vec<String> = self
            .kept
            .iter()
            .map(|(rule, kept)| {
                let names: Vec<String> = kept.iter().map(|&i| id(i).to_string()).collect();
                let rule = match rule {
                    FloaterRule::Type => "3.9",
                    FloaterRule::NotFloatedLast => "3.10",
                    FloaterRule::Colour => "3.2.2",
                    FloaterRule::Opponent => "3.3",
                    FloaterRule::Number => "3.2.4",
                };
                format!("{rule} {}", names.join(" "))
            })
            .collect();
        write!(f, " [{}]", steps.join("; "))
    }
}

/// 3.9.1: the type of `p` as a floater of a scoregroup whose incoming floaters are `arrived`,
/// the adjacent scoregroup's players being `pool`.
pub(super) fn kind(r: &LimRound, p: usize, arrived: &[usize], pool: &[usize]) -> char {
    let floated_in = arrived.contains(&p);
    let opponent = pool.iter().any(|&q| r.compatible(p, q));
    match (floated_in, opponent) {
        (true, false) => 'a',
        (true, true) => 'b',
        (false, false) => 'c',
        (false, true) => 'd',
    }
}

/// What the choice of a floater knows of its scoregroup.
pub(super) struct Scoregroup<'a> {
    /// The players of the scoregroup after 2.3.1-2.3.3 (an odd number).
    pub players: &'a [usize],
    /// Those of them who floated into it this round.
    pub arrived: &'a [usize],
    pub direction: Direction,
    /// The adjacent scoregroup's players (the next one in the direction of pairing).
    pub adjacent: &'a [usize],
    /// The floaters already sent there from this scoregroup (2.3.1-2.3.3).
    pub sent: &'a [usize],
}

/// Art. 3: the floater of `g` to make its number even.
pub(super) fn choose(r: &LimRound, reach: &dyn Reach, g: &Scoregroup) -> Choice {
    let mut candidates: Vec<usize> = g.players.to_vec();
    let mut kept = Vec::new();
    let rest_without =
        |p: usize| -> Vec<usize> { g.players.iter().copied().filter(|&q| q != p).collect() };
    // 3.2.2: the colours the scoregroup's players are due.
    let dues: Vec<Option<Color>> = g.players.iter().map(|&i| r.players[i].due).collect();
    let whites = dues.iter().filter(|d| **d == Some(Color::White)).count();
    let blacks = dues.iter().filter(|d| **d == Some(Color::Black)).count();
    let majority = match whites.cmp(&blacks) {
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    };
    // 3.2.4: the lowest numbered downward, the highest numbered upward.
    let by_number = |v: &[usize]| -> Option<usize> {
        match g.direction {
            Direction::Downward => v.iter().copied().max_by_key(|&i| r.players[i].id),
            Direction::Upward => v.iter().copied().min_by_key(|&i| r.players[i].id),
        }
    };
    for rule in FLOATER_ORDER {
        let narrowed: Vec<usize> = match rule {
            FloaterRule::Type => {
                let best = candidates
                    .iter()
                    .map(|&p| kind(r, p, g.arrived, g.adjacent))
                    .max()
                    .unwrap_or('d');
                candidates
                    .iter()
                    .copied()
                    .filter(|&p| kind(r, p, g.arrived, g.adjacent) == best)
                    .collect()
            }
            FloaterRule::NotFloatedLast => {
                let (fresh, again): (Vec<usize>, Vec<usize>) = candidates
                    .iter()
                    .partition(|&&p| !r.players[p].floated_last);
                if fresh.is_empty() || again.is_empty() {
                    candidates.clone()
                } else {
                    // 3.10.2: the scoregroup keeps its pairings with a fresh floater if it can.
                    let keeps = |p: usize| reach.complete(r, &rest_without(p));
                    if fresh.iter().any(|&p| keeps(p)) || !again.iter().any(|&p| keeps(p)) {
                        fresh
                    } else {
                        again.into_iter().filter(|&p| keeps(p)).collect()
                    }
                }
            }
            FloaterRule::Colour => match majority {
                None => candidates.clone(),
                Some(c) => {
                    let reference = by_number(&candidates);
                    candidates
                        .iter()
                        .copied()
                        .filter(|&p| r.players[p].due == Some(c))
                        .filter(|&p| !r.maxi || reference.is_none_or(|q| within_band(r, p, q)))
                        .collect()
                }
            },
            FloaterRule::Opponent => candidates
                .iter()
                .copied()
                .filter(|&p| {
                    let mut needs: Vec<usize> = g.sent.to_vec();
                    needs.push(p);
                    reach.assignable(r, &needs, g.adjacent)
                })
                .collect(),
            FloaterRule::Number => by_number(&candidates).into_iter().collect(),
        };
        if !narrowed.is_empty() {
            candidates = narrowed;
        }
        kept.push((rule, candidates.clone()));
    }
    let player = candidates[0];
    let candidates = g
        .players
        .iter()
        .map(|&i| Candidate {
            index: i,
            id: r.players[i].id,
            kind: kind(r, i, g.arrived, g.adjacent),
            floated_last: r.players[i].floated_last,
            due: r.players[i].due,
        })
        .collect();
    Choice {
        player,
        kind: kind(r, player, g.arrived, g.adjacent),
        kept,
        majority,
        candidates,
    }
}
