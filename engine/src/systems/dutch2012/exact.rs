//! One requirement level of a bracket decided by weighted matchings, and its first candidate in
//! the order of section D found without listing the exchanges and transpositions one by one:
//! the search of `bracket` whose cost does not explode. It pairs the lowest bracket (joined by
//! C.13 or not), every upper bracket paired the first time, and the pairings C.12 and C.13 ask
//! for again (`Judges`); the depth-first search of `bracket` takes a level first for a few
//! nodes (most levels end there, cheaper than the matchings), and alone the levels the
//! matchings cannot tell (C.13 with more pairs than asked for, or with P1 below M1; C.12 with
//! too many sets of downfloaters to list) and brackets whose values pass 236 bits (about 128
//! players, whose searches are short).
//!
//! Why a level is an optimum. The levels of C.10 are tried in order, and each is met by the
//! candidates within its limits: at most X colour conflicts (A.8), Z strong ones (even rounds),
//! its dropped criteria (B.5 / B.6, A.7.d, B.2) broken "only for the minimum number of pairs"
//! (C.10's last line, the budgets of `bracket::budgeted`), D.4's least B.3 factor, B.3's lowest
//! floaters. When a level is reached, every looser one before it has failed: no candidate has
//! fewer colour conflicts (the level with X - 1 and every float criterion dropped failed at
//! every budget), and the budgets rise from the least. So the candidates of the level that
//! succeeds are exactly the pairings that are best in one lexicographic order: D.4's B.3 factor,
//! B.3's floaters, then X, Z and the dropped criteria in their order of importance (B.2, A.7.d,
//! B.5 down, B.6 down, B.5 up, B.6 up), where the pairs breaking A.7.d and B.2 come before X
//! in the levels after C.10.f (their number is held to the least the loosest level needs,
//! `bracket::run_levels`). A maximum-weight perfect matching with those weights finds the best
//! value; the level is met when that value is within its limits, and a value over the budget
//! only is the next budget.
//!
//! Why the first candidate is found by matchings too. D.2 orders the exchanges of a homogeneous
//! bracket (or remainder) by the number of players exchanged, then the difference of the sums
//! of their numbers, then the S1 players exchanged (from the top) and the S2 players exchanged
//! (from the top); for a pairing, the exchange that gives it first is fixed pair by pair (a pair
//! of two S1 players sends its lower player to S2, a pair of two S2 players brings its higher
//! player to S1, an S1 player left unpaired goes to S2), and each of these four keys is a sum
//! over its pairs and players left unpaired (`item_keys`). So one more matching, the keys below
//! the level's order, gives the first exchange that has a best pairing. Inside it (D.1), and in
//! a heterogeneous bracket for the moved-down players chosen in the order of D.3 and their S2
//! opponents, each player in turn takes the first opponent with which a best completion still
//! exists (an assignment or a matching decides it), so nothing is ever undone. The cost is a
//! polynomial number of matchings (O(n^2) per level met, one per level not met); only the
//! choice of the moved-down players of a heterogeneous bracket (D.3) is listed, which is
//! exponential in their number alone.
//!
//! The driver's condition: none in an upper bracket paired the first time (its downfloaters
//! must keep the float criteria the level keeps, B.5 / B.6); in the lowest bracket, one player
//! at most is left, who may take the bye (B.1.b), and keeps them too; C.12's, one of the sets
//! of downfloaters listed (one judge per set, only its players may be left unpaired: the best
//! value over them all, and the first candidate over them all, compared by their places in the
//! order of D); C.13's, the downfloaters and the lower brackets' players pairable together (a
//! second phase of the same matching, `Judge::best_below`).

use super::bound::{b3_factor, sq, Rest};
use super::levels::Level;
use super::ordering::combinations;
use super::search::BracketOut;
use super::weights::{down_cost, dropped_cost, legal};
use super::Round12;
use crate::history::Float;
use crate::score::Score;
use ethnum::I256;
use std::cell::Cell;

/// D.2's keys of a pair (`Some` of one player, the other) or of a player left unpaired.
type Keys<'k> = &'k dyn Fn(Option<usize>, usize) -> I256;

/// A completion with its value: the value, its pairs, the players it leaves unpaired.
type Valued = (I256, Vec<(usize, usize)>, Vec<usize>);

