//! Lim System (C.04.4.3) Art. 5 and 7.2: the colours of a pair once it is made.
//!
//! - 5.1: colours alternate and are equalised where possible; never the same colour in three
//!   successive rounds (5.1.1) nor three more of one colour (5.1.2); 5.3: a player who had the
//!   same colour in the previous two rounds gets the other. Outside the last round
//!   compatibility (2.1) leaves at least one allocation within these limits; when only one is,
//!   it is given.
//! - 5.5 / 5.6: each player gets the colour due to him when the two are due different colours
//!   (`readings::due_colour`).
//! - 5.4: both due the same colour: going back through their colour histories to the latest
//!   round in which they had different colours, each gets the colour the other had then (played
//!   games only, aligned at the last game: C.04.2 Art. 3.4). With identical histories, in the
//!   Median Scoregroup and above the higher-ranked player gets the colour due to him, below it
//!   the lower-ranked player.
//! - 7.2: two players who have not played yet (round 1): #1's colour is drawn by lot, the other
//!   odd-numbered players of the upper half get the same colour, the even-numbered the other;
//!   so the higher-ranked player of the pair gets the lot colour when his number is odd.
//!
//! Art. 6: in the last round an allocation beyond the limits can be needed; the rules above
//! then decide among both.

use super::compat::colour_allowed;
use super::readings::{ranked, MAXI_BAND};
use super::LimRound;
use crate::model::Color;
use std::fmt;

/// The rule that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ColourRule {
    /// 5.1.1-5.1.2, 5.3: only one allocation within the limits.
    Limits,
    /// 5.5 / 5.6: both get the colour due to them (or the one with a due colour gets it).
    Due,
    /// 5.4: the latest round in which their colours differed.
    History,
    /// 5.4: identical histories; the higher-ranked (median and above) or lower-ranked player
    /// gets his due colour.
    Rank,
    /// 7.2: neither has played; the lot colour by the higher-ranked player's number.
    Lot,
}

impl fmt::Display for ColourRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColourRule::Limits => "Art. 5.1/5.3: the only allocation within the colour limits",
            ColourRule::Due => "Art. 5.5/5.6: each gets the colour due to him",
            ColourRule::History => {
                "Art. 5.4: both due the same colour; the latest round their colours differed"
            }
            ColourRule::Rank => "Art. 5.4: identical histories; the rank decides",
            ColourRule::Lot => "Art. 7.2: neither has played; the lot and the pairing number",
        })
    }
}

/// Art. 5.2 (and 3.8): the pair lets each player have the colour due to him.
pub(super) fn suits(r: &LimRound, a: usize, b: usize) -> bool {
    match (r.players[a].due, r.players[b].due) {
        (Some(x), Some(y)) => x != y,
        _ => true,
    }
}

/// 3.2.3, 3.8, 5.7: in a Maxi-tournament a choice for colour only between players whose
/// ratings differ by 100 points or less.
pub(super) fn within_band(r: &LimRound, a: usize, b: usize) -> bool {
    r.players[a].rating.abs_diff(r.players[b].rating) <= MAXI_BAND
}

/// The colours of the pair `a`-`b` made in a scoregroup at or above the median
/// (`median_or_above`) or below it: `(white, black, rule)`.
pub(super) fn allocate(
    r: &LimRound,
    a: usize,
    b: usize,
    median_or_above: bool,
) -> (usize, usize, ColourRule) {
    let (pa, pb) = (&r.players[a], &r.players[b]);
    let white = |x: usize, rule| {
        if x == a {
            (a, b, rule)
        } else {
            (b, a, rule)
        }
    };
    // 5.1.1-5.1.2, 5.3.
    let a_white =
        colour_allowed(&pa.colours, Color::White) && colour_allowed(&pb.colours, Color::Black);
    let a_black =
        colour_allowed(&pa.colours, Color::Black) && colour_allowed(&pb.colours, Color::White);
    if a_white != a_black {
        return white(if a_white { a } else { b }, ColourRule::Limits);
    }
    let (da, db) = (pa.due, pb.due);
    let gets = |x: usize, c: Color, rule| {
        let other = if x == a { b } else { a };
        white(if c == Color::White { x } else { other }, rule)
    };
    match (da, db) {
        (Some(x), Some(y)) if x != y => return gets(a, x, ColourRule::Due),
        (Some(x), None) => return gets(a, x, ColourRule::Due),
        (None, Some(y)) => return gets(b, y, ColourRule::Due),
        (None, None) => {
            // 7.2: the higher-ranked player's number against the lot.
            let (hi, _) = ranked(&r.players, a, b);
            let c = if r.number[hi] % 2 == 1 {
                r.initial
            } else {
                r.initial.opposite()
            };
            return gets(hi, c, ColourRule::Lot);
        }
        _ => {}
    }
    // 5.4: both due the same colour; back through the played games, aligned at the last one.
    let walk = pa.colours.iter().rev().zip(pb.colours.iter().rev());
    for (ca, cb) in walk {
        if ca != cb {
            // Each gets the colour the other had then.
            return gets(a, *cb, ColourRule::History);
        }
    }
    // Identical histories: the rank decides.
    let (hi, lo) = ranked(&r.players, a, b);
    let x = if median_or_above { hi } else { lo };
    let due = if x == a { da } else { db };
    gets(x, due.unwrap_or(r.initial), ColourRule::Rank)
}
