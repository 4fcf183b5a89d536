//! Lim System (C.04.4.3) Art. 2.3: the players of a scoregroup transferred to a neighbouring
//! scoregroup before it is paired (floaters).
//!
//! > 2.3 Before the players in a scoregroup are paired, the players in the scoregroup who have
//! > no suitable opponents for the following reasons are identified and transferred to a
//! > neighbouring scoregroup:
//! > 2.3.1 they have already played all the players of their scoregroup; or
//! > 2.3.2 they have already received two more of one colour over an equal allocation and there
//! > is no compatible opponent available in the scoregroup to enable them to have a
//! > permissible colour; or
//! > 2.3.3 (2017 wording, c.) the player has already received the same colour in the previous
//! > two rounds and there is no compatible player in the score-group to enable the player to
//! > have the alternate colour; or
//! > 2.3.4 (2017 wording, d.) it is necessary to make even the number of players in the
//! > score-group.
//! > Such a transferred player is described as a floater. Rules on how to select the floater,
//! > if a choice is available, are … (the text could not be read further)
//!
//! 2.3.1-2.3.3 name players; 2.3.4 names a number: which player floats is chosen by rules not
//! read, so it is decided here only when there is no choice (one player left).

use super::compat::compatible;
use super::LimPlayer;
use std::fmt;

/// Why a player is transferred (Art. 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// 2.3.1: has played all the players of the scoregroup.
    PlayedAll,
    /// 2.3.2: two more of one colour, and no compatible opponent in the scoregroup.
    ColourSurplus,
    /// 2.3.3: the same colour in the previous two rounds, and no compatible opponent.
    SameColourTwice,
    /// 2.3.4: the only player left, to make the number even.
    Parity,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::PlayedAll => "Art. 2.3.1: has already played all the players of the scoregroup",
            Reason::ColourSurplus => {
                "Art. 2.3.2: two more of one colour, and no compatible opponent in the scoregroup"
            }
            Reason::SameColourTwice => {
                "Art. 2.3.3: the same colour in the previous two rounds, and no compatible \
                 opponent in the scoregroup"
            }
            Reason::Parity => {
                "Art. 2.3.4: the only player left, transferred to make the number even"
            }
        })
    }
}

/// Art. 2.3.1-2.3.3: the players of `members` (indices into `players`) with no suitable
/// opponent in it, each with the first clause that names him. They are identified together:
/// such a player is nobody's compatible opponent, so taking one out changes no other verdict.
pub(super) fn unsuitable(players: &[LimPlayer], members: &[usize]) -> Vec<(usize, Reason)> {
    let mut out = Vec::new();
    for &i in members {
        let p = &players[i];
        let others = || {
            members
                .iter()
                .filter(move |&&j| j != i)
                .map(|&j| &players[j])
        };
        if others().next().is_none() {
            continue;
        }
        if others().all(|q| p.met.contains(&q.id)) {
            out.push((i, Reason::PlayedAll));
            continue;
        }
        if others().any(|q| compatible(p, q)) {
            continue;
        }
        let diff: i32 = p
            .colours
            .iter()
            .map(|c| {
                if *c == crate::model::Color::White {
                    1
                } else {
                    -1
                }
            })
            .sum();
        if diff.abs() >= 2 {
            out.push((i, Reason::ColourSurplus));
        } else if matches!(p.colours.as_slice(), [.., x, y] if x == y) {
            out.push((i, Reason::SameColourTwice));
        }
        // Otherwise no clause names him (his only unmet group-mates are barred by their own
        // colours): he stays, and the articles not read decide.
    }
    out
}