/// The parts of a candidate's value, each a sum over its pairs and players left unpaired.
#[derive(Clone, Copy)]
enum Part {
    /// D.4: the B.3 factor (squared score differences, the bye against one point below the
    /// lowest score).
    B3,
    /// B.3: the scores of the players left unpaired, each weighing more than all those of
    /// lower scores together ((n + 1) to the rank of his score, 0 the lowest).
    Floater,
    /// Pairs breaking B.2 (after C.10.g) and A.7.d (after C.10.f).
    B2,
    A7d,
    /// A.8: the pairs not fulfilling all colour preferences (X), two strong ones (Z).
    X,
    Z,
    /// Players breaking B.5 / B.6 as downfloaters (left unpaired) and as upfloaters.
    DownB5,
    DownB6,
    UpB5,
    UpB6,
}

const PARTS: usize = 10;

/// The lexicographic order of the parts: after C.10.f (odd rounds, A.7.d dropped) the pairs
/// breaking B.2 and A.7.d come before X and Z (their number is the least of the loosest level);
/// otherwise X and Z come first.
const CAPPED: [Part; PARTS] = [
    Part::B3,
    Part::Floater,
    Part::B2,
    Part::A7d,
    Part::X,
    Part::Z,
    Part::DownB5,
    Part::DownB6,
    Part::UpB5,
    Part::UpB6,
];
const COLOUR_FIRST: [Part; PARTS] = [
    Part::B3,
    Part::Floater,
    Part::X,
    Part::Z,
    Part::B2,
    Part::A7d,
    Part::DownB5,
    Part::DownB6,
    Part::UpB5,
    Part::UpB6,
];

/// D.2's keys of an exchange, in their order: players exchanged, difference of the sums of
/// their numbers, the S1 players exchanged (the highest numbers first is first), the S2 players
/// exchanged (the lowest numbers first is first).
const KEYS: usize = 4;

/// The values of candidates must stay well inside 256 bits (the matching's duals double them).
const MAX_BITS: u32 = 236;

/// What the candidates of one level of a bracket are judged by.
#[derive(Clone)]
pub(crate) struct Judge<'a> {
    r: &'a Round12,
    lv: Level,
    /// D.4: the least B.3 factor every candidate must have (a lowest bracket joined by C.13).
    least: Option<u64>,
    /// The lowest score of the bracket (the bye counts as an opponent one point below it).
    lowest: Score,
    bye_opponent: Score,
    /// B.3: the scores of the players left unpaired, when held to the lowest.
    target: Option<Vec<Score>>,
    /// The players left unpaired take the bye (the lowest bracket: one at most, B.1.b).
    bye_only: bool,
    /// C.12: the only players who may be left unpaired (sorted), when the driver asks for one
    /// set of downfloaters.
    only: Option<Vec<usize>>,
    /// C.13: the lower brackets' players, who must be pairable with the players left unpaired
    /// (all of them but one at most, who may take the bye).
    below: Option<Vec<usize>>,
    /// Set when the matching of `best_below` made more pairs than asked for: the level is
    /// then not decided here.
    undecided: Cell<bool>,
    /// The weight of each score of the bracket as a player left unpaired, lowest first.
    worths: Vec<(Score, I256)>,
    /// Each part's multiplier in the value (the order of `CAPPED` or `COLOUR_FIRST`).
    mult: [I256; PARTS],
    /// A value above every candidate's.
    top: I256,
}

