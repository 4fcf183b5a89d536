//! Pairing one score bracket by the procedure of section C (C.2-C.14), taking the candidates in
//! the order of section D.
//!
//! - C.1: players without a possible opponent are set aside first and moved down.
//! - C.2 / A.6: P0 = half the bracket, M0 = the moved-down players; A.3: a bracket with at
//!   least half its players moved down is paired as homogeneous (also a lowest bracket joined
//!   by C.13, as D.4 words it).
//! - B.3: a homogeneous pairing or remainder of players with different scores first keeps to
//!   the pairings moving down the lowest scores (`lowest_floaters`), through every level, and
//!   only then to the others; in a lowest bracket joined by C.13 it keeps to the least B.3
//!   factor of D.4 instead (`least_b3`).
//! - Heterogeneous (C.6, C.8.b, C.9, C.14.b): M1 moved-down players chosen in the order of D.3
//!   form S1, the rest of the bracket S2; the transpositions of S2 (D.1.2) pair them; the
//!   players left form the homogeneous remainder, which must give P1 - M1 pairs. When no
//!   level allows it, P1 is lowered if the remainder was reached (C.14.b.1), else M1
//!   (C.14.b.2); with M1 = 0 the bracket is paired as homogeneous. In C.13's search of the
//!   penultimate bracket M1 starts at M0 and P1 goes on below M1 (C.13: "if in the
//!   penultimate score bracket P becomes zero"): there M1 is lowered when the M1 moved-down
//!   players can still be paired within max(X1, P1) colour conflicts (A.8's X1 of the whole
//!   bracket, C.10.e raising X up to P1), else only the P1 highest of S1 are paired (C.3.a,
//!   C.4) and P1 goes on down, to zero (`Hints::c13`). Where C.14.b.1 lowered P1 below M1
//!   and the M1 pairs need more than X1: M1 is lowered, after the P1 highest of S1 when the
//!   round has a bye to give (`Compatible::c13_highest_first`). While P1 is above M1 there, M1
//!   is lowered before P1 (A.11: the most pairs first); where P0 is below M1 from the start
//!   and every moved-down player is a top scorer (A.10), M1 is not lowered within the colour
//!   budget (`Compatible::mdps_all_top`).
//! - Homogeneous or remainder (C.4-C.8.a, C.14.a): S1 = the P highest players, S2 the rest; the
//!   exchanges of D.2 (fewest players first, then the smallest difference of numbers, then the
//!   S1 list top down, then the S2 list top down) outside, the transpositions of D.1 inside.
//! - Each level of `levels` (C.10) is tried in turn; a candidate meets the level when its pairs
//!   are legal (B.1, B.2, A.7.d), its colour counts stay within X and Z, no upfloater repeats
//!   an upfloat (B.5, B.6) and no downfloater a downfloat, and the downfloaters can still be
//!   paired with the lower brackets (the end of C.12-C.13 backtracking, see the module doc of
//!   `dutch2012`). C.10's last line: a level that drops float criteria drops them "only for
//!   the minimum number of pairs": it is searched budget by budget, the fewest pairs breaking
//!   A.7.d first (odd rounds, once C.10.f dropped it), then the fewest players breaking B.5
//!   down, B.6 down, B.5 up, B.6 up (`budgeted`, `dropped_cost`). A.7.d's fewest pairs hold
//!   across the levels after C.10.f, not only within one: every one of them takes only the
//!   number of A.7.d pairs its loosest level needs (A.7.d yields to P and B.3 only;
//!   `run_levels`).
//! - B.3 in a heterogeneous bracket: the downfloaters of the whole bracket (the moved-down
//!   players left unpaired, the bye in the lowest bracket) with the lowest scores first; in a
//!   lowest bracket joined by C.13 the least B.3 factor of D.4 counts all its pairs, and it
//!   alone stands for B.3 there (the bye counts in it as an opponent one point below the
//!   lowest score), not the lowest downfloaters too.
//!
//! Each level is first searched depth first (`search`) for `FIRST_NODES` nodes, then decided
//! by `exact` (weighted matchings, no search); the search alone decides, to its node limit,
//! what `exact` cannot tell (see its module doc) and brackets too large for its weights. A
//! level that no pairing of the bracket can meet (fewer than P legal pairs, or more colour
//! conflicts than X or Z in every set of P pairs, decided by maximum-cardinality matchings:
//! `graph`) is skipped without search; a lowest bracket's level with more than one player left
//! over is not searched.
//!
//! This file holds the procedure of section C; the other concerns of a bracket are each in
//! their own: the costs of a level (`weights`), the matchings on the pair graph (`graph`), the
//! depth-first search (`search`), D.3's choices (`ordering`), D.2's exchanges (`exchange`).

