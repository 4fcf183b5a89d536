//! The round followed in the order of Art. 2.2 as long as Art. 1.1-2.3 decide every step: the
//! bye (1.1), then scoregroup by scoregroup the players transferred (2.3.1-2.3.3, and 2.3.4 when
//! one player is left) and the neighbouring scoregroup they go to. The first step the readable
//! text leaves open ends the walk with the reason.

use super::groups::{bye, pairing_order, scoregroups, Direction, Group};
use super::transfer::{unsuitable, Reason};
use super::LimRound;
use crate::score::Score;

/// One scoregroup as the walk reached it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub score: Score,
    pub direction: Direction,
    /// Its own players (indices into the rank order).
    pub residents: Vec<usize>,
    /// Players transferred into it from a neighbouring scoregroup.
    pub incoming: Vec<usize>,
    /// Its players transferred, with the clause of Art. 2.3.
    pub transfers: Vec<(usize, Reason)>,
    /// The scoregroup they go to.
    pub to: Option<Score>,
}

/// What the readable articles decide of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Walk {
    /// Art. 1.1: the player receiving the pairing-allocated bye.
    pub bye: Option<usize>,
    /// Art. 2.2: the scoregroups in the order they are paired, with their direction.
    pub order: Vec<(Score, Direction)>,
    pub steps: Vec<Step>,
    /// The first step the readable text does not decide, when there is one.
    pub refused: Option<String>,
}

/// Follows round `r` as far as Art. 1.1-2.3 decide it.
pub(super) fn walk(r: &LimRound) -> Walk {
    let mut w = Walk::default();
    let mut among: Vec<usize> = (0..r.players.len()).collect();
    if among.len() % 2 == 1 {
        match bye(&r.players, &among) {
            Ok(b) => {
                w.bye = Some(b);
                among.retain(|&i| i != b);
            }
            Err(why) => {
                w.refused = Some(why);
                return w;
            }
        }
    }
    let groups = scoregroups(&r.players, &among);
    let order = pairing_order(&groups, r.median_twice);
    w.order = order.iter().map(|&(k, d)| (groups[k].score, d)).collect();
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    let mut paired = vec![false; groups.len()];
    for &(k, direction) in &order {
        let mut step = Step {
            score: groups[k].score,
            direction,
            residents: groups[k].players.clone(),
            incoming: std::mem::take(&mut incoming[k]),
            transfers: Vec::new(),
            to: None,
        };
        paired[k] = true;
        let outcome = decide(r, &groups, k, &mut step, &paired);
        w.steps.push(step.clone());
        match outcome {
            Ok(Some(to)) => incoming[to].extend(step.transfers.iter().map(|&(i, _)| i)),
            Ok(None) => {}
            Err(why) => {
                w.refused = Some(why);
                return w;
            }
        }
    }
    w
}

/// Art. 2.3 for scoregroup `k`: fills `step` with its transfers and returns the index of the
/// scoregroup they go to, or the reason the readable text does not decide this scoregroup.
fn decide(
    r: &LimRound,
    groups: &[Group],
    k: usize,
    step: &mut Step,
    paired: &[bool],
) -> Result<Option<usize>, String> {
    let ids = |v: &[usize]| {
        v.iter()
            .map(|&i| r.players[i].id.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !step.incoming.is_empty() {
        return Err(format!(
            "scoregroup {} receives the floaters {}: how they are paired there is in the \
             articles after 2.3 (\"Rules on how to select the floater … are …\"), which could \
             not be read",
            step.score,
            ids(&step.incoming)
        ));
    }
    step.transfers = unsuitable(&r.players, &step.residents);
    let left: Vec<usize> = step
        .residents
        .iter()
        .copied()
        .filter(|i| step.transfers.iter().all(|(j, _)| j != i))
        .collect();
    if left.len() == 1 {
        step.transfers.push((left[0], Reason::Parity));
    } else if left.len() % 2 == 1 {
        return Err(format!(
            "Art. 2.3.4: one of the players {} of scoregroup {} is to be transferred to make \
             their number even; the rules selecting him (\"if a choice is available\") could \
             not be read",
            ids(&left),
            step.score
        ));
    } else if !left.is_empty() {
        return Err(format!(
            "scoregroup {} keeps the players {} after Art. 2.3; how they are paired and their \
             colours are in the articles after 2.3, which could not be read",
            step.score,
            ids(&left)
        ));
    }
    if step.transfers.is_empty() {
        return Ok(None);
    }
    // Art. 2.3 "a neighbouring scoregroup": the one next in the direction of pairing, which
    // is the only neighbour not yet paired.
    let next = match step.direction {
        Direction::Downward => k.checked_add(1).filter(|&n| n < groups.len()),
        Direction::Upward => k.checked_sub(1),
    }
    .filter(|&n| !paired[n]);
    match next {
        Some(n) => {
            step.to = Some(groups[n].score);
            Ok(Some(n))
        }
        None => Err(format!(
            "Art. 2.3: the players {} of scoregroup {} are to be transferred, but no \
             neighbouring scoregroup is left unpaired; what then is in the articles after 2.3, \
             which could not be read",
            ids(&step.transfers.iter().map(|&(i, _)| i).collect::<Vec<_>>()),
            step.score
        )),
    }
}
