//! The pairing procedure of a round (Article 3 of C.04.6 and C.04.5), polynomial in all but the
//! rare brackets that need two or more upfloaters.
//!
//! - 3.4: the PAB first: among units eligible for it (C2) who leave a pairable remainder (C3),
//!   the one with the lowest score, then the most matches played, then the largest TPN.
//! - 3.3, 3.5: repeatedly the top scoregroup of the units still unpaired (every resident is
//!   paired, 1.3.2), with the upfloaters chosen by C4 (fewest), C5 (highest scores, compared
//!   from the lowest), C6 (then the fewest upfloaters the bracket of the following scoregroup
//!   will need, unless all of it became upfloaters), C7 (then the fewest who were floaters in
//!   the previous round, when the float criteria apply) and the 3.5.4 order (the sets sorted by
//!   score then TPN, compared lexicographically), among the sets with which the bracket (C1)
//!   and the rest (C3) can be paired.
//! - 3.6: the bracket's pairing: the fewest C8, then C9, then C10 penalties (C.04.5: its C8,
//!   the float criterion only), then the first identifier.

use super::feasible::{first_identifier, min_penalty, Checker};
use super::readings::{self, Penalties};
use super::Field;
use crate::pairing::PairingError;
use crate::score::Score;
use crate::systems::common::bye::lowest_bye;

/// Give up (as too large for this engine, not as a verdict of the rules) past this many
/// pairability checks in the choice of upfloaters.
const CHECK_LIMIT: u64 = 5_000_000;

/// One bracket as paired (field indices).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bracket {
    pub residents: Vec<usize>,
    pub upfloaters: Vec<usize>,
    /// (top, bottom) by TPN, in identifier order.
    pub pairs: Vec<(usize, usize)>,
    /// The bracket criteria (C8-C10) of the pairing.
    pub penalties: Penalties,
}

/// The pairing of the field: the PAB (field index) and the brackets in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub bye: Option<usize>,
    pub brackets: Vec<Bracket>,
}

/// Pairs the field by Article 3 (3.3.2 steps 1-3; the colours of step 4 are the system's).
pub(crate) fn pair_field(f: &Field) -> Result<Outcome, PairingError> {
    let mut ck = Checker::new(f);
    let n = f.units.len();
    let all: Vec<usize> = (0..n).collect();
    let bye = if n % 2 == 1 {
        Some(choose_pab(&mut ck, &all)?)
    } else {
        if !ck.pairable(&all) {
            return Err(no_pairing(f, "the units present cannot all be paired (C1)"));
        }
        None
    };
    let mut rest: Vec<usize> = all.into_iter().filter(|&i| Some(i) != bye).collect();
    let mut brackets = Vec::new();
    while !rest.is_empty() {
        let top = f.units[rest[0]].score;
        let (s, l): (Vec<usize>, Vec<usize>) = rest.iter().partition(|&&i| f.units[i].score == top);
        let ups = choose_upfloaters(&mut ck, &s, &l, &rest)?
            .ok_or_else(|| no_pairing(f, "no set of upfloaters completes the bracket (C3)"))?;
        let mut members: Vec<usize> = s.iter().chain(&ups).copied().collect();
        members.sort_unstable();
        let (pairs, penalties) = pair_bracket(f, &members, &ups)
            .ok_or_else(|| no_pairing(f, "the bracket cannot be paired (C1)"))?;
        rest.retain(|i| !members.contains(i));
        brackets.push(Bracket {
            residents: s,
            upfloaters: ups,
            pairs,
            penalties,
        });
    }
    Ok(Outcome { bye, brackets })
}

fn no_pairing(f: &Field, why: &str) -> PairingError {
    PairingError::NoValidPairing(format!("{}: {why}", f.system))
}

/// 3.4: the PAB.
fn choose_pab(ck: &mut Checker, all: &[usize]) -> Result<usize, PairingError> {
    let f = ck.field;
    let p = |i: usize| &f.units[i];
    lowest_bye(
        all,
        |i| p(i).pab_ok,
        |i| (p(i).score, p(i).matches_played),
        |a, b| p(b).id.cmp(&p(a).id),
        |rest| ck.pairable(rest),
    )
    .ok_or_else(|| {
        no_pairing(
            f,
            "no unit may receive the pairing-allocated bye (C2) with the others paired (C3)",
        )
    })
}