use super::exact::{Judge, Judges};
use super::graph::{least_conflicts, mdp_pairs, Bounds};
use super::levels::{budgets, levels, Level};
use super::memo::Memo;
use super::search::{
    accept_ok, heterogeneous, BracketOut, Search, FIRST_NODES, LEVEL_LIMIT, NODE_LIMIT,
};
use super::weights::A7D;
use super::Round12;
use crate::history::Float;
use crate::score::Score;
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::ControlFlow;

/// How the levels are decided: the depth-first search's first nodes, then `exact`'s matchings
/// (`Both`, the engine); the tests compare the two alone by a round prepared to decide so
/// (`Round12::decide`, set by the test builder `pair_deciding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Decide {
    #[default]
    Both,
    #[cfg_attr(not(test), allow(dead_code))]
    SearchOnly,
    #[cfg_attr(not(test), allow(dead_code))]
    MatchingsOnly,
}

/// Where a bracket stands among the brackets of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Its players left over move down to the next bracket.
    Upper,
    /// The lowest bracket: the one player left over, if any, takes the bye.
    Lowest,
    /// The lowest bracket joined by C.13 (D.4).
    Merged,
}

/// What the driver knows of its condition `fits` on the downfloaters, for the search to cut
/// branches with (`pair_bracket`).
#[derive(Clone, Copy, Default)]
pub(crate) struct Hints<'a> {
    /// C.13: `fits` asks that the downfloaters and these lower players can all be paired.
    pub below: Option<&'a [usize]>,
    /// C.12: `fits` accepts only these sets of downfloaters (sorted indices).
    pub wanted: Option<&'a [Vec<usize>]>,
    /// C.13's search of the penultimate bracket for a pairing that lets the lowest one be
    /// paired: a heterogeneous bracket starts at M1 = M0 and lowers P1 as C.14.b.1 does while
    /// the remainder was reached, on below M1 ("if in the penultimate score bracket P becomes
    /// zero"). With P1 below M1, M1 is lowered (C.14.b.2, P1 back at its top) when the M1
    /// moved-down players can still be paired within the colour budget, X1 of the whole bracket
    /// (A.8) or P1 when that is more (C.10.e) (they get to
    /// the remainder again, with no pair left to make there); when they cannot, P1 pairs are
    /// made with the P1 highest of S1 (C.4), and P1 goes on down to zero, where the two
    /// lowest brackets are joined (`pair_compatible`).
    pub c13: bool,
    /// The driver's condition is the lowest bracket's: one player at most is left, who may
    /// take the bye (B.1.b). Its levels are then decided by `exact`'s matchings.
    pub lowest: bool,
    /// The driver's condition accepts any set of downfloaters (an upper bracket paired the
    /// first time): its levels are decided by `exact`'s matchings too.
    pub any: bool,
}

/// Pairs the bracket made of the moved-down players `mdps` and the `residents`; `fits` is the
/// driver's condition on the downfloaters; `place`: an upper bracket, the lowest one or the
/// lowest one joined by C.13 (D.4's least B.3 factor; the driver's condition there is that one
/// player at most is left, who may take the bye); `max_p`: no more pairs than this (known to
/// be the most `fits` allows); `hints`: what is known of `fits` (C.13's lower players, C.12's
/// wanted sets of downfloaters), which the search then also uses to cut branches. `None` when
/// no candidate meets it (or the search limit is hit).
pub(crate) fn pair_bracket(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    let score = mdps
        .iter()
        .chain(residents)
        .map(|&i| r.players[i].score)
        .min();
    let before = r.bracket_score.replace(score);
    let out = r.joined_if(place == Place::Merged, residents, || {
        pair_bracket_in(r, mdps, residents, place, max_p, fits, hints)
    });
    r.bracket_score.set(before);
    out
}