impl<'a> Judge<'a> {
    /// The judge of level `lv` for the bracket `all` (indices in A.2 order); `None` when its
    /// values would not fit in 256 bits.
    pub fn new(
        r: &'a Round12,
        lv: Level,
        all: &[usize],
        bye_only: bool,
        least: Option<u64>,
        target: Option<Vec<Score>>,
    ) -> Option<Self> {
        let lowest = all.iter().map(|&i| r.players[i].score).min()?;
        let bye_opponent = lowest - Score::points(1);
        let mut levels: Vec<Score> = all.iter().map(|&i| r.players[i].score).collect();
        levels.sort_unstable();
        levels.dedup();
        let n = all.len() as u64;
        let mut worths = Vec::with_capacity(levels.len());
        let mut worth = I256::ONE;
        for &score in &levels {
            worths.push((score, worth));
            worth = worth.checked_mul(I256::from(n + 1))?;
        }
        // Each part summed over a candidate (n / 2 pairs and one player left at most) stays
        // below its span.
        let worst_sq = all
            .iter()
            .flat_map(|&a| all.iter().map(move |&b| (a, b)))
            .map(|(a, b)| sq(r.players[a].score, r.players[b].score))
            .chain(all.iter().map(|&i| sq(r.players[i].score, bye_opponent)))
            .max()
            .unwrap_or(0);
        // A part the level cannot make (a criterion it keeps) takes no room.
        let used = |part: Part| match part {
            Part::B3 => least.is_some(),
            Part::Floater => target.is_some(),
            Part::B2 => !lv.b2,
            Part::A7d => !r.even && !lv.a7d,
            Part::X => true,
            Part::Z => r.even,
            Part::DownB5 => !lv.b5_down(),
            Part::DownB6 => !lv.b6_down(),
            Part::UpB5 => !lv.b5_up(),
            Part::UpB6 => !lv.b6_up(),
        };
        let span = |part: Part| -> I256 {
            match part {
                _ if !used(part) => I256::ONE,
                Part::B3 => I256::from(worst_sq) * I256::from(n + 1) + I256::ONE,
                Part::Floater => worth,
                _ => I256::from(n + 1),
            }
        };
        let order = if !r.even && !lv.a7d {
            CAPPED
        } else {
            COLOUR_FIRST
        };
        let mut mult = [I256::ZERO; PARTS];
        let mut m = I256::ONE;
        for &part in order.iter().rev() {
            mult[part as usize] = m;
            m = m.checked_mul(span(part))?;
        }
        // D.2's keys go below the value, at most `key_span` of the bracket's size.
        let keys = key_span(n as usize).and_then(|k| m.checked_mul(k))?;
        if keys.leading_zeros() < 256 - MAX_BITS {
            return None;
        }
        Some(Judge {
            r,
            lv,
            least,
            lowest,
            bye_opponent,
            target,
            bye_only,
            only: None,
            below: None,
            undecided: Cell::new(false),
            worths,
            mult,
            top: m,
        })
    }

    fn value(&self, parts: &[(Part, bool)], b3: u64, worth: I256) -> I256 {
        let mut v = I256::ZERO;
        if self.least.is_some() {
            v += I256::from(b3) * self.mult[Part::B3 as usize];
        }
        if self.target.is_some() {
            v += worth * self.mult[Part::Floater as usize];
        }
        for &(part, on) in parts {
            if on {
                v += self.mult[part as usize];
            }
        }
        v
    }

    /// The value of the pair `a`-`b` (within the level's legal pairs).
    fn pair(&self, a: usize, b: usize) -> I256 {
        let (r, lv) = (self.r, &self.lv);
        let up = r.upfloater(a, b);
        let up_breaks =
            |last: bool| up.is_some_and(|p| (if last { p.float1 } else { p.float2 }) == Float::Up);
        let parts = [
            (Part::B2, !lv.b2 && r.clash[a][b]),
            (Part::A7d, !r.even && !lv.a7d && r.strong_bad(a, b)),
            (Part::X, r.colour_bad(a, b)),
            (Part::Z, r.even && r.strong_bad(a, b)),
            (Part::UpB5, !lv.b5_up() && up_breaks(true)),
            (Part::UpB6, !lv.b6_up() && up_breaks(false)),
        ];
        let b3 = sq(r.players[a].score, r.players[b].score);
        self.value(&parts, b3, I256::ZERO)
    }

    /// The value of player `i` left unpaired (the bye).
    fn float(&self, i: usize) -> I256 {
        let (r, lv) = (self.r, &self.lv);
        let parts = [
            (Part::DownB5, !lv.b5_down() && r.repeats_down(i, true)),
            (Part::DownB6, !lv.b6_down() && r.repeats_down(i, false)),
        ];
        let score = r.players[i].score;
        let b3 = sq(score, self.bye_opponent);
        let k = self.worths.partition_point(|&(s, _)| s < score);
        let worth = self.worths.get(k).map_or(I256::ZERO, |&(_, w)| w);
        self.value(&parts, b3, worth)
    }

    /// The same judge where the players left unpaired must be pairable with the lower brackets'
    /// players `below` (C.13).
    pub fn with_below(&self, below: &[usize]) -> Self {
        Judge {
            below: Some(below.to_vec()),
            ..self.clone()
        }
    }

    /// The same judge with only the players of `set` (sorted) allowed to be left unpaired.
    pub fn leaving_only(&self, set: &[usize]) -> Self {
        Judge {
            only: Some(set.to_vec()),
            ..self.clone()
        }
    }

