//! The readings the Swiss Team text (C.04.6) and the Double-Swiss text (C.04.5) share where their
//! common wording is open, each in one place. docs/systems/double-swiss.md and
//! docs/systems/swiss-team.md give, for each, the text, the reading and why (the Swiss Team
//! reference's open points A5, A6, A7 and A12).

use super::{Field, Strength};
use crate::model::Color;
use crate::score::Score;
use std::cmp::Reverse;

/// C5 (2.3.2): "minimise the score differences (taken in descending order) in the pairs
/// involving upfloaters", i.e. maximise the upfloaters' scores "taken in ascending order": the
/// lowest score first, then the second lowest, and so on (A5). The key of a set's scores:
/// smaller is better (each score reversed, the scores in ascending order).
pub(crate) fn c5_key(scores: impl IntoIterator<Item = Score>) -> Vec<Reverse<Score>> {
    let mut v: Vec<Score> = scores.into_iter().collect();
    v.sort_unstable();
    v.into_iter().map(Reverse).collect()
}

/// C6 (2.3.3): "unless all teams of the following scoregroup became or are upfloaters", the
/// upfloaters are chosen so that C4 is met in the bracket where the following scoregroup is
/// paired (A6: graded, the fewest upfloaters that bracket needs). The following scoregroup:
/// the units of `lower` (the unpaired units below the top scoregroup, in the 1.2 order) with
/// the highest score among them. True when C6 applies: some of them are left behind by the
/// upfloaters `ups`.
pub(crate) fn c6_applies(lower: &[usize], score: impl Fn(usize) -> Score, ups: &[usize]) -> bool {
    let Some(&first) = lower.first() else {
        return false;
    };
    let following = score(first);
    lower
        .iter()
        .take_while(|&&i| score(i) == following)
        .any(|i| !ups.contains(i))
}

/// C10 (C.04.6 2.3.7; C.04.5 C8): "minimise the number of upfloaters' opponents who were
/// floaters in the previous round". Each unit of the pair `a`-`b` who is an upfloater's
/// opponent and floated counts: in a pair of two upfloaters both are upfloaters' opponents, and
/// each counts.
pub(crate) fn float_count(
    ups: &[usize],
    floated: impl Fn(usize) -> bool,
    a: usize,
    b: usize,
) -> u32 {
    let hit = |u: usize, o: usize| ups.contains(&u) && floated(o);
    u32::from(hit(a, b)) + u32::from(hit(b, a))
}

/// The bracket criteria of one pair or of a whole bracket pairing (3.6.4), in their order of
/// priority: compared lexicographically, smaller is better.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Penalties {
    /// C8 (C.04.6 2.3.5): units whose colour preference is not fulfilled.
    pub colour: u32,
    /// C9 (C.04.6 2.3.6, Type B): units whose strong colour preference is not fulfilled.
    pub strong: u32,
    /// C10 (C.04.6 2.3.7; C.04.5 C8): upfloaters' opponents who floated in the previous round.
    pub float: u32,
}

impl std::ops::Add for Penalties {
    type Output = Penalties;
    fn add(self, o: Penalties) -> Penalties {
        Penalties {
            colour: self.colour + o.colour,
            strong: self.strong + o.strong,
            float: self.float + o.float,
        }
    }
}

impl std::iter::Sum for Penalties {
    fn sum<I: Iterator<Item = Penalties>>(it: I) -> Penalties {
        it.fold(Penalties::default(), |a, b| a + b)
    }
}

/// The C8, C9 and C10 penalties of the pair `a`-`b` (field indices) of a bracket with upfloaters
/// `ups`. C8 and C9 per pair: Article 4 grants both preferences of a pair unless the two
/// units want the same colour (4.3.2, 4.3.3), and a strong one over a mild one (4.3.4); so a
/// pair of units preferring the same colour leaves one preference unfulfilled (C8), and a
/// strong one only when both are strong (C9).
pub(crate) fn pair_penalties(f: &Field, ups: &[usize], a: usize, b: usize) -> Penalties {
    let (pa, pb) = (f.units[a].preference, f.units[b].preference);
    let (colour, strong) = match (pa, pb) {
        (Some((ca, sa)), Some((cb, sb))) if ca == cb => (
            1,
            u32::from(sa == Strength::Strong && sb == Strength::Strong),
        ),
        _ => (0, 0),
    };
    let float = if f.float_criteria {
        float_count(ups, |i| f.units[i].floated, a, b)
    } else {
        0
    };
    Penalties {
        colour,
        strong,
        float,
    }
}

/// C.04.5 4.3.3, C.04.6 4.3.6: "alternate the colours relative to the most recent round in which
/// one had White and the other Black", with the General Handling Rules 3.4 as the note asks
/// (A12): the histories of rounds with a colour, aligned at their ends (BWB-W against WBW: the
/// unplayed round dropped). The first unit's colour in that round, when one exists.
pub(crate) fn last_difference(first: &[Color], other: &[Color]) -> Option<Color> {
    first
        .iter()
        .rev()
        .zip(other.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(a, _)| *a)
}