/// `pair_bracket` once the bracket's score is recorded (`Round12::bracket_score`, which B.5 /
/// B.6 for downfloaters read to tell the bracket's own players from the moved-down ones).
fn pair_bracket_in(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    // C.1: a player without any possible opponent in the bracket (B.1, B.2 except for top
    // scorers) is set aside and moved down; the bracket is the players left (P0, M0, A.3).
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let alone: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !all.iter().any(|&j| j != i && r.pairable(i, j)))
        .collect();
    if alone.is_empty() {
        return pair_compatible(r, mdps, residents, place, max_p, fits, hints);
    }
    let keep =
        |v: &[usize]| -> Vec<usize> { v.iter().copied().filter(|i| !alone.contains(i)).collect() };
    let with_alone = |f: &[usize]| {
        let mut v = f.to_vec();
        v.extend(&alone);
        v.sort_unstable();
        v
    };
    let fits_all = |f: &[usize]| fits(&with_alone(f));
    // The players set aside go down with the downfloaters.
    let below_all = hints.below.map(&with_alone);
    // The wanted sets hold the players set aside; the search sees the others.
    let wanted_rest: Option<Vec<Vec<usize>>> = hints.wanted.map(|sets| {
        sets.iter()
            .filter(|w| alone.iter().all(|a| w.contains(a)))
            .map(|w| keep(w))
            .collect()
    });
    let mut out = pair_compatible(
        r,
        &keep(mdps),
        &keep(residents),
        place,
        max_p,
        &fits_all,
        Hints {
            below: below_all.as_deref(),
            wanted: wanted_rest.as_deref(),
            c13: hints.c13,
            // The players set aside are left unpaired too: not the lowest bracket's condition
            // (any set of downfloaters is still any).
            lowest: false,
            any: hints.any,
        },
    )?;
    out.floaters = with_alone(&out.floaters);
    Some(out)
}

/// `pair_bracket` for a bracket where every player has a possible opponent.
fn pair_compatible(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    let bracket = Compatible::new(r, mdps, residents, place, max_p, fits, hints);
    let mut bounds = Bounds {
        r,
        players: &bracket.all,
        memo: &bracket.memo,
        cache: HashMap::new(),
    };
    let p_zero = match bracket.heterogeneous_part(&mut bounds) {
        ControlFlow::Break(found) => return found,
        ControlFlow::Continue(p_zero) => p_zero,
    };
    let top_p = if p_zero { 0 } else { bracket.p0 };
    // Paired as homogeneous: no upfloaters (C.3.g-h).
    let held = r.up_floats.replace(false);
    // The legal pairs change with it.
    bounds.cache.clear();
    bracket.memo.forget_legal();
    let found = bracket.homogeneous_part(&mut bounds, top_p);
    r.up_floats.set(held);
    found
}

/// One bracket of `pair_compatible` (C.2-C.14): its players, the driver's condition and what
/// its searches share.
struct Compatible<'a> {
    r: &'a Round12,
    /// The bracket's players and its moved-down players, sorted.
    all: Vec<usize>,
    mdps: Vec<usize>,
    place: Place,
    fits: &'a dyn Fn(&[usize]) -> bool,
    hints: Hints<'a>,
    /// P0 (A.6), no more than the lower brackets allow (`max_p`).
    p0: usize,
    tops: bool,
    /// The players left unpaired take the bye (the lowest bracket).
    bye_only: bool,
    nodes: Cell<u64>,
    spent: Cell<usize>,
    over: Cell<usize>,
    level_nodes: Cell<u64>,
    memo: Memo,
    /// C.10 a-d: whether anybody in the bracket could break B.6 up, B.5 up, B.6 down, B.5 down.
    breakable: [bool; 4],
    /// The levels are decided by `exact`'s matchings after the search's first nodes.
    exact: bool,
    /// B.3 across brackets: the passes, holding the lowest floaters or not.
    holds: &'static [bool],
}