    /// The level allows the pair (B.1, B.2, A.7.d, B.5 / B.6 for upfloaters where kept).
    fn ok(&self, a: usize, b: usize) -> bool {
        legal(self.r, &self.lv, a, b)
    }

    /// Player `i` may be left unpaired: he breaks no float criterion the level keeps and, in
    /// the lowest bracket, may take the bye (B.1.b).
    fn floatable(&self, i: usize) -> bool {
        let (r, lv) = (self.r, &self.lv);
        let no_bye = self.bye_only && !r.players[i].bye_ok;
        let b5 = lv.b5_down() && r.repeats_down(i, true);
        let b6 = lv.b6_down() && r.repeats_down(i, false);
        let other = self
            .only
            .as_ref()
            .is_some_and(|w| w.binary_search(&i).is_err());
        !(no_bye || b5 || b6 || other)
    }

    /// The value of pairs and players left unpaired.
    fn total(&self, pairs: &[(usize, usize)], left: &[usize]) -> I256 {
        let mut v = I256::ZERO;
        for &(a, b) in pairs {
            v += self.pair(a, b);
        }
        for &i in left {
            v += self.float(i);
        }
        v
    }

    /// The best completion of `rest` (the least value; with `key`, D.2's keys of a pair or a
    /// player left unpaired, and the multiplier of the value above them, ties broken by the
    /// keys) and its value without the keys.
    fn best(&self, rest: &Rest, key: Option<(Keys, I256)>) -> Option<Valued> {
        if let Some(below) = &self.below {
            return self.best_below(rest, below, key);
        }
        let scale = key.map_or(I256::ONE, |(_, scale)| scale);
        // The matching maximises: the top less the value.
        let top = self.top * scale;
        let pair_w = |a: usize, b: usize| {
            let keys = key.map_or(I256::ZERO, |(k, _)| k(Some(a), b));
            top - (self.pair(a, b) * scale + keys)
        };
        let float_w = |i: usize| {
            let keys = key.map_or(I256::ZERO, |(k, _)| k(None, i));
            top - (self.float(i) * scale + keys)
        };
        let ok = |a: usize, b: usize| self.ok(a, b);
        let floatable = |i: usize| self.floatable(i);
        let (pairs, left) = rest.best::<I256>(&ok, &floatable, &pair_w, &float_w)?;
        let value = self.total(&pairs, &left);
        Some((value, pairs, left))
    }

