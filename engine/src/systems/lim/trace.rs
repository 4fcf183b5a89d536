//! What the Lim procedure did in a round, step by step with the article of each step: the
//! record `pair --explain` prints (`account`) and `check` compares a file's pairing with
//! (`difference`).

use super::colour::ColourRule;
use super::floaters::Choice;
use super::groups::{ByeRule, Direction, Side};
use super::transfer::Reason;
use crate::pairing::PairingError;
use crate::score::Score;
use std::fmt;

/// Where a floater comes from: a higher scoregroup (a downfloater) or a lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    Down,
    Up,
}

/// A player transferred into a scoregroup (or a cracked pairing's player in the median).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Floater {
    pub player: usize,
    pub origin: Origin,
}

/// Why a player leaves the scoregroup being paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum FloatWhy {
    /// 2.3.1-2.3.3: no suitable opponent in the scoregroup.
    Transfer(Reason),
    /// 2.3.4 and Art. 3: chosen to make the number even.
    Parity(Choice),
    /// 4.4.1: the player who cannot be paired, exchanged with the floater (who returns), with
    /// the choice that had floated him.
    Swapped {
        returned: usize,
        choice: Option<Box<Choice>>,
    },
    /// 4.4.2: the player who cannot be paired.
    Unpairable,
    /// 4.4.2: the player floated together with him.
    Companion { with: usize },
}

impl fmt::Display for FloatWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FloatWhy::Transfer(r) => write!(f, "{r}"),
            FloatWhy::Parity(c) => write!(f, "Art. 2.3.4, to make the number even: {c}"),
            FloatWhy::Swapped { .. } => f.write_str(
                "Art. 4.4.1: cannot be paired in the scoregroup; exchanged with the floater",
            ),
            FloatWhy::Unpairable => f.write_str("Art. 4.4.2: cannot be paired in the scoregroup"),
            FloatWhy::Companion { .. } => {
                f.write_str("Art. 4.4.2: floats with the player who cannot be paired")
            }
        }
    }
}

/// How the scrutinised player of a pair got his opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum How {
    /// 3.8: a floater, with the first available player due the alternate colour.
    FloaterColour,
    /// 3.8: a floater, with the first available player (none due the alternate colour).
    Floater,
    /// 2.4 / 4.1: the proposed opponent.
    Proposed,
    /// 4.1-4.3: the proposed opponent not available, the first available in the exchange order.
    Exchange,
    /// 5.2: the second scrutiny, an exchange for colour.
    Colour,
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            How::FloaterColour => {
                "Art. 3.8: the floater's first available opponent due the alternate colour"
            }
            How::Floater => "Art. 3.8: the floater's first available opponent",
            How::Proposed => "Art. 2.4/4.1: the proposed pairing",
            How::Exchange => "Art. 4.1-4.3: an exchange, the proposed opponent not being available",
            How::Colour => "Art. 5.2: an exchange for colour",
        })
    }
}

/// A pair made in a scoregroup: `a` the player scrutinised, `b` his opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Made {
    pub a: usize,
    pub b: usize,
    pub how: How,
}

/// One scoregroup as the procedure paired it (the Median Scoregroup once, after its cracks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub score: Score,
    pub direction: Direction,
    pub side: Side,
    /// Its own players (indices into the rank order).
    pub residents: Vec<usize>,
    /// The floaters it received, in the order they arrived.
    pub incoming: Vec<Floater>,
    /// The players it passed on, in order, with the reason.
    pub floats: Vec<(usize, FloatWhy)>,
    /// Its pairs in the order they were made (a pair later cracked by 2.6 included).
    pub pairs: Vec<Made>,
    /// The pairs of `pairs` that 2.6 cracked.
    pub cracked: Vec<(usize, usize)>,
}

/// A pairing cracked by Art. 2.6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Crack {
    pub a: usize,
    pub b: usize,
    /// The side it was taken from.
    pub side: Side,
    /// Floaters the median had received from above and from below when it was blocked.
    pub from_above: usize,
    pub from_below: usize,
}

/// A game of the round with its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Game {
    pub white: usize,
    pub black: usize,
    pub rule: ColourRule,
}

/// The round as the procedure paired it.
#[derive(Clone, Debug)]
pub(super) struct Done {
    /// Art. 1.1 / 7.1: the bye, with the rule naming him.
    pub bye: Option<(usize, ByeRule)>,
    /// Art. 2.2: the scoregroups in the order they were paired.
    pub steps: Vec<Step>,
    /// Art. 2.6: the pairings cracked, in order.
    pub cracks: Vec<Crack>,
    /// The games, or why the round could not be paired.
    pub outcome: Result<Vec<Game>, PairingError>,
}

impl Done {
    /// The round's pairing (board order of C.04.2).
    pub fn pairing(
        &self,
        t: &crate::model::Tournament,
        r: &super::LimRound,
    ) -> Result<crate::pairing::Pairing, PairingError> {
        let games = self.outcome.clone()?;
        let pairs: Vec<(usize, usize)> = games.iter().map(|g| (g.white, g.black)).collect();
        Ok(crate::pairing::Pairing::from_indices(
            t,
            r.round,
            |i| r.id(i),
            &pairs,
            self.bye.map(|(b, _)| b),
        ))
    }
}