impl<'a> Compatible<'a> {
    /// C.2: the bracket's players and what is known of it before the first level.
    fn new(
        r: &'a Round12,
        mdps: &[usize],
        residents: &[usize],
        place: Place,
        max_p: usize,
        fits: &'a dyn Fn(&[usize]) -> bool,
        hints: Hints<'a>,
    ) -> Self {
        let mut all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        all.sort_unstable();
        let mut mdps: Vec<usize> = mdps.to_vec();
        mdps.sort_unstable();
        let n = all.len();
        let tops = all.iter().any(|&i| r.players[i].top);
        let bye_only = place != Place::Upper;
        let memo = Memo::new(r, &all);
        // A level dropping a float criterion that nobody in the bracket could break is the
        // level before it again (C.10 a-d: B.6 up, B.5 up, B.6 down, B.5 down), already tried.
        let has = |f: &dyn Fn(&super::Player12) -> bool| all.iter().any(|&i| f(&r.players[i]));
        let breakable = [
            has(&|p| p.float2 == Float::Up),
            has(&|p| p.float1 == Float::Up),
            has(&|p| p.float2 == Float::Down),
            has(&|p| p.float1 == Float::Down),
        ];
        // The levels are decided by weighted matchings (`exact`) after the search's first
        // nodes, where the values fit, for every condition of the driver's that they can
        // weigh: none (an upper bracket paired the first time), the lowest bracket's, C.12's
        // sets, C.13's lower brackets.
        let exact = r.decide != Decide::SearchOnly
            && if bye_only {
                hints.lowest
            } else {
                // C.12's wanted sets were listed among those that leave the lower brackets
                // pairable, so its `below` adds nothing to them.
                hints.any || hints.wanted.is_some() || hints.c13
            };
        // B.3 across brackets: while it can be done, the floaters of a homogeneous pairing (or
        // remainder) with players of different scores are those with the lowest scores.
        let mixed = all.iter().any(|&i| {
            all.first()
                .is_some_and(|&f| r.players[i].score != r.players[f].score)
        });
        let holds: &'static [bool] = if mixed { &[true, false] } else { &[false] };
        Compatible {
            r,
            all,
            mdps,
            place,
            fits,
            hints,
            p0: (n / 2).min(max_p),
            tops,
            bye_only,
            nodes: Cell::new(0),
            spent: Cell::new(0),
            over: Cell::new(usize::MAX),
            level_nodes: Cell::new(0),
            memo,
            breakable,
            exact,
            holds,
        }
    }

    /// C.10 a-d: the level drops a float criterion nobody could break (the level before it).
    fn same_as_before(&self, lv: &Level) -> bool {
        lv.floats_dropped > 0 && !self.breakable[usize::from(lv.floats_dropped) - 1]
    }

    /// B.1.b: the lowest bracket leaves one player at most (the driver's condition there): a
    /// level with fewer pairs is hopeless.
    fn hopeless(&self, p1: usize) -> bool {
        self.bye_only && self.all.len() - 2 * p1 > 1
    }

