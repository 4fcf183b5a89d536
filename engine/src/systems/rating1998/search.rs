//! The first candidate of one attempt at one level (C.6-C.8 with D.1-D.2), decided one choice
//! at a time in the order of D, each choice settled by one matching (`completion`) that says
//! whether a candidate with the choices made so far still exists.
//!
//! The order of D, read as choices (`bracket` gives the reading):
//! - heterogeneous attempt: S1 (the moved-down players) top down, each with the lowest S2
//!   player a candidate allows (D.1), then the remainder as a homogeneous group;
//! - homogeneous group (the bracket or the remainder) with S1 its `q` highest: which players
//!   form S1' (D.2), then S1' top down, each with the lowest S2' player a candidate allows
//!   (D.1). D.2 orders the exchanges by the number of players exchanged k, then the difference
//!   of the numbers exchanged, then the exchanged S1 players from the lowest (larger first),
//!   then the exchanged S2 players (lexicographic). A candidate is a set of pairs with one
//!   player of each pair in S1'; giving each pair's higher player to S1' never raises k and
//!   lowers the difference, so the first candidate has that S1' and its k and difference are
//!   sums over the pairs: one matching finds their least values (with the least number of
//!   colour conflicts before them, which is the level's x, see `completion`). The exchanged
//!   players are then fixed one by one: each S1 position from the lowest, out of S1' if a
//!   candidate with the least keys allows it; then each S2 position from the highest, into S1'
//!   if one allows it.
//!
//! D.1 with S1' decided is read off the tight subgraph of one matching (`completion::
//! first_transposition`, alternating paths); the moved-down players of a heterogeneous attempt
//! and a group under a condition on its downfloaters (C.12-C.13) take one matching per choice
//! instead (a choice the last completion already makes, with no lower legal partner, costs
//! none).
//!
//! Cost: a level that has no candidate costs one or two matchings (the one without exchange,
//! then the one with the least keys); the candidate of a level costs at most one matching per
//! player of the bracket for D.2 and for the choices above, plus O(n) alternating paths. Each
//! matching is O(V^3) on V <= 3n + (players below, for C.12-C.13) vertices: polynomial in the
//! worst case, with no list of exchanges, transpositions or downfloater sets and no limit.

use super::bracket::{accepts, must_stay, pair_ok, run, Attempt, Level, Out, Task};
use super::completion::{
    complete, first_transposition, internal, Completion, Key, Matchers, Query, Role,
};
use super::Round98;
use crate::pairing::PairingError;
use std::cell::RefCell;
use std::collections::HashMap;

/// Pairs one bracket: the first candidate in the order of C.14, C.9-C.11 and D.
pub(crate) fn solve(r: &Round98, task: &Task) -> Result<Option<Out>, PairingError> {
    let matcher = RefCell::new(Matchers::default());
    // The least number of colour conflicts of an attempt at a float level (`None`: no
    // candidate at all): the levels that raise x (C.11) then cost nothing until it is reached.
    let mut least: HashMap<(Attempt, u8), Option<usize>> = HashMap::new();
    run(r, task, |start, at, lv| {
        // Every candidate moves the C.1 players down: when one of them may not float at this
        // level, none is accepted.
        if start.c1.iter().any(|&i| must_stay(r, task, lv, i)) {
            return Ok(None);
        }
        // The lowest bracket leaves one player at most (the bye).
        if task.last() && start.players.len() + start.c1.len() > 2 * at.pairs() + 1 {
            return Ok(None);
        }
        if let Some(m) = least.get(&(at, lv.drops)) {
            if m.is_none_or(|m| m > lv.x) {
                return Ok(None);
            }
        }
        let s = Search {
            r,
            task,
            lv,
            c1: &start.c1,
            matcher: &matcher,
        };
        let (out, m) = s.attempt(&start.players, at)?;
        least.insert((at, lv.drops), m);
        Ok(out)
    })
}

struct Search<'a> {
    r: &'a Round98,
    task: &'a Task,
    lv: Level,
    c1: &'a [usize],
    matcher: &'a RefCell<Matchers>,
}

/// The first candidate, if any, and the least number of colour conflicts of the attempt at
/// this float level (`None` when it has no candidate).
type Found = (Option<Out>, Option<usize>);