/// The C4-C7 and 3.5.4 key of a set of upfloaters (smaller is better); C4 is the set's size,
/// handled by the caller.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct UpKey {
    /// C5: the scores, lowest first, each reversed so that smaller is better.
    pub c5: Vec<std::cmp::Reverse<Score>>,
    /// C6: the upfloaters the following scoregroup's bracket needs (0 when C6 does not apply).
    pub c6: usize,
    /// C7: the upfloaters who were floaters in the previous round.
    pub c7: usize,
    /// 3.5.4: the field indices (the 1.2 order), ascending.
    pub order: Vec<usize>,
}

/// 3.5: the upfloaters of the bracket of scoregroup `s` from the lower players `l` (both in the
/// 1.2 order); `rest` is every player still unpaired. `None` when no set works.
fn choose_upfloaters(
    ck: &mut Checker,
    s: &[usize],
    l: &[usize],
    rest: &[usize],
) -> Result<Option<Vec<usize>>, PairingError> {
    let mut k = s.len() % 2;
    while k <= l.len() {
        let mut valid = Subsets::valid(ck, (s, l, rest), k, false)?;
        if !valid.is_empty() {
            let chosen = if valid.len() == 1 {
                valid.swap_remove(0)
            } else {
                let mut keyed = Vec::with_capacity(valid.len());
                for ups in valid {
                    let key = up_key(ck, (s, l, rest), &ups)?;
                    keyed.push((key, ups));
                }
                keyed.into_iter().min().map(|(_, u)| u).unwrap_or_default()
            };
            return Ok(Some(chosen));
        }
        k += 2;
    }
    Ok(None)
}

/// The valid sets of `k` of `l` (bracket `s` with them and the rest pairable) with the best C5
/// profile: the score profiles (how many from each score of `l`) are tried best first for C5
/// (the lowest score as high as possible, then the second lowest, ...), each profile's sets in
/// the 3.5.4 order, and the first profile with a valid set ends the search. `first_only`: the
/// first valid set is enough.
struct Subsets<'a> {
    s: &'a [usize],
    rest: &'a [usize],
    /// The players of `l` by score, highest first (each in the 1.2 order).
    levels: Vec<&'a [usize]>,
    /// The profile being tried: how many of each level.
    counts: Vec<usize>,
    first_only: bool,
    pick: Vec<usize>,
    valid: Vec<Vec<usize>>,
}