    /// C.10: a fresh search of one level (`hold`: B.3's lowest floaters first; `first`:
    /// `exact` decides the level if the search's first nodes do not).
    fn search(
        &self,
        lv: Level,
        hold: bool,
        het_best: Option<Vec<Score>>,
        first: bool,
    ) -> Search<'_> {
        let r = self.r;
        // The node limit holds for each budget of a level, up to `LEVEL_LIMIT` for all its
        // budgets together.
        if lv.budget <= usize::from(lv.drops_any(r.even)) {
            self.level_nodes.set(0);
            self.nodes.set(0);
        } else {
            self.level_nodes
                .set(self.level_nodes.get() + self.nodes.get());
            if self.level_nodes.get() < LEVEL_LIMIT {
                self.nodes.set(0);
            }
        }
        Search {
            r,
            lv,
            fits: self.fits,
            nodes: &self.nodes,
            limit: if first { FIRST_NODES } else { NODE_LIMIT },
            spent: &self.spent,
            over: &self.over,
            found: None,
            floating: true,
            b3: self.place == Place::Merged,
            lowest_floaters: !hold,
            bye_only: self.bye_only,
            het_best,
            memo: &self.memo,
            least: None,
            lowest: None,
            b3_base: 0,
            targets: Vec::new(),
            waiting: Vec::new(),
            p_rem: 0,
            below: self.hints.below,
            wanted: self.hints.wanted,
        }
    }

    /// C.12 asking for one of several sets of downfloaters: one judge per set that P1 pairs
    /// leave unpaired; C.13: the downfloaters pairable with the lower brackets' players.
    fn judges_of<'j>(&self, judge: Judge<'j>, p1: usize) -> Judges<'j> {
        let below = self.hints.below.filter(|_| self.hints.c13);
        Judges::of(judge, self.hints.wanted, below, self.all.len() - 2 * p1)
    }

    /// The search's first nodes did not decide the level: their count and the budget they
    /// turned away are forgotten (the matchings, or the search again to its limit, find it).
    fn matchings_turn(&self) {
        self.nodes.set(0);
        self.over.set(usize::MAX);
    }

    /// The levels of P1 (with its X1, Z1: A.8) in the order of C.10 (`run_levels`), each
    /// searched by `run` (true once the bracket's pairing is found); a search that fails past
    /// the node limit is counted as given up.
    fn try_levels(
        &self,
        p1: usize,
        bounds: &mut Bounds,
        run: &mut dyn FnMut(Level) -> bool,
    ) -> bool {
        let r = self.r;
        let (x1, z1) = budgets(r, &self.all, p1);
        let mut counted = |lv: Level| {
            let ok = run(lv);
            if !ok && self.nodes.get() > NODE_LIMIT {
                r.give_up();
            }
            ok
        };
        run_levels(
            &levels(p1, x1, z1, r.even, self.tops),
            r.even,
            &self.over,
            &|lv| self.same_as_before(lv),
            &mut |lv| bounds.possible(lv, p1),
            &mut counted,
        )
    }

    /// A.3, C.13, C.14.b: the heterogeneous bracket, M1 and P1 lowered in turn; breaks with
    /// the pairing found, else continues with whether P became zero (C.13's search).
    fn heterogeneous_part(&self, bounds: &mut Bounds) -> ControlFlow<Option<BracketOut>, bool> {
        let (r, all, mdps, hints) = (self.r, &self.all, &self.mdps, self.hints);
        let (n, m0, p0) = (all.len(), mdps.len(), self.p0);
        // A.3: heterogeneous unless at least half the players were moved down.
        // `turn`: paired as homogeneous (C.14.b.2 or A.3 with C.1).
        if m0 == 0 || 2 * m0 >= n || r.homogeneous_turn.get() {
            return ControlFlow::Continue(false);
        }
        // C.13's search starts at M1 = M0: the most pairs the lower brackets allow (`max_p`)
        // bound P1, and P1 below M1 is taken as below (C.14.b).
        let m1_top = if hints.c13 { n } else { p0 };
        let (mut m1, mut p1) = (m0.min(n - m0).min(m1_top), p0);
        let residents: Vec<usize> = all.iter().copied().filter(|i| !mdps.contains(i)).collect();
        while m1 > 0 {
            if p1 < m1 {
                // C.13's search only: P1 has gone below M1 ("P becomes zero": the brackets
                // are joined at zero).
                if p1 == 0 {
                    r.zero_with_one.set(m1 == 1);
                    return ControlFlow::Continue(true);
                }
                let x1 = budgets(r, all, n / 2).0;
                match least_conflicts(r, mdps, &residents, m1) {
                    // The M1 moved-down players cannot be paired: the remainder is not
                    // reached, M1 is lowered (C.14.b.2).
                    None => {
                        m1 -= 1;
                        continue;
                    }
                    // P1 lowered below M1 by C.14.b.1 (P0 >= M1) and the M1 pairs over X1:
                    // with a bye to give, the P1 highest of S1 first (`c13_highest_first`);
                    // then, or at once without a bye, M1 is lowered (C.14.b.2).
                    Some(conflicts) if p0 >= m1 && conflicts > x1 => {
                        if r.players.len() % 2 == 1 {
                            if let ControlFlow::Break(found) =
                                self.c13_highest_first(bounds, m1, p1)
                            {
                                return ControlFlow::Break(found);
                            }
                        }
                        m1 -= 1;
                        p1 = p0;
                        continue;
                    }
                    // They can within the colour budget, X1 of the whole bracket (A.8, P0 its
                    // half) or P1 when that is more (C.10.e raises X up to P1): the procedure
                    // gets to the remainder again with P1 - M1 < 0 pairs to make there, which
                    // gives no new pairing: M1 is lowered, P1 back at its top (C.14.b.2).
                    // Not where P0 is below M1 from the start and every moved-down player is a
                    // top scorer (A.10, B.2's note): the P1 highest of S1, then P zero.
                    Some(conflicts)
                        if conflicts <= x1.max(p1) && (p0 >= m1 || !self.mdps_all_top()) =>
                    {
                        m1 -= 1;
                        p1 = p0;
                        continue;
                    }
                    // They cannot: P = P1 pairs, the P1 highest of S1 paired (C.3.a, C.4).
                    Some(_) => {}
                }
            }
            let mut reached = false;
            if let ControlFlow::Break(found) =
                self.heterogeneous_passes(bounds, m1, p1, &mut reached)
            {
                return ControlFlow::Break(found);
            }
            // C.14.b: the remainder counts as reached when M1 moved-down players can be
            // paired at all, also when the levels were skipped without search.
            reached = reached || mdp_pairs(r, mdps, &residents) >= m1;
            if reached && hints.c13 && p1 > m1 && m1 > 1 {
                // C.13's search, P1 above M1: M1 is lowered before P1 (C.14.b.2 before
                // C.14.b.1), the most pairs first (A.11), as JaVaFo 1.4 pairs it.
                m1 -= 1;
            } else if reached && (p1 > m1 || hints.c13) {
                // C.14.b.1; in C.13's search on below M1 (above), to zero: with one
                // moved-down player left that is P zero, the homogeneous turn of C.14.b.2
                // being weighed against it by `turn`.
                p1 -= 1;
            } else {
                m1 -= 1;
                p1 = p0;
            }
        }
        ControlFlow::Continue(false)
    }

    /// A.10: every moved-down player of the bracket is a top scorer (the last round).
    fn mdps_all_top(&self) -> bool {
        self.mdps.iter().all(|&i| self.r.players[i].top)
    }

    /// C.13's search with a bye to give (an odd number of players, A.5), P1 lowered below M1
    /// by C.14.b.1 (the bracket could first make its M1 pairs, P0 >= M1) and the M1
    /// moved-down players' pairs needing more colour conflicts than X1 of the whole bracket
    /// (A.8): before M1 is lowered (C.14.b.2), which would send a moved-down player down to
    /// the lowest bracket, the P1 highest of S1 are paired (C.3.a, C.4), P1 on down to one,
    /// as JaVaFo 1.4 pairs it (a reading of its behaviour, see
    /// docs/systems/dutch-2012-readings.md). Breaks with the first pairing found.
    fn c13_highest_first(
        &self,
        bounds: &mut Bounds,
        m1: usize,
        p1: usize,
    ) -> ControlFlow<Option<BracketOut>> {
        for p in (1..=p1).rev() {
            let mut reached = false;
            if let ControlFlow::Break(found) =
                self.heterogeneous_passes(bounds, m1, p, &mut reached)
            {
                return ControlFlow::Break(found);
            }
        }
        ControlFlow::Continue(())
    }

    /// C.4-C.10 with M1 moved-down players and P1 pairs: B.3's passes through the levels;
    /// breaks with the pairing found (`reached`: the remainder was, C.14.b).
    fn heterogeneous_passes(
        &self,
        bounds: &mut Bounds,
        m1: usize,
        p1: usize,
        reached: &mut bool,
    ) -> ControlFlow<Option<BracketOut>> {
        let (r, all) = (self.r, &self.all);
        // D.4: in a lowest bracket joined by C.13, B.3 is the least B.3 factor of the whole
        // bracket (the bye counted as an opponent one point below its lowest score), not
        // the lowest downfloaters too: no pass holding them.
        let holds_here: &[bool] = if self.hopeless(p1) {
            &[]
        } else if self.place == Place::Merged {
            &[false]
        } else {
            self.holds
        };
        for &hold in holds_here {
            // B.3: the downfloaters of the whole bracket (the moved-down players left
            // unpaired included) with the lowest scores, while that can be done.
            let het_best = if !hold {
                None
            } else if let Some(Some(best)) = self
                .hints
                .below
                .and_then(|below| self.memo.lowest_floaters_below(r, all, p1, below))
            {
                // C.13: among the pairings that leave the lower players pairable.
                Some(best)
            } else {
                self.memo.lowest_floaters(r, all, p1, self.bye_only)
            };
            let mut found = None;
            let mut run = |lv: Level| {
                self.heterogeneous_level(lv, hold, &het_best, (m1, p1), reached, &mut found)
            };
            if self.try_levels(p1, bounds, &mut run) {
                return ControlFlow::Break(found);
            }
        }
        ControlFlow::Continue(())
    }

    /// C.10, one level of the heterogeneous bracket: the search (its first nodes, when the
    /// matchings can take over), then the matchings; where they cannot tell or their values do
    /// not fit, the search again to its node limit. True once `found` holds the pairing.
    fn heterogeneous_level(
        &self,
        lv: Level,
        hold: bool,
        het_best: &Option<Vec<Score>>,
        (m1, p1): (usize, usize),
        reached: &mut bool,
        found: &mut Option<BracketOut>,
    ) -> bool {
        let (r, all, mdps) = (self.r, &self.all, &self.mdps);
        let k = m1.min(p1);
        let mut first = self.exact && k == m1;
        loop {
            if !(first && r.decide == Decide::MatchingsOnly) {
                let mut s = self.search(lv, hold, het_best.clone(), first);
                let ok = heterogeneous(&mut s, mdps, all, m1, k, p1 - k, reached);
                *found = s.found.take();
                if ok || !s.gave_up() || !first {
                    return ok;
                }
            }
            first = false;
            self.matchings_turn();
            // D.4's least factor with M1 moved-down players meeting residents.
            let least = match self.place {
                Place::Merged => match self.memo.least_b3_het(r, all, mdps, m1) {
                    None => return false,
                    least => least,
                },
                _ => None,
            };
            let judge = Judge::new(r, lv, all, self.bye_only, least, het_best.clone());
            let Some(judges) = judge.map(|j| self.judges_of(j, p1)) else {
                continue;
            };
            if let Some(out) = judges.heterogeneous(all, mdps, (m1, p1), &self.over, reached) {
                *found = out;
                return found.is_some();
            }
        }
    }

    /// C.14.a (and C.14.b.2 with M1 = 0): homogeneous, P1 from `top_p` down, B.3's passes
    /// through the levels.
    fn homogeneous_part(&self, bounds: &mut Bounds, top_p: usize) -> Option<BracketOut> {
        for p1 in (0..=top_p).rev().filter(|&p1| !self.hopeless(p1)) {
            for &hold in self.holds {
                let mut cand: Option<BracketOut> = None;
                let mut run = |lv: Level| self.homogeneous_level(lv, hold, p1, &mut cand);
                if self.try_levels(p1, bounds, &mut run) {
                    return cand;
                }
            }
        }
        None
    }

    /// C.10, one level of the homogeneous bracket: as in the heterogeneous part, the search's
    /// first nodes, the matchings, the search to its node limit where they cannot tell or do
    /// not fit. True once `cand` holds the pairing.
    fn homogeneous_level(
        &self,
        lv: Level,
        hold: bool,
        p1: usize,
        cand: &mut Option<BracketOut>,
    ) -> bool {
        let (r, all) = (self.r, &self.all);
        let mut first = self.exact;
        loop {
            if !(first && r.decide == Decide::MatchingsOnly) {
                let mut s = self.search(lv, hold, None, first);
                let ok = s.homogeneous(all, p1, 0, 0, &mut |pairs, unpaired, _, _| {
                    let fits = accept_ok(r, &lv, self.fits, unpaired, self.spent.get(), &self.over);
                    if fits {
                        *cand = Some(BracketOut {
                            pairs: pairs.to_vec(),
                            floaters: unpaired.to_vec(),
                        });
                    }
                    fits
                });
                if ok || !s.gave_up() || !first {
                    return ok;
                }
            }
            first = false;
            self.matchings_turn();
            // D.4 alone stands for B.3 in a lowest bracket joined by C.13; else B.3's lowest
            // floater, while it is held.
            let (least, target) = match self.place {
                Place::Merged => match self.memo.least_b3(r, all) {
                    None => return false,
                    least => (least, None),
                },
                // C.13: among the pairings that leave the lower players pairable, where the
                // matching can tell.
                _ if hold => match self
                    .hints
                    .below
                    .and_then(|below| self.memo.lowest_floaters_below(r, all, p1, below))
                    .unwrap_or_else(|| self.memo.lowest_floaters(r, all, p1, self.bye_only))
                {
                    None => return false,
                    target => (None, target),
                },
                _ => (None, None),
            };
            let judge = Judge::new(r, lv, all, self.bye_only, least, target);
            let Some(judges) = judge.map(|j| self.judges_of(j, p1)) else {
                continue;
            };
            if let Some(out) = judges.homogeneous(all, p1, &self.over) {
                *cand = out;
                return cand.is_some();
            }
        }
    }
}

