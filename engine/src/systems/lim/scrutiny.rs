//! Lim System (C.04.4.3): pairing the players a scoregroup keeps, an even number.
//!
//! - 3.6 / 3.7: the floaters it received are paired first: in the scoregroups above the median
//!   and in the median downfloaters first (3.6.3), the highest scoregroup first (3.6.2), from
//!   the highest numbered (3.6.1); below the median the mirror (3.7): upfloaters, the lowest
//!   scoregroup first, from the lowest numbered.
//! - 3.8: a floater is paired with the first available player (downward from the highest
//!   numbered, upward from the lowest numbered) who is due the alternate colour, else with the
//!   first available player; in a Maxi-tournament the one due the alternate colour only within
//!   100 rating points of the first available.
//! - 2.4, 4.1-4.3: the others are arranged in pairing-number order, top half against bottom
//!   half; the first in the order of scrutiny (4.1) takes his proposed opponent, or exchanges
//!   him in the order of 4.2 (`exchange`) until he has an available one, and the rest is
//!   proposed afresh. "Available": compatible (2.1), and the players left can still all be
//!   paired (4.4: an exchange "must at the same time leave Player #1 with a compatible
//!   opponent").
//! - 5.2: the pairings are scrutinised a second time, for colour: an exchange gives each
//!   player the colour due to him where possible. Read in the same walk: each player takes,
//!   in the same order, the first available opponent with whom both can have their due
//!   colours, else the first available one (5.7: in a Maxi-tournament the exchange for colour
//!   only within 100 rating points). An earlier player keeps his colour.
//! - 4.4: when the players cannot all be paired, "the player who cannot be paired" is the first
//!   in this walk who has no opponent keeping the most pairs the players can make.

use super::colour::{suits, within_band};
use super::exchange;
use super::groups::Direction;
use super::trace::{How, Made};
use super::LimRound;

/// The first of `candidates` for `x` that `available` accepts, preferring one with whom both
/// can have their due colours (3.8, 5.2; 5.7 in a Maxi-tournament): the chosen opponent and
/// whether colour decided.
fn first_available(
    r: &LimRound,
    x: usize,
    candidates: &[usize],
    available: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<(usize, bool)> {
    let mut first: Option<usize> = None;
    for &c in candidates {
        if c == x || !r.compatible(x, c) {
            continue;
        }
        match first {
            None => {
                if available(x, c) {
                    if suits(r, x, c) {
                        return Some((c, false));
                    }
                    first = Some(c);
                }
            }
            Some(f) => {
                if suits(r, x, c) && (!r.maxi || within_band(r, c, f)) && available(x, c) {
                    return Some((c, true));
                }
            }
        }
    }
    first.map(|f| (f, false))
}

/// The walk of 3.6-3.8, 2.4, Art. 4 and 5.2 over `players` (`floaters` among them, in the order
/// of 3.6/3.7). `available(rest, made)` says whether a pair may be made that leaves `rest`, the
/// walk having made `made` pairs before it. `Err(x)`: `x` has no available opponent.
fn walk(
    r: &LimRound,
    players: &[usize],
    floaters: &[usize],
    direction: Direction,
    available: &mut dyn FnMut(&[usize], usize) -> bool,
) -> Result<Vec<Made>, usize> {
    let mut remaining: Vec<usize> = players.to_vec();
    let mut made = Vec::new();
    let take = |remaining: &mut Vec<usize>, x: usize, c: usize| {
        remaining.retain(|&p| p != x && p != c);
    };
    let rest_of = |remaining: &[usize], x: usize, c: usize| -> Vec<usize> {
        remaining
            .iter()
            .copied()
            .filter(|&p| p != x && p != c)
            .collect()
    };
    for &f in floaters {
        if !remaining.contains(&f) {
            continue;
        }
        let mut order: Vec<usize> = remaining.iter().copied().filter(|&p| p != f).collect();
        direction.arrange(&r.players, &mut order);
        let (snapshot, count) = (remaining.clone(), made.len());
        let mut ok = |x: usize, c: usize| available(&rest_of(&snapshot, x, c), count);
        let (c, _) = first_available(r, f, &order, &mut ok).ok_or(f)?;
        made.push(Made {
            a: f,
            b: c,
            how: if suits(r, f, c) {
                How::FloaterColour
            } else {
                How::Floater
            },
        });
        take(&mut remaining, f, c);
    }
    while !remaining.is_empty() {
        let mut arranged = remaining.clone();
        direction.arrange(&r.players, &mut arranged);
        let x = arranged[0];
        let order = exchange::order(&arranged);
        let (snapshot, count) = (remaining.clone(), made.len());
        let mut ok = |x: usize, c: usize| available(&rest_of(&snapshot, x, c), count);
        let (c, colour) = first_available(r, x, &order, &mut ok).ok_or(x)?;
        let how = if colour {
            How::Colour
        } else if order.first() == Some(&c) {
            How::Proposed
        } else {
            How::Exchange
        };
        made.push(Made { a: x, b: c, how });
        take(&mut remaining, x, c);
    }
    Ok(made)
}

/// Pairs `players` (all pairable among themselves), the `floaters` first.
pub(super) fn pair(
    r: &LimRound,
    reach: &dyn super::reach::Reach,
    players: &[usize],
    floaters: &[usize],
    direction: Direction,
) -> Result<Vec<Made>, usize> {
    walk(r, players, floaters, direction, &mut |rest, _| {
        reach.complete(r, rest)
    })
}

/// Art. 4.4: "the player who cannot be paired" among `players`, who cannot all be paired: the
/// first in the walk with no opponent keeping the most pairs the players can make.
pub(super) fn unpairable(
    r: &LimRound,
    reach: &dyn super::reach::Reach,
    players: &[usize],
    floaters: &[usize],
    direction: Direction,
) -> usize {
    let most = reach.max_pairs(r, players);
    let result = walk(r, players, floaters, direction, &mut |rest, made| {
        // The pair about to be made counts one; the rest must make the others.
        most > made && reach.max_pairs(r, rest) == most - made - 1
    });
    match result {
        Err(x) => x,
        // Unreachable when the players cannot all be paired; the first in the order then.
        Ok(_) => {
            let mut v = players.to_vec();
            direction.arrange(&r.players, &mut v);
            v[0]
        }
    }
}
