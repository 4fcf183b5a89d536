//! One bracket of the literal procedure under C.2-C.14: its candidates listed in the order of
//! section D (D.3's sets of moved-down players, D.2's exchanges, D.1's transpositions), each
//! ranked by the earliest requirement level (C.3, C.10) it meets.

use super::{
    a7d_group, heterogeneous, homogeneous, levels, mixed, scores_desc, transpositions, union, Key,
    Literal, LowestCache, Out, Pairs, Place,
};
use crate::score::Score;
use crate::systems::common::subsets::k_subsets_of;
use crate::systems::dutch2012::levels::Level;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// One bracket under C.2-C.14: its players and what its candidates are ranked by.
pub(super) struct Procedure<'p, 'a> {
    lit: &'p Literal<'a>,
    all: Vec<usize>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    place: Place,
    c13: bool,
    fits: &'p dyn Fn(&[usize]) -> bool,
    tops: bool,
    /// B.3 across brackets: a pairing whose group has players of different scores first keeps
    /// to the lowest floaters (docs/systems/dutch-2012.md); two passes then.
    passes: usize,
    bye_only: bool,
    /// The cache of `lowest_fitting`.
    lowest: RefCell<LowestCache>,
}

impl<'p, 'a> Procedure<'p, 'a> {
    /// C.2: the bracket's players, its moved-down players and residents.
    pub(super) fn new(
        lit: &'p Literal<'a>,
        mdps: &[usize],
        residents: &[usize],
        place: Place,
        c13: bool,
        fits: &'p dyn Fn(&[usize]) -> bool,
    ) -> Self {
        let r = lit.r;
        let all = union(mdps, residents);
        let tops = all.iter().any(|&i| r.players[i].top);
        let passes = if mixed(r, &all) { 2 } else { 1 };
        Procedure {
            lit,
            mdps: union(mdps, &[]),
            residents: union(residents, &[]),
            all,
            place,
            c13,
            fits,
            tops,
            passes,
            bye_only: place != Place::Upper,
            lowest: RefCell::default(),
        }
    }

    /// B.3 across brackets: the lowest floaters among the pairings of the group whose
    /// floaters the driver accepts (C.12, C.13), not among all.
    fn lowest_fitting(&self, group: &[usize], p: usize) -> Option<Vec<Score>> {
        let key = (group.to_vec(), p, self.bye_only);
        if let Some(v) = self.lowest.borrow().get(&key) {
            return v.clone();
        }
        let v = self
            .lit
            .lowest_floaters_where(group, p, self.bye_only, self.fits);
        self.lowest.borrow_mut().insert(key, v.clone());
        v
    }

    /// B.3 / D.4: the pass (0 or 1) a candidate of the homogeneous group `group` belongs to,
    /// or `None` when D.4 rules it out.
    fn pass_of(
        &self,
        group: &[usize],
        p: usize,
        pairs: &[(usize, usize)],
        floaters: &[usize],
    ) -> Option<usize> {
        let lit = self.lit;
        if self.place == Place::Merged {
            let f = lit.b3_factor(group, pairs, floaters);
            return (Some(f) == lit.least_b3(group)).then_some(0);
        }
        if self.passes == 2
            && mixed(lit.r, group)
            && Some(scores_desc(lit.r, floaters)) != self.lowest_fitting(group, p)
        {
            return Some(1);
        }
        Some(0)
    }

    /// C.10: the candidate's key (pass, earliest level, players breaking B.5 / B.6) when it
    /// beats `best`: then it is kept. True once a candidate meets the first level of the first
    /// pass breaking nothing (nothing can beat it).
    fn consider(
        &self,
        levels: &[Level],
        up: bool,
        pairs: &Pairs,
        floaters: &[usize],
        pass: Option<usize>,
        best: &mut Option<(Key, Out)>,
    ) -> bool {
        let lit = self.lit;
        let key = lit.needs(pairs, floaters, up).and_then(|needs| {
            let level = lit.earliest(levels, &needs)?;
            let group = a7d_group(levels, level, lit.r.even);
            Some((pass?, group, needs.b2, needs.a7d, level, needs.floats))
        });
        if let Some(key) = key {
            if best.as_ref().is_none_or(|(k, _)| key < *k) && (self.fits)(floaters) {
                let out = Out {
                    pairs: pairs.to_vec(),
                    floaters: floaters.to_vec(),
                };
                *best = Some((key, out));
            }
        }
        best.as_ref()
            .is_some_and(|(k, _)| *k == (0, 0, 0, 0, 0, [0; 4]))
    }

