//! Lim System (C.04.4.3) Art. 2.3.1-2.3.3: the players of a scoregroup transferred to the
//! neighbouring scoregroup before it is paired, because they have no suitable opponent in it.
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
//!
//! 2.3.4 is a choice (Art. 3, `floaters`). A player with no compatible opponent in the
//! scoregroup whom no clause names (his unmet group-mates are barred by their own colours) is
//! transferred too, as "no suitable opponent": the scoregroup cannot pair him.

use super::LimRound;
use std::fmt;

/// Why a player leaves the scoregroup before it is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reason {
    /// 2.3.1: has played all the players of the scoregroup.
    PlayedAll,
    /// 2.3.2: two more of one colour, and no compatible opponent in the scoregroup.
    ColourSurplus,
    /// 2.3.3: the same colour in the previous two rounds, and no compatible opponent.
    SameColourTwice,
    /// 2.3 (no clause names him): no compatible opponent in the scoregroup.
    NoCompatible,
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
            Reason::NoCompatible => "Art. 2.3: no compatible opponent in the scoregroup",
        })
    }
}

/// Art. 2.3.1-2.3.3: the players of `members` with no compatible opponent among them, each
/// with the first clause that names him. They are identified together: such a player is
/// nobody's compatible opponent, so taking one out changes no other verdict.
pub(super) fn unsuitable(r: &LimRound, members: &[usize]) -> Vec<(usize, Reason)> {
    let mut out = Vec::new();
    for &i in members {
        let p = &r.players[i];
        let mut others = members.iter().copied().filter(|&j| j != i).peekable();
        if others.peek().is_none() {
            continue;
        }
        let others: Vec<usize> = others.collect();
        if others.iter().any(|&j| r.compatible(i, j)) {
            continue;
        }
        let reason = if others.iter().all(|&j| p.met.contains(&r.players[j].id)) {
            Reason::PlayedAll
        } else if super::compat::difference(&p.colours).abs() >= 2 {
            Reason::ColourSurplus
        } else if matches!(p.colours.as_slice(), [.., x, y] if x == y) {
            Reason::SameColourTwice
        } else {
            Reason::NoCompatible
        };
        out.push((i, reason));
    }
    out
}