impl Search<'_> {
    fn complete(&self, q: &Query) -> Result<Option<Completion>, PairingError> {
        complete(
            self.r,
            self.task,
            self.lv,
            self.c1,
            q,
            &mut self.matcher.borrow_mut(),
        )
    }

    fn attempt(&self, players: &[usize], at: Attempt) -> Result<Found, PairingError> {
        match at {
            Attempt::Homogeneous { p } => self.group(&[], players, p, p),
            Attempt::Heterogeneous { p, pr } => self.heterogeneous(players, p, pr),
        }
    }

    /// The least completion's colour conflicts against the level's x: `Some(found)` to return
    /// when the level has no candidate (more conflicts than x), `None` to go on. Fewer than x
    /// is impossible (x is a lower bound, or the level below failed).
    fn over_budget(&self, best: &Completion) -> Result<Option<Found>, PairingError> {
        match best.key.bad.cmp(&self.lv.x) {
            std::cmp::Ordering::Greater => Ok(Some((None, Some(best.key.bad)))),
            std::cmp::Ordering::Equal => Ok(None),
            std::cmp::Ordering::Less => Err(internal("fewer colour conflicts than x")),
        }
    }

    /// A heterogeneous attempt: S1 = the `p` moved-down players at the top, S2 the rest, `pr`
    /// pairs in the remainder.
    fn heterogeneous(&self, players: &[usize], p: usize, pr: usize) -> Result<Found, PairingError> {
        let (s1, s2) = players.split_at(p);
        let total = p + pr;
        let free = vec![Role::Free; s2.len()];
        let open = vec![None; s2.len()];
        let query = |fixed: &[(usize, usize)], d: usize, group: &[usize], tie: Option<usize>| {
            let q = Query {
                fixed,
                moved: &s1[d..],
                group,
                q: 0,
                roles: &free[..group.len()],
                pins: &open[..group.len()],
                pairs: total,
                tie,
                costs: false,
                near: true,
            };
            self.complete(&q)
        };
        let Some(mut best) = query(&[], 0, s2, None)? else {
            return Ok((None, None));
        };
        if let Some(found) = self.over_budget(&best)? {
            return Ok(found);
        }
        let least = Some(best.key.bad);
        // D.1 for the moved-down players: S1 top down, each with the lowest S2 player left
        // that a candidate allows.
        let mut fixed: Vec<(usize, usize)> = Vec::new();
        let mut group = s2.to_vec();
        for (d, &a) in s1.iter().enumerate() {
            let cur = best
                .partner(a)
                .ok_or_else(|| internal("a moved-down player left unpaired"))?;
            let at = group
                .iter()
                .position(|&b| b == cur)
                .ok_or_else(|| internal("a moved-down player paired outside S2"))?;
            if group[..at].iter().any(|&b| pair_ok(self.r, self.lv, a, b)) {
                best = query(&fixed, d, &group, Some(0))?
                    .filter(|c| c.key.bad == self.lv.x)
                    .ok_or_else(|| internal("a D.1 choice proved possible was not"))?;
            }
            let b = best
                .partner(a)
                .ok_or_else(|| internal("a moved-down player left unpaired"))?;
            fixed.push((a.min(b), a.max(b)));
            group.retain(|&g| g != b);
        }
        let (out, _) = self.group(&fixed, &group, pr, total)?;
        Ok((out, least))
    }

    /// A homogeneous group (the bracket, or the remainder after the pairs `fixed`) of `players`
    /// making `q` pairs, `total` with `fixed`.
    fn group(
        &self,
        fixed: &[(usize, usize)],
        players: &[usize],
        q: usize,
        total: usize,
    ) -> Result<Found, PairingError> {
        let n = players.len();
        if 2 * q > n {
            return Ok((None, None));
        }
        let mut roles = vec![Role::Free; n];
        let mut pins: Vec<Option<usize>> = vec![None; n];
        let query = |roles: &[Role], pins: &[Option<usize>], tie: Option<usize>, costs: bool| {
            let query = Query {
                fixed,
                moved: &[],
                group: players,
                q,
                roles,
                pins,
                pairs: total,
                tie,
                costs,
                near: tie.is_some(),
            };
            self.complete(&query)
        };
        // No exchange first (k = 0, S1' = S1: the least k, and the sum is then fixed): one
        // matching on the bipartite graph of S1 and S2, whose tight subgraph then gives D.1.
        let plain: Vec<Role> = (0..n)
            .map(|j| if j < q { Role::Upper } else { Role::Lower })
            .collect();
        if let Some(c) = query(&plain, &pins, None, false)? {
            if c.key.bad == self.lv.x {
                let first =
                    first_transposition(self.task, players, &plain, &c, &self.matcher.borrow())?;
                if let Some(first) = first {
                    return self.finish(fixed, first, Some(c.key.bad));
                }
            }
        }
        let Some(mut best) = query(&roles, &pins, None, true)? else {
            return Ok((None, None));
        };
        if let Some(found) = self.over_budget(&best)? {
            return Ok(found);
        }
        let least = Some(best.key.bad);
        let opt: Key = best.key;
        // D.2: S1'. `best` is always a completion with the least keys that agrees with every
        // choice made so far.
        let k = opt.k;
        // The exchanged S1 players from the lowest, each out of S1' when possible; then the
        // exchanged S2 players from the highest, each into S1' when possible (`open`: the
        // positions of that side not yet decided, this one included).
        let order = (0..q)
            .rev()
            .map(|j| (j, Role::Lower, j + 1))
            .chain((q..n).map(|j| (j, Role::Upper, n - j)));
        let mut taken = [0usize; 2];
        for (j, want, open) in order {
            let side = usize::from(want == Role::Upper);
            let other = if want == Role::Upper {
                Role::Lower
            } else {
                Role::Upper
            };
            let yes = if taken[side] == k {
                false
            } else if open == k - taken[side] || best.upper(players[j]) == (want == Role::Upper) {
                true
            } else {
                roles[j] = want;
                match query(&roles, &pins, None, true)? {
                    Some(c) if c.key == opt => {
                        best = c;
                        true
                    }
                    _ => false,
                }
            };
            roles[j] = if yes {
                taken[side] += 1;
                want
            } else {
                other
            };
        }
        // D.1: S1' top down, each with the lowest S2' player a candidate allows: on the tight
        // subgraph of the last matching when it shows every candidate (S1' = S1 and no
        // blossom), else of a matching on the bipartite graph of S1' and S2', else (a
        // condition on the downfloaters) one matching per choice.
        let mut first = None;
        if k == 0 {
            first = first_transposition(self.task, players, &roles, &best, &self.matcher.borrow())?;
        }
        if first.is_none() {
            if let Some(c) = query(&roles, &pins, None, false)? {
                first =
                    first_transposition(self.task, players, &roles, &c, &self.matcher.borrow())?;
            }
        }
        if let Some(c) = first {
            best = c;
        } else {
            for j in 0..n {
                if roles[j] != Role::Upper {
                    continue;
                }
                let a = players[j];
                let cur = best
                    .partner(a)
                    .and_then(|b| players.iter().position(|&x| x == b))
                    .ok_or_else(|| internal("an S1' player left unpaired"))?;
                let lower = (j + 1..cur).any(|t| {
                    roles[t] == Role::Lower
                        && pins[t].is_none()
                        && pair_ok(self.r, self.lv, a, players[t])
                });
                if lower {
                    best = query(&roles, &pins, Some(j), false)?
                        .filter(|c| c.key == opt)
                        .ok_or_else(|| internal("a D.1 choice proved possible was not"))?;
                }
                let c = best
                    .partner(a)
                    .and_then(|b| players.iter().position(|&x| x == b))
                    .ok_or_else(|| internal("an S1' player left unpaired"))?;
                pins[j] = Some(c);
                pins[c] = Some(j);
            }
        }
        self.finish(fixed, best, least)
    }

    /// The candidate of `fixed` and the completion `best`, checked against the level.
    fn finish(
        &self,
        fixed: &[(usize, usize)],
        best: Completion,
        least: Option<usize>,
    ) -> Result<Found, PairingError> {
        let mut pairs = fixed.to_vec();
        pairs.extend(&best.pairs);
        let mut floaters: Vec<usize> = best.left.iter().chain(self.c1).copied().collect();
        floaters.sort_unstable();
        if !accepts(self.r, self.task, self.lv, &pairs, &floaters) {
            // Only the lowest bracket's count of players left over is not in the matching.
            if self.task.last() {
                return Ok((None, least));
            }
            return Err(internal("a candidate the matching allowed was refused"));
        }
        Ok((Some(Out { pairs, floaters }), least))
    }
}