/// Tries the levels in order, each budget by budget (`budgeted`), with `run` (true once it has
/// found the bracket's pairing); `same_as_before` and `possible` skip levels without search.
///
/// A.7.d (odd rounds), dropped by C.10.f "only for the minimum number of pairs in the score
/// bracket": the levels after C.10.f (X from X1 again, B.5 / B.6 back, then dropped one by one)
/// take only pairings with the fewest pairs breaking A.7.d that any of them allows, the number
/// found first at the loosest of them (X = P1, every float criterion dropped). A.7.d itself
/// names what may override it, "additional floaters or floaters with an higher score or pairs
/// with a higher score difference" (P, M1, B.3: outside these levels), not the colour count X
/// nor B.5 / B.6, and C.10 drops it after them: the fewest A.7.d pairs rank above X and the
/// float criteria, not only within one level (`medium/p080-r07-i000908` round 3, see
/// docs/systems/dutch-2012.md).
fn run_levels(
    levels: &[Level],
    even: bool,
    over: &Cell<usize>,
    same_as_before: &dyn Fn(&Level) -> bool,
    possible: &mut dyn FnMut(&Level) -> bool,
    run: &mut dyn FnMut(Level) -> bool,
) -> bool {
    // The most a candidate of the levels without A.7.d may cost (`budgeted`), for each B.2
    // (C.10.g restarts them): `None` when no candidate meets the loosest of them.
    let mut caps: [Option<Option<usize>>; 2] = [None, None];
    for base in levels {
        let cap = if even || base.a7d {
            Some(usize::MAX)
        } else if let Some(cap) = caps[usize::from(base.b2)] {
            cap
        } else {
            let same = |l: &&Level| l.b2 == base.b2 && !l.a7d;
            let x = levels.iter().filter(same).map(|l| l.x).max();
            let loosest = Level {
                floats_dropped: 4,
                x: x.unwrap_or(base.x),
                ..*base
            };
            let mut cap = None;
            if possible(&loosest) {
                // Its first candidate has the least cost (the budgets rise through every cost
                // turned away); A.7.d weighs more than all the float criteria together, so the
                // cap keeps its number of A.7.d pairs (and of B.2 pairs, once C.10.g dropped B.2)
                // and lets the floats cost anything.
                for lv in budgeted(loosest, even, over, usize::MAX) {
                    if run(lv) {
                        cap = Some((lv.budget / A7D + 1) * A7D - 1);
                        break;
                    }
                }
            }
            caps[usize::from(base.b2)] = Some(cap);
            cap
        };
        let Some(cap) = cap else {
            continue;
        };
        if same_as_before(base) || !possible(base) {
            continue;
        }
        for lv in budgeted(*base, even, over, cap) {
            if run(lv) {
                return true;
            }
        }
    }
    false
}

/// The level `base`, then, when it drops a criterion, the same level with the budgets of
/// C.10's last line from the least up: each next budget is the least cost the search before it
/// turned away (`over`), until no candidate was turned away or the next passes `cap`.
fn budgeted(
    base: Level,
    even: bool,
    over: &Cell<usize>,
    cap: usize,
) -> impl Iterator<Item = Level> + '_ {
    let mut started = false;
    std::iter::from_fn(move || {
        let budget = if started {
            let next = over.get();
            if !base.drops_any(even) || next == usize::MAX || next > cap {
                return None;
            }
            next
        } else {
            started = true;
            usize::from(base.drops_any(even))
        };
        over.set(usize::MAX);
        Some(Level { budget, ..base })
    })
}
