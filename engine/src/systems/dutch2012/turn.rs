//! The penultimate bracket paired as homogeneous where the text leaves two ways open, as JaVaFo
//! 1.4 decides between them (see docs/systems/dutch-2012-readings.md):
//!
//! - C.13 with C.14.b.2: C.13's search of a heterogeneous penultimate bracket has lowered P
//!   to zero with one moved-down player left (M1 = 1). C.13 then joins the two lowest brackets
//!   ("if in the penultimate score bracket P becomes zero"), C.14.b.2 manages the bracket as
//!   homogeneous ("if M1 is one, set M1 = 0, manage the bracket as homogeneous, set P1 = P0");
//! - A.3 with C.1: moved-down players set aside by C.1 (no possible opponent in the bracket)
//!   leave the bracket heterogeneous, although at least half of its players came from a higher
//!   bracket when they are counted (A.3: "treated as though it was homogeneous").
//!
//! The homogeneous pairing (one that leaves the lowest bracket pairable) is taken when the
//! lowest bracket then gives the bye to a lower score **and** the two lowest brackets' pairs
//! have a lower B.3 factor (D.4: the sum of the squared score differences, the bye an opponent
//! one point below the lowest score); otherwise the first reading stands (the brackets joined;
//! the set-aside players not counted).

use super::bound::b3_factor;
use super::bracket::{self, BracketOut, Hints, Place};
use super::{pair_lowest, Round12, RoundResult};

/// The penultimate bracket (`mdps` moved down into `residents`, the lower players `below`,
/// the lowest bracket starting at group `lowest`), first paired as `first` (`zero`: C.13's
/// search ended with P zero), after the upper brackets' `games`: its homogeneous pairing when
/// the text leaves it open and it serves the lowest bracket better (module doc), else `None`.
#[allow(clippy::too_many_arguments)]
pub(super) fn homogeneous_instead(
    r: &Round12,
    groups: &[Vec<usize>],
    lowest: usize,
    mdps: &[usize],
    residents: &[usize],
    below: &[usize],
    first: &BracketOut,
    zero: bool,
    games: &[(usize, usize)],
) -> Option<BracketOut> {
    // C.14.b.2: P zero with one moved-down player (`Round12::zero_with_one`, set by C.13's
    // search); A.3 with C.1: counting the moved-down players set aside makes it homogeneous.
    let open = (zero && r.zero_with_one.get()) || set_aside_make_homogeneous(r, mdps, residents);
    if !open {
        return None;
    }
    let here: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let most = r.most_pairs_within(&here, below)?;
    let complete = |f: &[usize]| {
        let mut all = f.to_vec();
        all.extend_from_slice(below);
        r.completable(&all)
    };
    let hints = Hints {
        below: Some(below),
        ..Hints::default()
    };
    r.homogeneous_turn.set(true);
    let other = bracket::pair_bracket(r, mdps, residents, Place::Upper, most, &complete, hints);
    r.homogeneous_turn.set(false);
    let other = other?;
    if other.pairs == first.pairs && other.floaters == first.floaters {
        return None;
    }
    let joined = lowest_result(r, groups, lowest, zero, first, games)?;
    let turned = lowest_result(r, groups, lowest, false, &other, games)?;
    let floor = here.iter().chain(below).map(|&i| r.players[i].score).min();
    let bye_score = |res: &RoundResult| res.1.map(|i| r.players[i].score);
    let factor =
        |res: &RoundResult| b3_factor(r, &res.0, &res.1.into_iter().collect::<Vec<_>>(), floor);
    let better = bye_score(&turned) < bye_score(&joined) && factor(&turned) < factor(&joined);
    better.then_some(other)
}

/// A.3 with C.1: the bracket is heterogeneous without the moved-down players that C.1 sets
/// aside (no possible opponent there), and at least half of it was moved down counting them.
fn set_aside_make_homogeneous(r: &Round12, mdps: &[usize], residents: &[usize]) -> bool {
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let alone = |i: usize| !all.iter().any(|&j| j != i && r.pairable(i, j));
    let set_aside = all.iter().filter(|&&i| alone(i)).count();
    let mdps_aside = mdps.iter().filter(|&&i| alone(i)).count();
    let (m0, n) = (mdps.len() - mdps_aside, all.len() - set_aside);
    mdps_aside > 0 && m0 > 0 && 2 * m0 < n && 2 * mdps.len() >= all.len()
}

/// The round's games and bye once the lowest bracket is paired after the penultimate bracket's
/// pairing `out` (`zero`: joined by C.13 with P zero), without recording it for `explain`.
fn lowest_result(
    r: &Round12,
    groups: &[Vec<usize>],
    lowest: usize,
    zero: bool,
    out: &BracketOut,
    games: &[(usize, usize)],
) -> Option<RoundResult> {
    let kept = r.trace.steps();
    let mut all = games.to_vec();
    all.extend_from_slice(&out.pairs);
    let result = pair_lowest(r, groups, lowest, zero, out.floaters.clone(), all).ok();
    r.trace.restart();
    for step in kept {
        r.trace.push(step);
    }
    result
}
