//! The Lim round, in the order of Art. 2.2: the bye (1.1 / 7.1), the scoregroups above the
//! Median Scoregroup from the top down, those below it from the bottom up, each passing its
//! floaters on to the next scoregroup towards the median (2.3, 3.2.1), and the Median
//! Scoregroup last, downward, cracking the neighbouring pairings while it is blocked (2.6);
//! then the colours (Art. 5, 7.2).
//!
//! A scoregroup: 2.3.1-2.3.3 (`transfer`), 2.3.4 and Art. 3 (`floaters`), the pairing
//! (`scrutiny`), and 4.4 when it cannot be paired completely: 4.4.1, the group having floated
//! a player to make its number even, the player who cannot be paired is exchanged with that
//! floater ("#2 swaps with the floater #7"); 4.4.2 otherwise he floats together with another
//! player, the lowest numbered remaining one (the highest numbered, upward) whose going keeps
//! the most pairs the others can make ("1-6 stays, #2 and #5 float").
//!
//! 2.6: while the Median Scoregroup (with every floater of both sides) cannot be paired
//! completely, a pairing of a neighbouring side is cracked and its two players join the median
//! as floaters from that side: the lower side when more floaters came from above than from
//! below (2.6.1), else the higher side (2.6.2). "The next pairing" is read as the pairing made
//! last on that side, so the adjacent scoregroup's pairing nearest the median first; a side with
//! none left gives way to the other. The median is never floated out. When nobody has the
//! median score, the median is still where both sides' floaters meet (2.2's order ends there).

use super::colour::allocate;
use super::floaters::{self, Scoregroup};
use super::groups::{bye_order, scoregroups, side, Direction, Group, Side};
use super::reach::Reach;
use super::scrutiny;
use super::trace::{Crack, Done, FloatWhy, Floater, Game, Made, Origin, Step};
use super::transfer::unsuitable;
use super::LimRound;
use crate::pairing::PairingError;
use crate::score::Score;

/// Pairs round `r` by the Lim procedure, `reach` answering its existence questions.
pub(super) fn pair_round(r: &LimRound, reach: &dyn Reach) -> Done {
    let mut done = Done {
        bye: None,
        steps: Vec::new(),
        cracks: Vec::new(),
        outcome: Ok(Vec::new()),
    };
    let n = r.players.len();
    let mut left: Vec<usize> = (0..n).collect();
    if n % 2 == 1 {
        let order = bye_order(&r.players, r.round);
        let without = |c: usize| -> Vec<usize> { (0..n).filter(|&i| i != c).collect() };
        // The first the text names whose bye leaves the others pairable; else the first.
        let chosen = order
            .iter()
            .find(|&&(c, _)| reach.complete(r, &without(c)))
            .or(order.first())
            .copied();
        match chosen {
            Some((b, rule)) => {
                done.bye = Some((b, rule));
                left.retain(|&i| i != b);
            }
            None => {
                done.outcome = Err(PairingError::NoValidPairing(
                    "Art. 1.1: no player may receive the pairing-allocated bye (Basic Rules \
                     Art. 4)"
                        .into(),
                ));
                return done;
            }
        }
    }
    let groups = scoregroups(&r.players, &left);
    let above: Vec<&Group> = groups
        .iter()
        .filter(|g| side(g.score, r.median_twice) == Side::Above)
        .collect();
    let below: Vec<&Group> = groups
        .iter()
        .rev()
        .filter(|g| side(g.score, r.median_twice) == Side::Below)
        .collect();
    let median_residents: Vec<usize> = groups
        .iter()
        .filter(|g| side(g.score, r.median_twice) == Side::Median)
        .flat_map(|g| g.players.iter().copied())
        .collect();
    let median_score = Score(i32::try_from(r.median_twice / 2).unwrap_or(i32::MAX));
    let mut sides: [Vec<Floater>; 2] = [Vec::new(), Vec::new()];
    for (k, (list, direction)) in [(&above, Direction::Downward), (&below, Direction::Upward)]
        .into_iter()
        .enumerate()
    {
        let mut incoming: Vec<Floater> = Vec::new();
        for (g, group) in list.iter().enumerate() {
            let adjacent: &[usize] = match list.get(g + 1) {
                Some(next) => &next.players,
                None => &median_residents,
            };
            let step = pair_group(r, reach, group, incoming, direction, adjacent);
            incoming = step
                .floats
                .iter()
                .map(|&(p, _)| Floater {
                    player: p,
                    origin: match direction {
                        Direction::Downward => Origin::Down,
                        Direction::Upward => Origin::Up,
                    },
                })
                .collect();
            done.steps.push(step);
        }
        sides[k] = incoming;
    }
    let [down, up] = sides;
    match pair_median(
        r,
        reach,
        &mut done,
        median_score,
        median_residents,
        down,
        up,
    ) {
        Ok(()) => {}
        Err(e) => {
            done.outcome = Err(e);
            return done;
        }
    }
    // Art. 5: the colours of every pair that stands.
    let mut games = Vec::new();
    for step in &done.steps {
        let median_or_above = step.side != Side::Below;
        for m in &step.pairs {
            if step.cracked.contains(&(m.a, m.b)) {
                continue;
            }
            let (white, black, rule) = allocate(r, m.a, m.b, median_or_above);
            games.push(Game { white, black, rule });
        }
    }
    done.outcome = Ok(games);
    done
}