    /// `best` where the players left unpaired must be pairable with the lower players `below`
    /// (C.13): one matching of two phases. Each player of the branch who may be left unpaired
    /// (not S1's) is there twice, in the bracket and below it, with a connector that takes one
    /// of the two (the bracket one: he is left unpaired, at his value; the one below: he is
    /// paired in the bracket); his presence below pairs with the other players left unpaired
    /// and the lower players (B.1, B.2 for non-top scorers; one of them at most takes the bye,
    /// B.1.b). The bracket's pairs come first (each weighs more than any value), so the
    /// matching makes the most of them: fewer than `rest.pairs` is no completion, more leaves
    /// the count asked for undecided (`undecided`: at the level's root, the search takes the
    /// level back; below it, a branch has no more pairs than its root).
    fn best_below(
        &self,
        rest: &Rest,
        below: &[usize],
        key: Option<(Keys, I256)>,
    ) -> Option<Valued> {
        let r = self.r;
        let scale = key.map_or(I256::ONE, |(_, scale)| scale);
        let top = self.top * scale;
        let keys = |a: Option<usize>, b: usize| key.map_or(I256::ZERO, |(k, _)| k(a, b));
        let players = rest.players();
        let (n, nm, np) = (players.len(), rest.must.len(), rest.partners.len());
        let floaters = n.checked_sub(2 * rest.pairs)?;
        let movable: Vec<usize> = (nm..n).filter(|&i| self.floatable(players[i])).collect();
        let k = movable.len();
        let (copy, connector, low) = (n, n + k, n + 2 * k);
        let bye = (floaters + below.len()) % 2 == 1;
        let total = low + below.len() + usize::from(bye);
        let mut edges: Vec<(usize, usize, I256)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let shape = if i < nm {
                    j >= nm && j < nm + np
                } else {
                    rest.pool
                };
                let (a, b) = (players[i], players[j]);
                if shape && self.ok(a, b) {
                    edges.push((
                        i,
                        j,
                        top + top - (self.pair(a, b) * scale + keys(Some(a), b)),
                    ));
                }
            }
        }
        // Below the bracket: who is left unpaired, and the lower players.
        let lower: Vec<(usize, usize)> = (movable.iter().enumerate())
            .map(|(t, &i)| (copy + t, players[i]))
            .chain(below.iter().enumerate().map(|(q, &l)| (low + q, l)))
            .collect();
        for (t, &i) in movable.iter().enumerate() {
            let a = players[i];
            edges.push((
                i,
                connector + t,
                top - (self.float(a) * scale + keys(None, a)),
            ));
            edges.push((copy + t, connector + t, top));
        }
        for (x, &(u, a)) in lower.iter().enumerate() {
            for &(v, b) in &lower[x + 1..] {
                if r.pairable(a, b) {
                    edges.push((u, v, top));
                }
            }
            if bye && r.players[a].bye_ok {
                edges.push((u, total - 1, top));
            }
        }
        let mate = super::solve::max_weight_matching(total, &edges, true);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut pairs = Vec::new();
        let mut left = Vec::new();
        for (i, m) in mate.iter().enumerate().take(n) {
            match *m {
                Some(j) if j < n && i < j => pairs.push((players[i], players[j])),
                Some(j) if j >= connector && j < low => left.push(players[i]),
                _ => {}
            }
        }
        if pairs.len() > rest.pairs {
            self.undecided.set(true);
        }
        if pairs.len() != rest.pairs {
            return None;
        }
        let value = self.total(&pairs, &left);
        Some((value, pairs, left))
    }

    /// The value is within the level: D.4's least factor, B.3's floaters, X, Z and the budget
    /// (C.10's last line). A value over the budget only is kept in `over` as the next budget.
    fn meets(&self, pairs: &[(usize, usize)], left: &[usize], over: &Cell<usize>) -> bool {
        let r = self.r;
        if self
            .least
            .is_some_and(|least| b3_factor(r, pairs, left, Some(self.lowest)) != least)
        {
            return false;
        }
        if let Some(target) = &self.target {
            if super::bound::scores_desc(r, left) != *target {
                return false;
            }
        }
        let x = pairs.iter().filter(|&&(a, b)| r.colour_bad(a, b)).count();
        let z = pairs.iter().filter(|&&(a, b)| r.strong_bad(a, b)).count();
        if x > self.lv.x || (r.even && z > self.lv.z) {
            return false;
        }
        let cost = pairs
            .iter()
            .map(|&(a, b)| dropped_cost(r, &self.lv, a, b))
            .chain(left.iter().map(|&i| down_cost(r, &self.lv, i)))
            .fold(0usize, usize::saturating_add);
        if cost > self.lv.budget {
            over.set(over.get().min(cost));
            return false;
        }
        true
    }

    /// A homogeneous bracket (C.4-C.8.a): the best value of `p` pairs among `players`, with a
    /// completion that has it.
    fn best_homogeneous(&self, players: &[usize], p: usize) -> Option<Valued> {
        if 2 * p > players.len() || (self.bye_only && players.len() - 2 * p > 1) {
            return None;
        }
        self.best(&Rest::pool_of(players, p), None)
    }

    /// The first candidate of the homogeneous bracket with `value` (D.2, D.1), with its place
    /// in that order.
    fn first_homogeneous(&self, players: &[usize], p: usize, value: I256) -> Option<First> {
        let mut order = Vec::new();
        let pairs = self.first_in(players, p, value, I256::ZERO, &mut order)?;
        let floaters = unpaired(players, &pairs);
        Some((BracketOut { pairs, floaters }, order))
    }

    /// A heterogeneous bracket (C.6, C.8.b, C.9): `m1` of the moved-down players `mdps`
    /// (chosen in the order of D.3) each meet a resident (the transpositions of D.1.2), then
    /// the remainder makes `p1 - m1` pairs. The best value over every choice of them, the
    /// first choice with it (its index in the order of D.3) and a completion; `reached`: some
    /// choice of them can be paired.
    fn best_heterogeneous(
        &self,
        all: &[usize],
        mdps: &[usize],
        m1: usize,
        p1: usize,
        reached: &mut bool,
    ) -> Option<(usize, Valued)> {
        if m1 > p1 || 2 * p1 > all.len() || (self.bye_only && all.len() - 2 * p1 > 1) {
            return None;
        }
        let residents = residents_of(all, mdps);
        let mut best: Option<(usize, Valued)> = None;
        for (c, (s1, waiting)) in chosen_sets(self.r, mdps, m1).iter().enumerate() {
            let rest = Rest {
                must: s1,
                partners: &residents,
                waiting,
                pool: true,
                pairs: p1,
            };
            if let Some(found) = self.best(&rest, None) {
                *reached = true;
                if best.as_ref().is_none_or(|b| found.0 < b.1 .0) {
                    best = Some((c, found));
                }
            }
        }
        best
    }

    /// The first candidate of the heterogeneous bracket with `value`, S1 the choice `c` of the
    /// moved-down players, with its place in the order of D.
    fn first_heterogeneous(
        &self,
        all: &[usize],
        mdps: &[usize],
        m1: usize,
        p1: usize,
        (c, value): (usize, I256),
    ) -> Option<First> {
        let residents = residents_of(all, mdps);
        let (s1, waiting) = chosen_sets(self.r, mdps, m1).into_iter().nth(c)?;
        let mut order = vec![I256::from(c as u64)];
        // D.1.2: each S1 player in turn takes the first resident with which a best completion
        // still exists.
        let mut fixed_value = I256::ZERO;
        let mut free = residents;
        let mut fixed = self.transpose(
            &s1,
            &mut free,
            (&waiting, p1 - m1),
            &mut fixed_value,
            value,
            &mut order,
        )?;
        // The remainder: the residents left and the moved-down players waiting.
        let mut remainder: Vec<usize> = free.iter().chain(&waiting).copied().collect();
        remainder.sort_unstable();
        let inner = self.first_in(&remainder, p1 - m1, value, fixed_value, &mut order)?;
        let floaters = unpaired(&remainder, &inner);
        fixed.extend(inner);
        let out = BracketOut {
            pairs: fixed,
            floaters,
        };
        Some((out, order))
    }

    /// The first candidate of `players` with `p` pairs in the order of D.2 then D.1 among
    /// those whose value, added to the pairs fixed before (`fixed`), is `value`.
    fn first_in(
        &self,
        players: &[usize],
        p: usize,
        value: I256,
        fixed: I256,
        order: &mut Vec<I256>,
    ) -> Option<Vec<(usize, usize)>> {
        let n = players.len();
        let pos = |i: usize| players.binary_search(&i).unwrap_or(n);
        // The keys' multipliers, each above all the keys after it (`Judge::new` made room).
        let spans = key_spans(n, p);
        let mut m = [I256::ONE; KEYS];
        for k in (0..KEYS - 1).rev() {
            m[k] = m[k + 1] * spans[k + 1];
        }
        let scale = m[0] * spans[0];
        let keys = |a: Option<usize>, b: usize| -> I256 {
            let k = item_keys(n, p, a.map(pos), pos(b));
            k[0] * m[0] + k[1] * m[1] + k[2] * m[2] + k[3] * m[3]
        };
        let root = Rest::pool_of(players, p);
        let (v, pairs, left) = self.best(&root, Some((&keys, scale)))?;
        if fixed + v != value {
            return None;
        }
        // Its place in the order of D.2: the exchange's keys.
        let exchange = pairs
            .iter()
            .map(|&(a, b)| item_keys(n, p, Some(pos(a)), pos(b)))
            .chain(left.iter().map(|&i| item_keys(n, p, None, pos(i))));
        let mut sums = [I256::ZERO; KEYS];
        for k in exchange {
            for (s, v) in sums.iter_mut().zip(k) {
                *s += v;
            }
        }
        order.extend(sums);
        // The exchange that gives this pairing first: the higher player of each pair is in S1
        // (a mixed pair keeps its S1 player there, two S1 players send the lower to S2, two S2
        // players bring the higher to S1).
        let mut s1: Vec<usize> = pairs.iter().map(|&(a, b)| a.min(b)).collect();
        s1.sort_unstable();
        let mut s2: Vec<usize> = players
            .iter()
            .copied()
            .filter(|i| !s1.contains(i))
            .collect();
        // D.1: each S1 player in turn takes the first S2 player with which a best completion
        // still exists (an assignment: the S2 players left over are left unpaired).
        let mut fixed = fixed;
        self.transpose(&s1, &mut s2, (&[], 0), &mut fixed, value, order)
    }

    /// The transposition (D.1) of `s2` for `s1` with which some completion still has `value`:
    /// each S1 player in turn takes the first free S2 player with which a best completion
    /// exists, the S2 players left over, with `waiting`, then making `more` pairs among
    /// themselves (the remainder: `(waiting, more)`) or, with none to make, left unpaired. The pairs' values are
    /// added to `fixed`, the S2 players taken removed from `s2`, the place of each in what was
    /// left of S2 pushed on `order`. Never undone: the completion that exists for the first
    /// choice is one of the candidates found after it.
    fn transpose(
        &self,
        s1: &[usize],
        s2: &mut Vec<usize>,
        (waiting, more): (&[usize], usize),
        fixed: &mut I256,
        value: I256,
        order: &mut Vec<I256>,
    ) -> Option<Vec<(usize, usize)>> {
        let mut out = Vec::with_capacity(s1.len());
        for (d, &a) in s1.iter().enumerate() {
            let mut taken = None;
            for (j, &b) in s2.iter().enumerate() {
                if !self.ok(a, b) {
                    continue;
                }
                let mut partners = s2.clone();
                partners.remove(j);
                let rest = Rest {
                    must: &s1[d + 1..],
                    partners: &partners,
                    waiting,
                    pool: more > 0 || !waiting.is_empty(),
                    pairs: s1.len() - d - 1 + more,
                };
                let pair = self.pair(a, b);
                let Some((v, _, _)) = self.best(&rest, None) else {
                    continue;
                };
                if *fixed + pair + v == value {
                    taken = Some((j, pair));
                    break;
                }
            }
            let (j, pair) = taken?;
            out.push((a, s2.remove(j)));
            order.push(I256::from(j as u64));
            *fixed += pair;
        }
        Some(out)
    }
}

