//! What a pair and a floater cost at a requirement level (C.10): whether a pair is legal at
//! the level (B.1, B.2, A.7.d, B.5 / B.6 for upfloaters), and the weights of the criteria the
//! level drops, so that they are broken "only for the minimum number of pairs" (C.10's last
//! line): the fewest players breaking B.5 / B.6 down, then up, the fewest pairs breaking
//! A.7.d, then B.2.

use super::levels::Level;
use super::Round12;
use crate::history::Float;

/// C.10's last line, "any criterion may be dropped only for the minimum number of pairs": the
/// cost of the players breaking a dropped float criterion, so that the fewest break B.5 for
/// downfloaters, then B.6 for downfloaters, then B.5 for upfloaters, then B.6 for upfloaters
/// (their order of importance, C.10 d, c, b, a); a bracket has fewer than 1 000 players.
const UP_B6: usize = 1;
const UP_B5: usize = 1_000 * UP_B6;
const DOWN_B6: usize = 1_000 * UP_B5;
const DOWN_B5: usize = 1_000 * DOWN_B6;
/// A pair breaking A.7.d (odd rounds, both strongly or absolutely due the same colour), once
/// C.10.f has dropped it: dropped after the float criteria, so it weighs more than them all.
pub(super) const A7D: usize = 1_000 * DOWN_B5;
/// A pair of top scorers breaking B.2 once C.10.g has dropped it (dropped last, so it weighs
/// the most).
const B2: usize = 1_000 * A7D;

/// The cost of the pair breaking A.7.d, and of its upfloater breaking B.5 / B.6, where the level
/// drops them.
pub(crate) fn dropped_cost(r: &Round12, lv: &Level, a: usize, b: usize) -> usize {
    let a7d = A7D * usize::from(!r.even && !lv.a7d && r.strong_bad(a, b))
        + B2 * usize::from(!lv.b2 && r.clash[a][b]);
    let Some(up) = r.upfloater(a, b) else {
        return a7d;
    };
    a7d + UP_B5 * usize::from(!lv.b5_up() && up.float1 == Float::Up)
        + UP_B6 * usize::from(!lv.b6_up() && up.float2 == Float::Up)
}

/// The cost of a downfloater breaking B.5 / B.6 where the level drops them.
pub(crate) fn down_cost(r: &Round12, lv: &Level, i: usize) -> usize {
    DOWN_B5 * usize::from(!lv.b5_down() && r.repeats_down(i, true))
        + DOWN_B6 * usize::from(!lv.b6_down() && r.repeats_down(i, false))
}

/// The pair is legal at level `lv`.
pub(crate) fn legal(r: &Round12, lv: &Level, a: usize, b: usize) -> bool {
    if !r.compat[a][b] {
        return false;
    }
    let (pa, pb) = (&r.players[a], &r.players[b]);
    if r.clash[a][b] && (lv.b2 || !(pa.top || pb.top)) {
        return false;
    }
    if lv.a7d && !r.even && r.strong_bad(a, b) {
        return false;
    }
    if let Some(up) = r.upfloater(a, b) {
        if (lv.b5_up() && up.float1 == Float::Up) || (lv.b6_up() && up.float2 == Float::Up) {
            return false;
        }
    }
    true
}