    /// A.3, C.13, C.14.b: the heterogeneous bracket, M1 and P1 lowered in turn; breaks with the
    /// pairing found, else continues with the most pairs the homogeneous part may make (zero
    /// when P became zero).
    pub(super) fn heterogeneous(&self) -> ControlFlow<Out, usize> {
        let (lit, r) = (self.lit, self.lit.r);
        let (all, mdps, residents) = (&self.all, &self.mdps, &self.residents);
        let n = all.len();
        let (p0, m0) = (n / 2, mdps.len());
        // A.3: heterogeneous unless at least half the players were moved down (`turn`: paired
        // as homogeneous, C.14.b.2 or A.3 with C.1).
        if m0 == 0 || 2 * m0 >= n || r.homogeneous_turn.get() {
            return ControlFlow::Continue(p0);
        }
        // C.13's search starts at M1 = M0 (P1 below M1: see the module doc).
        let (mut m1, mut p1) = (m0.min(n - m0).min(if self.c13 { n } else { p0 }), p0);
        while m1 > 0 {
            if p1 < m1 {
                if p1 == 0 {
                    // P zero: no pair, the lowest bracket a joined one.
                    r.zero_with_one.set(m1 == 1);
                    return ControlFlow::Continue(0);
                }
                match lit.least_conflicts(mdps, residents, m1) {
                    None => {
                        m1 -= 1;
                        continue;
                    }
                    // P1 lowered below M1 (the lowest bracket allows M1 pairs here) and the M1
                    // pairs over X1: with a bye to give (A.5), the P1 highest of S1 first;
                    // then, or at once without a bye, M1 lowered (docs/systems/dutch-2012-readings.md).
                    Some(c)
                        if self.c13
                            && lit.c13_most.get().min(p0) >= m1
                            && c > lit.budgets(all, p0).0 =>
                    {
                        if r.players.len() % 2 == 1 {
                            for p in (1..=p1).rev() {
                                if let Some(out) = self.heterogeneous_at(m1, p) {
                                    return ControlFlow::Break(out);
                                }
                            }
                        }
                        (m1, p1) = (m1 - 1, p0);
                        continue;
                    }
                    // Within X1 of the bracket (A.8) or P1 when more (C.10.e): M1 lowered;
                    // not where P0 (within the lower brackets' most pairs) is below M1 and
                    // every moved-down player is a top scorer (A.10, B.2's note).
                    Some(c)
                        if c <= lit.budgets(all, p0).0.max(p1)
                            && (lit.c13_most.get().min(p0) >= m1
                                || !mdps.iter().all(|&i| r.players[i].top)) =>
                    {
                        (m1, p1) = (m1 - 1, p0);
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let k = m1.min(p1);
            if let Some(out) = self.heterogeneous_at(m1, p1) {
                return ControlFlow::Break(out);
            }
            // C.14.b.1: the remainder was reached when M1 moved-down players could be
            // paired (B.1, B.2) at all.
            let reached = k_subsets_of(mdps, m1).iter().any(|s1| {
                transpositions(s1, residents, &mut |head, _| {
                    head.iter().all(|&(a, b)| r.pairable(a, b))
                })
            });
            (m1, p1) =
                if self.c13 && reached && p1 > m1 && m1 > 1 && p1 <= lit.c13_most.get().min(p0) {
                    // C.13's search, P1 above M1 (within the lower brackets' most pairs): M1
                    // lowered before P1 (C.14.b.2 before C.14.b.1), the most pairs first (A.11).
                    (m1 - 1, p1)
                } else if k < m1 || (reached && (p1 > m1 || self.c13)) {
                    // C.14.b.1; in C.13's search on below M1, to zero (docs/systems/dutch-2012.md).
                    (m1, p1 - 1)
                } else {
                    (m1 - 1, p0)
                };
        }
        ControlFlow::Continue(p0)
    }

    /// C.3-C.10 on the heterogeneous bracket with M1 moved-down players and P1 pairs: the best
    /// candidate of the levels, if any.
    fn heterogeneous_at(&self, m1: usize, p1: usize) -> Option<Out> {
        let (lit, r) = (self.lit, self.lit.r);
        let (all, mdps, residents) = (&self.all, &self.mdps, &self.residents);
        let k = m1.min(p1);
        let (x1, z1) = lit.budgets(all, p1);
        let lv = levels(p1, x1, z1, r.even, self.tops);
        let mut best: Option<(Key, Out)> = None;
        // D.4 in a joined lowest bracket: the least B.3 factor of the whole bracket
        // among the complete candidates of this M1.
        let mut least: Option<u64> = None;
        if self.place == Place::Merged {
            heterogeneous(mdps, residents, m1, k, p1 - k, &mut |pairs, fl| {
                let legal = pairs.iter().all(|&(a, b)| r.pairable(a, b));
                if legal && fl.len() <= 1 && fl.iter().all(|&i| r.players[i].bye_ok) {
                    let f = lit.b3_factor(all, pairs, fl);
                    least = Some(least.map_or(f, |b| b.min(f)));
                }
                false
            });
        }
        heterogeneous(mdps, residents, m1, k, p1 - k, &mut |pairs, fl| {
            // B.3 in a heterogeneous bracket: the downfloaters of the whole
            // bracket (moved-down players left unpaired included; the lowest
            // bracket's bye) have the lowest scores, not only the remainder's.
            let pass = if self.place == Place::Merged {
                (Some(lit.b3_factor(all, pairs, fl)) == least).then_some(0)
            } else {
                self.pass_of(all, p1, pairs, fl)
            };
            self.consider(&lv, true, pairs, fl, pass, &mut best)
        });
        best.map(|(_, out)| out)
    }

    /// C.14.a (and C.14.b.2 with M1 = 0): homogeneous, P1 from `top` down.
    pub(super) fn homogeneous(&self, top: usize) -> Option<Out> {
        let (lit, all) = (self.lit, &self.all);
        for p1 in (0..=top).rev() {
            let (x1, z1) = lit.budgets(all, p1);
            let lv = levels(p1, x1, z1, lit.r.even, self.tops);
            let mut best: Option<(Key, Out)> = None;
            homogeneous(all, p1, &mut |pairs, fl| {
                let pass = self.pass_of(all, p1, pairs, fl);
                // Paired as homogeneous: no upfloaters (C.3.g-h).
                self.consider(&lv, false, pairs, fl, pass, &mut best)
            });
            if let Some((_, out)) = best {
                return Some(out);
            }
        }
        None
    }
}