/// The candidates of one level, judged by one `Judge` per set of players allowed to be left
/// unpaired (C.12 asking for one of several sets of downfloaters), or by one judge alone.
pub(crate) struct Judges<'a>(pub Vec<Judge<'a>>);

impl<'a> Judges<'a> {
    /// `judge` alone, or (C.12) one judge per set of `wanted` downfloaters that has `floaters`
    /// players; (C.13) the downfloaters pairable with the lower players `below`.
    pub fn of(
        judge: Judge<'a>,
        wanted: Option<&[Vec<usize>]>,
        below: Option<&[usize]>,
        floaters: usize,
    ) -> Self {
        let judge = match below {
            Some(below) => judge.with_below(below),
            None => judge,
        };
        match wanted {
            Some(sets) => Judges(
                sets.iter()
                    .filter(|w| w.len() == floaters)
                    .map(|w| judge.leaving_only(w))
                    .collect(),
            ),
            None => Judges(vec![judge]),
        }
    }

    /// The level's candidate for a homogeneous bracket (`Judge::best_homogeneous`); `None` when
    /// the matchings cannot tell (`Judge::undecided`).
    pub fn homogeneous(
        &self,
        players: &[usize],
        p: usize,
        over: &Cell<usize>,
    ) -> Option<Option<BracketOut>> {
        self.decide(
            over,
            |j| j.best_homogeneous(players, p).map(|v| ((), v)),
            |j, (), value| j.first_homogeneous(players, p, value),
        )
    }

