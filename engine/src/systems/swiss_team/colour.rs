//! Article 4, colour allocation, pair by pair after the whole round is paired (3.3.2 step 4).
//! "Colour" is the team's board-1 colour (1.6.1).
//!
//! 4.2 the first-team: the higher primary score (4.2.1), the higher secondary score unless the
//! competition does not use it (4.2.2), the smaller TPN (4.2.3). Then 4.3.1-4.3.9 in order.

use super::input::{ColourType, Event, Team};
use super::preference::colour_difference;
use crate::model::Color;
use crate::systems::common::brackets::readings::last_difference;
use crate::systems::common::brackets::{Strength, Unit};
use std::cmp::Ordering;

/// Which step of 4.3 decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    Initial,
    OnePreference,
    OppositePreferences,
    OneStrong,
    LowerDifference,
    LastDifference,
    FirstTeamPreference,
    FirstTeamAlternates,
    OtherAlternates,
}

impl Rule {
    pub fn article(self) -> &'static str {
        match self {
            Rule::Initial => "4.3.1 initial-colour by the first-team's TPN",
            Rule::OnePreference => "4.3.2 the only preference",
            Rule::OppositePreferences => "4.3.3 opposite preferences",
            Rule::OneStrong => "4.3.4 the only strong preference",
            Rule::LowerDifference => "4.3.5 White to the lower colour difference",
            Rule::LastDifference => "4.3.6 alternate from the last different colours",
            Rule::FirstTeamPreference => "4.3.7 the first-team's preference",
            Rule::FirstTeamAlternates => "4.3.8 the first-team alternates",
            Rule::OtherAlternates => "4.3.9 the other team alternates",
        }
    }
}

/// 4.2: true when team `a` is the first-team of the pair `a`-`b`.
pub(crate) fn a_is_first(e: &Event, a: &Team, b: &Team) -> bool {
    let primary = b.primary(e.primary).cmp(&a.primary(e.primary));
    let secondary = if e.secondary_for_colours {
        b.secondary(e.primary).cmp(&a.secondary(e.primary))
    } else {
        Ordering::Equal
    };
    primary.then(secondary).then(a.tpn.cmp(&b.tpn)) == Ordering::Less
}

/// Article 4.3: the colour of the first-team `first` against `other`, and the step that gave it.
pub(crate) fn first_team_colour(
    kind: ColourType,
    initial: Color,
    first: &Unit,
    other: &Unit,
) -> (Color, Rule) {
    // 4.3.1: neither team has played a match.
    if first.colours.is_empty() && other.colours.is_empty() {
        let c = if first.id % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return (c, Rule::Initial);
    }
    let (pf, po) = (first.preference, other.preference);
    match (pf, po) {
        // 4.3.2: only one team has a preference.
        (Some((c, _)), None) => return (c, Rule::OnePreference),
        (None, Some((c, _))) => return (c.opposite(), Rule::OnePreference),
        // 4.3.3: opposite preferences.
        (Some((a, _)), Some((b, _))) if a != b => return (a, Rule::OppositePreferences),
        // 4.3.4 (Type B): only one strong preference.
        (Some((a, sa)), Some((_, sb))) if kind == ColourType::B && sa != sb => {
            if sa == Strength::Strong {
                return (a, Rule::OneStrong);
            }
            if sb == Strength::Strong {
                return (a.opposite(), Rule::OneStrong);
            }
        }
        _ => {}
    }
    // 4.3.5: White to the lower colour difference.
    let (df, d_o) = (
        colour_difference(&first.colours),
        colour_difference(&other.colours),
    );
    if df != d_o {
        let c = if df < d_o { Color::White } else { Color::Black };
        return (c, Rule::LowerDifference);
    }
    // 4.3.6 (with GHR 3.4, A12): the most recent round with different colours.
    if let Some(c) = last_difference(&first.colours, &other.colours) {
        return (c.opposite(), Rule::LastDifference);
    }
    // 4.3.7: the first-team's preference.
    if let Some((c, _)) = pf {
        return (c, Rule::FirstTeamPreference);
    }
    // 4.3.8: alternate the first-team's colour from its last played round.
    if let Some(&c) = first.colours.last() {
        return (c.opposite(), Rule::FirstTeamAlternates);
    }
    // 4.3.9: alternate the other team's colour from its last played round (it has one: 4.3.1
    // took the pairs where neither has).
    let c = other.colours.last().copied().unwrap_or(Color::Black);
    (c, Rule::OtherAlternates)
}
