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
use super::bracket::{self, Hints, Place};
use super::search::BracketOut;
use super::{pair_lowest, Round12, RoundResult};

/// The penultimate bracket as the round driver has it.
pub(super) struct Penultimate<'a> {
    /// The round's score groups; the lowest bracket starts at group `lowest`.
    pub groups: &'a [Vec<usize>],
    pub lowest: usize,
    /// Its moved-down players and its residents.
    pub mdps: &'a [usize],
    pub residents: &'a [usize],
    /// The players of the lower brackets.
    pub below: &'a [usize],
    /// The games of the upper brackets.
    pub games: &'a [(usize, usize)],
}

/// The penultimate bracket `p`, first paired as `first` (`zero`: C.13's search ended with P
/// zero): its homogeneous pairing when the text leaves it open and it serves the lowest
/// bracket better (module doc), else `None`.
pub(super) fn homogeneous_instead(
    r: &Round12,
    p: &Penultimate,
    first: &BracketOut,
    zero: bool,
) -> Option<BracketOut> {
    let Penultimate {
        groups,
        lowest,
        mdps,
        residents,
        below,
        games,
    } = *p;
    if !open(r, mdps, residents, zero) {
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
    better(r, &here, below, &joined, &turned).then_some(other)
}

/// The text leaves the penultimate bracket (`mdps` moved down into `residents`) a homogeneous
/// pairing: C.14.b.2, P zero with one moved-down player (`Round12::zero_with_one`, set by
/// C.13's search, which ended with P zero: `zero`), or A.3 with C.1 (counting the moved-down
/// players set aside makes it homogeneous).
pub(super) fn open(r: &Round12, mdps: &[usize], residents: &[usize], zero: bool) -> bool {
    (zero && r.zero_with_one.get()) || set_aside_make_homogeneous(r, mdps, residents)
}

/// The round `turned` (the penultimate bracket `here` paired as homogeneous, the lower
/// players `below`) serves the lowest bracket better than `first`: the bye to a lower score
/// and a lower B.3 factor (D.4, the bye an opponent one point below the lowest score).
pub(super) fn better(
    r: &Round12,
    here: &[usize],
    below: &[usize],
    first: &RoundResult,
    turned: &RoundResult,
) -> bool {
    let floor = here.iter().chain(below).map(|&i| r.players[i].score).min();
    let bye_score = |res: &RoundResult| res.1.map(|i| r.players[i].score);
    let factor = |res: &RoundResult| {
        let bye: Vec<usize> = res.1.into_iter().collect();
        b3_factor(r, &res.0, &bye, floor)
    };
    bye_score(turned) < bye_score(first) && factor(turned) < factor(first)
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

#[cfg(test)]
mod tests {
    use crate::checker::{check, check_tournament};
    use crate::System;

    /// Every round of the tournament (a JaVaFo 1.4 file) is paired as it was, by the engine and
    /// by the literal procedure (its test oracle).
    fn paired_as_javafo(text: &str) {
        let t = crate::trf::read_str(text).expect("a valid TRF file");
        for report in [
            check(&t, System::Dutch2012),
            check_tournament(&t, &crate::systems::dutch2012::literal::pair),
        ] {
            assert!(report.rounds > 0);
            let rounds: Vec<usize> = report.discrepancies.iter().map(|d| d.round).collect();
            assert!(rounds.is_empty(), "rounds differing: {rounds:?}");
        }
    }

    /// `dutch-2012-more/tiny/p013-r09-i1000611`, round 8: C.13's search of bracket 3.5 (1
    /// (6.0) moved down, 5 and 13) reaches P zero with one moved-down player; the homogeneous
    /// pairing 13-5 gives the bye to 2 (3.0) where the joined brackets give it to 1 (6.0).
    #[test]
    fn p_zero_with_one_moved_down_player_turns_homogeneous() {
        paired_as_javafo(P013);
    }

    /// `dutch-2012-more/tiny/p009-r07-i1000183`, round 6: bracket 2.5 receives 1 (5.0), set
    /// aside by C.1, and 5 (3.0); counted, half the bracket was moved down (A.3): 3-5, and the
    /// bye goes to 6 (2.5), not to 1.
    #[test]
    fn a_moved_down_player_set_aside_counts_in_a3() {
        paired_as_javafo(P009);
    }

    const P013: &str = "\
012 AutoTest Tournament 1219995399138
XXR 9
062 13
072 13
092 Individual  Swiss Dutch (Istanbul 2012 rules)
001    1      Test0001 Player0001               2028                             8.0    1     8 b 1    12 w 1     3 b 1     2 w 1     4 w 1     6 b 1     5 b 0    11 w 1  0000 - +
001    2      Test0002 Player0002               1986                             5.0    5     9 w 1     3 b 0    12 w 1     1 b 0     8 w 1     4 b 0     7 w 0  0000 - +     6 b 1
001    3      Test0003 Player0003               1940                             5.5    3    10 b 1     2 w 1     1 w 0     8 b 0    13 w 1     9 b 1     4 w 1  0000 - =     5 b 0
001    4      Test0004 Player0004               1939                             6.0    2    11 w =    13 b 1     6 w 1  0000 - =     1 b 0     2 w 1     3 b 0     8 w 1     7 b 1
001    5      Test0005 Player0005               1914                             5.5    4    12 b 0    10 w 1     9 b 0     6 w 0    11 b =  0000 - +     1 w 1    13 b 1     3 w 1
001    6      Test0006 Player0006               1841                             4.0    7  0000 - =     7 w 1     4 b 0     5 b 1     9 w 1     1 w 0     8 b 0  0000 - =     2 w 0
001    7      Test0007 Player0007               1747                             4.0   10    13 w =     6 b 0  0000 - =    10 w -    10 w 1    12 b =     2 b 1  0000 - =     4 w 0
001    8      Test0008 Player0008               1731                             5.0    6     1 w 0    11 b 1  0000 - =     3 w 1     2 b 0    13 b =     6 w 1     4 b 0    10 w 1
001    9      Test0009 Player0009               1639                             3.5   12     2 b 0  0000 - +     5 w 1  0000 - =     6 b 0     3 w 0    10 w 0    12 b 1    11 b 0
001   10      Test0010 Player0010               1596                             3.0   13     3 w 0     5 b 0    13 w =     7 b +     7 b 0    11 w 0     9 b 1  0000 - =     8 b 0
001   11      Test0011 Player0011               1575                             4.0    8     4 b =     8 w 0  0000 - =    13 b 0     5 w =    10 b 1    12 w =     1 b 0     9 w 1
001   12      Test0012 Player0012               1534                             3.5   11     5 w 1     1 b 0     2 b 0  0000 - -  0000 - +     7 w =    11 b =     9 w 0    13 w =
001   13      Test0013 Player0013               1492                             4.0    9     7 b =     4 w 0    10 b =    11 w 1     3 b 0     8 w =  0000 - +     5 w 0    12 b =
";

    const P009: &str = "\
012 AutoTest Tournament 659197227129
XXR 7
062 9
072 9
092 Individual  Swiss Dutch (Istanbul 2012 rules)
001    1      Test0001 Player0001               2401                             7.0    1     5 w 1     4 b 1     2 w 1     3 b 1     6 w 1     9 b 1     8 b 1
001    2      Test0002 Player0002               2169                             6.0    2     6 b 1     9 w 1     1 b 0     8 w 1     3 w 1     4 b 1  0000 - +
001    3      Test0003 Player0003               2009                             4.0    4     7 w =     5 b +     9 b 1     1 w 0     2 b 0     5 w =     6 b 1
001    4      Test0004 Player0004               1983                             4.5    3     8 b 1     1 w 0     7 b 1     6 w =  0000 - +     2 w 0     5 b 1
001    5      Test0005 Player0005               1848                             3.5    6     1 b 0     3 w -  0000 - +     9 w 1     7 w 1     3 b =     4 w 0
001    6      Test0006 Player0006               1847                             3.5    5     2 w 0     7 b 1     8 w 1     4 b =     1 b 0  0000 - +     3 w 0
001    7      Test0007 Player0007               1555                             2.5    7     3 b =     6 w 0     4 w 0  0000 - +     5 b 0     8 w =     9 b =
001    8      Test0008 Player0008               1463                             2.0    9     4 w 0  0000 - +     6 b 0     2 b 0     9 w =     7 b =     1 w 0
001    9      Test0009 Player0009               1411                             2.0    8  0000 - +     2 b 0     3 w 0     5 b 0     8 b =     1 w 0     7 w =
";
}