    /// The level's candidate for a heterogeneous bracket (`Judge::best_heterogeneous`); `None`
    /// when the matchings cannot tell.
    pub fn heterogeneous(
        &self,
        all: &[usize],
        mdps: &[usize],
        (m1, p1): (usize, usize),
        over: &Cell<usize>,
        reached: &mut bool,
    ) -> Option<Option<BracketOut>> {
        self.decide(
            over,
            |j| j.best_heterogeneous(all, mdps, m1, p1, reached),
            |j, c, value| j.first_heterogeneous(all, mdps, m1, p1, (c, value)),
        )
    }

    /// The best value over every judge; when it meets the level, the first candidate with it
    /// in the order of D over them all (each judge's first, compared by their places).
    fn decide<P: Copy>(
        &self,
        over: &Cell<usize>,
        mut best: impl FnMut(&Judge) -> Option<(P, Valued)>,
        first: impl Fn(&Judge, P, I256) -> Option<First>,
    ) -> Option<Option<BracketOut>> {
        let plans: Vec<(usize, P, Valued)> = (self.0.iter().enumerate())
            .filter_map(|(i, j)| best(j).map(|(plan, v)| (i, plan, v)))
            .collect();
        if self.0.iter().any(|j| j.undecided.get()) {
            return None;
        }
        let Some(least) = plans.iter().map(|p| p.2 .0).min() else {
            return Some(None);
        };
        let (_, _, (_, pairs, left)) = plans.iter().find(|p| p.2 .0 == least)?;
        if !self.0[0].meets(pairs, left, over) {
            return Some(None);
        }
        let found = plans
            .iter()
            .filter(|p| p.2 .0 == least)
            .filter_map(|&(i, plan, _)| first(&self.0[i], plan, least))
            .min_by(|a, b| a.1.cmp(&b.1))
            .map(|(out, _)| out);
        Some(found)
    }
}