/// One scoregroup on a side of the median: 2.3, Art. 3, the pairing, 4.4.
fn pair_group(
    r: &LimRound,
    reach: &dyn Reach,
    group: &Group,
    incoming: Vec<Floater>,
    direction: Direction,
    adjacent: &[usize],
) -> Step {
    let mut step = Step {
        score: group.score,
        direction,
        side: side(group.score, r.median_twice),
        residents: group.players.clone(),
        incoming,
        floats: Vec::new(),
        pairs: Vec::new(),
        cracked: Vec::new(),
    };
    let arrived: Vec<usize> = step.incoming.iter().map(|f| f.player).collect();
    let members: Vec<usize> = step
        .residents
        .iter()
        .copied()
        .chain(arrived.iter().copied())
        .collect();
    // 2.3.1-2.3.3.
    let transfers = unsuitable(r, &members);
    let mut rest: Vec<usize> = members
        .iter()
        .copied()
        .filter(|i| transfers.iter().all(|(j, _)| j != i))
        .collect();
    let sent: Vec<usize> = transfers.iter().map(|&(i, _)| i).collect();
    step.floats.extend(
        transfers
            .into_iter()
            .map(|(i, why)| (i, FloatWhy::Transfer(why))),
    );
    // 2.3.4, Art. 3.
    let mut parity: Option<usize> = None;
    if rest.len() % 2 == 1 {
        let choice = floaters::choose(
            r,
            reach,
            &Scoregroup {
                players: &rest,
                arrived: &arrived,
                direction,
                adjacent,
                sent: &sent,
            },
        );
        let p = choice.player;
        rest.retain(|&i| i != p);
        parity = Some(p);
        step.floats.push((p, FloatWhy::Parity(choice)));
    }
    // 4.4 until the players kept can all be paired.
    let group_side = step.side;
    let order_floaters = |rest: &[usize]| floater_order(r, &arrived, rest, group_side);
    let mut swapped = false;
    while !reach.complete(r, &rest) {
        let floaters_now = order_floaters(&rest);
        let x = scrutiny::unpairable(r, reach, &rest, &floaters_now, direction);
        match parity {
            Some(f) if !swapped => {
                // 4.4.1: x is exchanged with the floater, who returns.
                swapped = true;
                rest.retain(|&i| i != x);
                rest.push(f);
                let mut chosen = None;
                step.floats.retain(|(i, why)| {
                    if *i == f {
                        if let FloatWhy::Parity(c) = why {
                            chosen = Some(c.clone());
                        }
                    }
                    *i != f
                });
                step.floats.push((
                    x,
                    FloatWhy::Swapped {
                        returned: f,
                        choice: chosen.map(Box::new),
                    },
                ));
            }
            _ => {
                // 4.4.2: x floats with the lowest numbered player (upward: highest) whose going
                // keeps the most pairs.
                let others: Vec<usize> = rest.iter().copied().filter(|&i| i != x).collect();
                let most = reach.max_pairs(r, &others);
                let mut order = others.clone();
                direction.arrange(&r.players, &mut order);
                let companion = order
                    .iter()
                    .rev()
                    .copied()
                    .find(|&c| {
                        let keep: Vec<usize> = others.iter().copied().filter(|&i| i != c).collect();
                        reach.max_pairs(r, &keep) == most
                    })
                    .or(order.last().copied());
                rest.retain(|&i| i != x);
                step.floats.push((x, FloatWhy::Unpairable));
                if let Some(c) = companion {
                    rest.retain(|&i| i != c);
                    step.floats.push((c, FloatWhy::Companion { with: x }));
                }
            }
        }
    }
    let floaters_now = order_floaters(&rest);
    // Complete: the walk cannot fail.
    step.pairs = scrutiny::pair(r, reach, &rest, &floaters_now, direction).unwrap_or_default();
    step
}