impl<'a> Subsets<'a> {
    /// The valid sets of `k` of `l` for bracket `s`, `rest` the players left.
    fn valid(
        ck: &mut Checker,
        (s, l, rest): (&'a [usize], &'a [usize], &'a [usize]),
        k: usize,
        first_only: bool,
    ) -> Result<Vec<Vec<usize>>, PairingError> {
        let f = ck.field;
        let levels: Vec<&[usize]> = l
            .chunk_by(|&a, &b| f.units[a].score == f.units[b].score)
            .collect();
        let mut subsets = Subsets {
            s,
            rest,
            counts: vec![0; levels.len()],
            levels,
            first_only,
            pick: Vec::with_capacity(k),
            valid: Vec::new(),
        };
        subsets.profiles(ck, k, usize::MAX)?;
        Ok(subsets.valid)
    }

    /// C5: the profiles with `left` more members, each at a level no lower than `max_level`
    /// (the members are placed from the lowest score up), best first; true once a profile
    /// has a valid set.
    fn profiles(
        &mut self,
        ck: &mut Checker,
        left: usize,
        max_level: usize,
    ) -> Result<bool, PairingError> {
        if left == 0 {
            self.sets(ck, 0)?;
            return Ok(!self.valid.is_empty());
        }
        for lv in 0..self.levels.len().min(max_level.saturating_add(1)) {
            if self.counts[lv] < self.levels[lv].len() {
                self.counts[lv] += 1;
                let found = self.profiles(ck, left - 1, lv)?;
                self.counts[lv] -= 1;
                if found {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// 3.5.4: the sets of the current profile from `level` on, in order; true to stop.
    fn sets(&mut self, ck: &mut Checker, level: usize) -> Result<bool, PairingError> {
        if level < self.levels.len() {
            return self.combos(ck, level, 0, self.counts[level]);
        }
        if ck.checks > CHECK_LIMIT {
            return Err(PairingError::TooLarge(format!(
                "{}: more than {CHECK_LIMIT} pairability checks choosing upfloaters",
                ck.field.system
            )));
        }
        let f = ck.field;
        let bracket: Vec<usize> = self.s.iter().chain(self.pick.iter()).copied().collect();
        if ck.pairable(&bracket) && ck.pairable(&without(f.units.len(), self.rest, &bracket)) {
            self.valid.push(self.pick.clone());
        }
        Ok(self.first_only && !self.valid.is_empty())
    }

    /// `need` more members of level `level` from its `from`-th on; true to stop.
    fn combos(
        &mut self,
        ck: &mut Checker,
        level: usize,
        from: usize,
        need: usize,
    ) -> Result<bool, PairingError> {
        if need == 0 {
            return self.sets(ck, level + 1);
        }
        let members = self.levels[level];
        for j in from..members.len() {
            if members.len() - j < need {
                break;
            }
            self.pick.push(members[j]);
            let stop = self.combos(ck, level, j + 1, need - 1)?;
            self.pick.pop();
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// C5, C6, C7 and the 3.5.4 order of one valid set.
pub(crate) fn up_key(
    ck: &mut Checker,
    (s, l, rest): (&[usize], &[usize], &[usize]),
    ups: &[usize],
) -> Result<UpKey, PairingError> {
    let f = ck.field;
    let bracket: Vec<usize> = s.iter().chain(ups).copied().collect();
    let others = without(f.units.len(), rest, &bracket);
    Ok(UpKey {
        c5: readings::c5_key(ups.iter().map(|&i| f.units[i].score)),
        c6: if readings::c6_applies(l, |i| f.units[i].score, ups) {
            next_upfloaters(ck, &others)?
        } else {
            0
        },
        c7: if f.float_criteria {
            ups.iter().filter(|&&i| f.units[i].floated).count()
        } else {
            0
        },
        order: ups.to_vec(),
    })
}

/// C6: the number of upfloaters the next bracket (of `rest`) needs at least.
fn next_upfloaters(ck: &mut Checker, rest: &[usize]) -> Result<usize, PairingError> {
    let Some(&first) = rest.first() else {
        return Ok(0);
    };
    let f = ck.field;
    let top = f.units[first].score;
    let (s, l): (Vec<usize>, Vec<usize>) = rest.iter().partition(|&&i| f.units[i].score == top);
    let mut k = s.len() % 2;
    while k <= l.len() {
        if !Subsets::valid(ck, (&s, &l, rest), k, true)?.is_empty() {
            return Ok(k);
        }
        k += 2;
    }
    Ok(usize::MAX)
}

/// 3.6: the pairing of bracket `members` (field indices, ascending) with upfloaters `ups`: the
/// fewest C8, then C9, then C10 penalties, then the first identifier. Pairs as field indices
/// (top, bottom).
pub(crate) fn pair_bracket(
    f: &Field,
    members: &[usize],
    ups: &[usize],
) -> Option<(Vec<(usize, usize)>, Penalties)> {
    // Local indices in TPN order (identifiers are TPNs).
    let mut local: Vec<usize> = members.to_vec();
    local.sort_by_key(|&i| f.units[i].id);
    let m = local.len();
    let edge = |a: usize, b: usize| f.compat[local[a]][local[b]];
    // The three criteria as one number, compared as a whole: a bracket's float penalties add up
    // to at most `m` and its C9 penalties to at most `m / 2`, so base `m + 1` keeps their order.
    let base = m as u64 + 1;
    let pen = |a: usize, b: usize| {
        let p = readings::pair_penalties(f, ups, local[a], local[b]);
        (u64::from(p.colour) * base + u64::from(p.strong)) * base + u64::from(p.float)
    };
    let any = (0..m).any(|a| (a + 1..m).any(|b| edge(a, b) && pen(a, b) > 0));
    let budget = if any {
        min_penalty(m, |a, b| edge(a, b).then(|| pen(a, b)))?
    } else {
        0
    };
    let pairs = first_identifier(m, &edge, &pen, budget)?;
    let penalties = Penalties {
        colour: u32::try_from(budget / (base * base)).ok()?,
        strong: u32::try_from(budget / base % base).ok()?,
        float: u32::try_from(budget % base).ok()?,
    };
    Some((
        pairs
            .into_iter()
            .map(|(a, b)| (local[a], local[b]))
            .collect(),
        penalties,
    ))
}

/// The units of `rest` not in `bracket` (field of `n` units).
fn without(n: usize, rest: &[usize], bracket: &[usize]) -> Vec<usize> {
    let mut out = vec![false; n];
    for &i in bracket {
        out[i] = true;
    }
    rest.iter().copied().filter(|&i| !out[i]).collect()
}