/// The first candidate and its place in the order of D (the choice of D.3, the transpositions'
/// places, the exchange's keys).
type First = (BracketOut, Vec<I256>);

/// The residents: the players of `all` not moved down.
fn residents_of(all: &[usize], mdps: &[usize]) -> Vec<usize> {
    all.iter().copied().filter(|i| !mdps.contains(i)).collect()
}

/// The choices of `m1` moved-down players in the order of D.3, each with the others (who wait
/// for the remainder).
fn chosen_sets(r: &Round12, mdps: &[usize], m1: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    combinations(r, mdps.len(), m1)
        .into_iter()
        .map(|c| {
            let s1: Vec<usize> = c.iter().map(|&k| mdps[k]).collect();
            let waiting = mdps.iter().copied().filter(|i| !s1.contains(i)).collect();
            (s1, waiting)
        })
        .collect()
}

/// The players of `players` in none of `pairs`.
fn unpaired(players: &[usize], pairs: &[(usize, usize)]) -> Vec<usize> {
    players
        .iter()
        .copied()
        .filter(|&i| !pairs.iter().any(|&(a, b)| a == i || b == i))
        .collect()
}

/// D.2's keys (`KEYS`, each to be least first) of one pair of players at positions `a` and `b`
/// among the `n` players of a homogeneous bracket or remainder whose S1 is the first `p`, or of
/// the player at `b` left unpaired (`a` is `None`), in the exchange that gives the pairing first:
/// two S1 players send the lower to S2, two S2 players bring the higher to S1, an S1 player left
/// unpaired goes to S2. Summed over a pairing they give its exchange's players exchanged, the
/// difference of the sums of their numbers (shifted by `n` per item), and the S1 and S2 players
/// exchanged as sums of powers of two (less from a constant per item): a higher S1 player sent
/// to S2 weighs more than all the lower ones together, a higher S2 player brought to S1 more
/// than all the lower ones, so the sums order the sets as D.2 lists them.
fn item_keys(n: usize, p: usize, a: Option<usize>, b: usize) -> [I256; KEYS] {
    let power = |e: usize| I256::ONE << e as u32;
    let mut exchanged = 0u64;
    let mut diff = n as i64;
    // S1's positions are 0..p, S2's p..n (n - position from 1 to n - p).
    let mut s1_out = power(p);
    let mut s2_in = power(n - p + 1);
    match a {
        None if b < p => {
            diff -= b as i64;
            s1_out -= power(b);
        }
        None => {}
        Some(a) => {
            let (lo, hi) = (a.min(b), a.max(b));
            if hi < p {
                diff -= hi as i64;
                s1_out -= power(hi);
            } else if lo >= p {
                exchanged = 1;
                diff += lo as i64;
                s2_in -= power(n - lo);
            }
        }
    }
    [
        I256::from(exchanged),
        I256::from(diff as u64),
        s1_out,
        s2_in,
    ]
}

/// What each of D.2's keys summed over the `n` players (a pairing with `p` pairs) stays below
/// (`item_keys`).
fn key_spans(n: usize, p: usize) -> [I256; KEYS] {
    let items = I256::from(n as u64 + 1);
    [
        items,
        items * items * I256::from(2u32),
        items << (p as u32 + 1),
        items << ((n - p) as u32 + 2),
    ]
}

/// The product of `key_spans` for a bracket of `n` players, the same for any number of pairs
/// and larger than for any remainder of it: the room D.2's keys take below the value; `None`
/// past 200 players.
fn key_span(n: usize) -> Option<I256> {
    if n > 200 {
        return None;
    }
    key_spans(n, 1)
        .iter()
        .try_fold(I256::ONE, |acc, &s| acc.checked_mul(s))
}

#[cfg(test)]
mod tests;