/// 3.6 / 3.7: the order in which the floaters `arrived` still among `rest` are paired in a
/// scoregroup on `side` of the median.
fn floater_order(r: &LimRound, arrived: &[usize], rest: &[usize], side: Side) -> Vec<usize> {
    let mut v: Vec<usize> = arrived
        .iter()
        .copied()
        .filter(|i| rest.contains(i))
        .collect();
    match side {
        // 3.6.2: the highest scoregroup first; 3.6.1: from the highest numbered.
        Side::Above | Side::Median => {
            v.sort_by_key(|&i| (std::cmp::Reverse(r.players[i].score), r.players[i].id))
        }
        // 3.7.2: the lowest scoregroup first; 3.7.1: from the lowest numbered.
        Side::Below => v.sort_by_key(|&i| (r.players[i].score, std::cmp::Reverse(r.players[i].id))),
    }
    v
}

/// The Median Scoregroup with the floaters of both sides, and 2.6.
fn pair_median(
    r: &LimRound,
    reach: &dyn Reach,
    done: &mut Done,
    score: Score,
    residents: Vec<usize>,
    mut down: Vec<Floater>,
    mut up: Vec<Floater>,
) -> Result<(), PairingError> {
    loop {
        let members: Vec<usize> = residents
            .iter()
            .copied()
            .chain(down.iter().map(|f| f.player))
            .chain(up.iter().map(|f| f.player))
            .collect();
        if members.is_empty() {
            return Ok(());
        }
        if reach.complete(r, &members) {
            // 3.6.3: downfloaters before upfloaters.
            let mut floaters = floater_order(
                r,
                &down.iter().map(|f| f.player).collect::<Vec<_>>(),
                &members,
                Side::Median,
            );
            floaters.extend(floater_order(
                r,
                &up.iter().map(|f| f.player).collect::<Vec<_>>(),
                &members,
                Side::Median,
            ));
            let pairs = scrutiny::pair(r, reach, &members, &floaters, Direction::Downward)
                .map_err(|x| {
                    PairingError::NoValidPairing(format!(
                        "the Median Scoregroup could not pair {}",
                        r.id(x)
                    ))
                })?;
            done.steps.push(Step {
                score,
                direction: Direction::Downward,
                side: Side::Median,
                residents,
                incoming: down.iter().chain(up.iter()).copied().collect(),
                floats: Vec::new(),
                pairs,
                cracked: Vec::new(),
            });
            return Ok(());
        }
        // 2.6.1 / 2.6.2.
        let lower_first = down.len() > up.len();
        let pick = |want: Side, steps: &[Step]| -> Option<(usize, Made)> {
            steps.iter().enumerate().rev().find_map(|(k, s)| {
                if s.side != want {
                    return None;
                }
                s.pairs
                    .iter()
                    .rev()
                    .find(|m| !s.cracked.contains(&(m.a, m.b)))
                    .map(|m| (k, *m))
            })
        };
        let (first, second) = if lower_first {
            (Side::Below, Side::Above)
        } else {
            (Side::Above, Side::Below)
        };
        let Some((k, m, from)) = pick(first, &done.steps)
            .map(|(k, m)| (k, m, first))
            .or_else(|| pick(second, &done.steps).map(|(k, m)| (k, m, second)))
        else {
            return Err(PairingError::NoValidPairing(
                "Art. 2.6: the Median Scoregroup stays blocked with every pairing of both \
                 sides cracked"
                    .into(),
            ));
        };
        done.steps[k].cracked.push((m.a, m.b));
        done.cracks.push(Crack {
            a: m.a,
            b: m.b,
            side: from,
            from_above: down.len(),
            from_below: up.len(),
        });
        let origin = if from == Side::Above {
            Origin::Down
        } else {
            Origin::Up
        };
        let list = if from == Side::Above {
            &mut down
        } else {
            &mut up
        };
        for p in [m.a, m.b] {
            list.push(Floater { player: p, origin });
        }
    }
}
