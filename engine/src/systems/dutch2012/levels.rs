//! The requirement levels of one bracket, in the order in which C.3 sets them and C.10 lowers
//! them, and the colour budgets X1 and Z1 of A.8.
//!
//! C.10 drops, cumulatively and in this order, B.6 for upfloaters (a), B.5 for upfloaters (b),
//! B.6 for downfloaters (c), B.5 for downfloaters (d); then (e) raises X by one (odd rounds) or
//! Z by one up to X, then X by one with Z back to Z1 (even rounds), restoring B.5 and B.6; then
//! (f, odd rounds) drops A.7.d and starts X again; then (g, top scorers) drops B.2 and starts
//! again from A.7.d. Every level is tried before P is lowered (C.14). A level that drops float
//! criteria or A.7.d carries a budget (C.10's last line, "only for the minimum number of
//! pairs"), which `bracket::budgeted` raises from the least: A.7.d is dropped for the fewest pairs, not
//! for all (`large/p128-r05-i000059` round 5, see docs/systems/dutch-2012.md), and that fewest number holds
//! across all the levels after C.10.f, X and the float criteria included: A.7.d yields only to
//! "additional floaters or floaters with an higher score or pairs with a higher score
//! difference" (`medium/p080-r07-i000908` round 3; `bracket::run_levels`).

use super::Round12;
use crate::model::Color;

/// One set of current requirements (C.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level {
    /// A.11: at most `x` pairs not fulfilling all colour preferences.
    pub x: usize,
    /// A.8.b (even rounds): at most `z` pairs not fulfilling two strong colour preferences.
    pub z: usize,
    /// A.7.d (odd rounds): a strong preference is treated as absolute.
    pub a7d: bool,
    /// B.2 for top scorers still applies.
    pub b2: bool,
    /// How many of the float criteria C.10 a-d have been dropped (0 to 4).
    pub floats_dropped: u8,
    /// C.10 (last line): a criterion is dropped "only for the minimum number of pairs": the
    /// most the players breaking the dropped float criteria may cost (`weights::DOWN_B5` and
    /// the other weights); 0 while nothing is dropped.
    pub budget: usize,
}

impl Level {
    /// Some float criterion, or (odd rounds) A.7.d, is dropped, so the budget applies.
    pub fn drops_any(&self, even: bool) -> bool {
        self.floats_dropped > 0 || (!even && !self.a7d) || !self.b2
    }
    /// B.5 for downfloaters (dropped last, C.10.d).
    pub fn b5_down(&self) -> bool {
        self.floats_dropped < 4
    }
    /// B.6 for downfloaters (C.10.c).
    pub fn b6_down(&self) -> bool {
        self.floats_dropped < 3
    }
    /// B.5 for upfloaters (C.10.b).
    pub fn b5_up(&self) -> bool {
        self.floats_dropped < 2
    }
    /// B.6 for upfloaters (C.10.a, dropped first).
    pub fn b6_up(&self) -> bool {
        self.floats_dropped < 1
    }
}

/// Every level for P1 pairs, in the order of C.3 / C.10.
pub(crate) fn levels(p1: usize, x1: usize, z1: usize, even: bool, tops: bool) -> Vec<Level> {
    let mut out = Vec::new();
    let b2s: &[bool] = if tops { &[true, false] } else { &[true] };
    for &b2 in b2s {
        if even {
            for x in x1.min(p1)..=p1 {
                for z in z1.min(x)..=x {
                    for f in 0..=4 {
                        out.push(Level {
                            x,
                            z,
                            a7d: false,
                            b2,
                            floats_dropped: f,
                            budget: 0,
                        });
                    }
                }
            }
        } else {
            for a7d in [true, false] {
                for x in x1.min(p1)..=p1 {
                    for f in 0..=4 {
                        out.push(Level {
                            x,
                            z: p1,
                            a7d,
                            b2,
                            floats_dropped: f,
                            budget: 0,
                        });
                    }
                }
            }
        }
    }
    out
}

/// A.8: X1 (every preference) and Z1 (strong preferences) for `p1` pairs among `players`:
/// the pairs that must join two players preferring the same colour.
pub(crate) fn budgets(r: &Round12, players: &[usize], p1: usize) -> (usize, usize) {
    let count = |strong_only: bool| {
        let (mut w, mut b) = (0usize, 0usize);
        for &i in players {
            if let Some(p) = r.players[i].colour.preference {
                let strong = p.strength >= crate::history::PreferenceStrength::Strong;
                if strong_only && !strong {
                    continue;
                }
                match p.color {
                    Color::White => w += 1,
                    Color::Black => b += 1,
                }
            }
        }
        let others = players.len() - w - b;
        p1.saturating_sub(w.min(b) + others)
    };
    (count(false), count(true))
}
