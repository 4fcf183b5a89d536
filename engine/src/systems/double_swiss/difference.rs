//! `check`'s account of a Double-Swiss match paired differently in a file: the first step of
//! Article 3 or 4, by article, at which the file departs from the procedure, with the deciding
//! values (file first, then swisslab).
//!
//! - 3.4: the PAB.
//! - 3.5 (C4, C5, C6, C7, then the 3.5.4 order): the first bracket, in the order the procedure
//!   pairs them, whose upfloaters differ: the file's upfloaters are the lower players its
//!   pairing gives the bracket's residents.
//! - 3.6 (C8, then the identifier): the same upfloaters paired differently.
//! - 4.3: the same pairs with other colours, and the rule that gave swisslab's.

use super::readings;
use super::view::Field;
use crate::pairing::Pairing;
use crate::systems::common::brackets::feasible::Checker;
use crate::systems::common::brackets::procedure::{up_key, Outcome};
use std::collections::{BTreeSet, HashMap};

/// The first difference between `file` and swisslab's outcome `ours` of field `f`.
pub(super) fn first(f: &Field, ours: &Outcome, file: &Pairing) -> String {
    let index: HashMap<u32, usize> = f.units.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let who = |i: usize| format!("{} ({})", f.units[i].id, f.units[i].score);
    let our_bye = ours.bye.map(|i| f.units[i].id);
    if file.bye != our_bye {
        let side = |b: Option<u32>| match b.and_then(|id| index.get(&id)) {
            Some(&i) => format!("{}, {} matches played", who(i), f.units[i].matches_played),
            None => "none".to_string(),
        };
        return format!(
            "Art. 3.4: the PAB: file {}, swisslab {}",
            side(file.bye),
            side(our_bye)
        );
    }
    let mut partner: Vec<Option<usize>> = vec![None; f.units.len()];
    for &(w, b) in &file.games {
        if let (Some(&x), Some(&y)) = (index.get(&w), index.get(&b)) {
            partner[x] = Some(y);
            partner[y] = Some(x);
        }
    }
    let mut ck = Checker::new(f);
    let mut rest: Vec<usize> = (0..f.units.len())
        .filter(|&i| Some(i) != ours.bye)
        .collect();
    for (n, b) in ours.brackets.iter().enumerate() {
        let l: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|i| !b.residents.contains(i))
            .collect();
        let theirs: BTreeSet<usize> = b
            .residents
            .iter()
            .filter_map(|&r| partner[r])
            .filter(|p| !b.residents.contains(p))
            .collect();
        let theirs: Vec<usize> = theirs.into_iter().collect();
        if theirs != b.upfloaters {
            return upfloaters(
                &mut ck,
                (&b.residents, &l, &rest),
                &theirs,
                &b.upfloaters,
                n,
            );
        }
        let members: Vec<usize> = b.residents.iter().chain(&b.upfloaters).copied().collect();
        let pairs = |v: &mut dyn Iterator<Item = (usize, usize)>| -> BTreeSet<(usize, usize)> {
            v.map(|(x, y)| (x.min(y), x.max(y))).collect()
        };
        let ours_pairs = pairs(&mut b.pairs.iter().copied());
        let file_pairs = pairs(&mut members.iter().filter_map(|&x| partner[x].map(|y| (x, y))));
        if ours_pairs != file_pairs {
            let c8 = |ps: &BTreeSet<(usize, usize)>| -> u32 {
                if !f.float_criteria {
                    return 0;
                }
                ps.iter()
                    .map(|&(x, y)| {
                        readings::float_count(&b.upfloaters, |i| f.units[i].floated, x, y)
                    })
                    .sum()
            };
            let list = |ps: &BTreeSet<(usize, usize)>| {
                ps.iter()
                    .map(|&(x, y)| format!("{}-{}", f.units[x].id, f.units[y].id))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let (cf, co) = (c8(&file_pairs), c8(&ours_pairs));
            let art = if cf != co {
                format!("C8: penalties file {cf}, swisslab {co}")
            } else {
                "3.6: the identifier".to_string()
            };
            return format!(
                "Art. {art}; bracket {}: file {}, swisslab {}",
                n + 1,
                list(&file_pairs),
                list(&ours_pairs)
            );
        }
        rest.retain(|i| !members.contains(i));
    }
    colours(f, ours, &index, file)
}

/// 3.5: the upfloaters of bracket `n` differ; the first criterion that tells them apart.
fn upfloaters(
    ck: &mut Checker,
    (s, l, rest): (&[usize], &[usize], &[usize]),
    theirs: &[usize],
    ours: &[usize],
    n: usize,
) -> String {
    let f = ck.field;
    let ids = |v: &[usize]| {
        v.iter()
            .map(|&i| format!("{} ({})", f.units[i].id, f.units[i].score))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let head = format!(
        "bracket {} upfloaters: file [{}], swisslab [{}]",
        n + 1,
        ids(theirs),
        ids(ours)
    );
    if theirs.len() != ours.len() {
        return format!("Art. C4: {head}");
    }
    let (kf, ko) = match (
        up_key(ck, (s, l, rest), theirs),
        up_key(ck, (s, l, rest), ours),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return format!("Art. 3.5: {head} ({e})"),
    };
    if kf.c5 != ko.c5 {
        format!("Art. C5: the scores compared from the lowest; {head}")
    } else if kf.c6 != ko.c6 {
        format!(
            "Art. C6: the following scoregroup's bracket needs {} upfloaters after the file's, {} \
             after swisslab's; {head}",
            fmt_need(kf.c6),
            fmt_need(ko.c6)
        )
    } else if kf.c7 != ko.c7 {
        format!(
            "Art. C7: floaters of the previous match among them: file {}, swisslab {}; {head}",
            kf.c7, ko.c7
        )
    } else {
        format!("Art. 3.5.4: the order of the sets; {head}")
    }
}

fn fmt_need(k: usize) -> String {
    if k == usize::MAX {
        "no number of".to_string()
    } else {
        k.to_string()
    }
}

/// 4.3: the same pairs, other colours: the first pair whose colours differ.
fn colours(f: &Field, ours: &Outcome, index: &HashMap<u32, usize>, file: &Pairing) -> String {
    for b in &ours.brackets {
        for &(x, y) in &b.pairs {
            let (w, _, rule) = super::colours(f, x, y);
            let (a, c) = (f.units[x].id, f.units[y].id);
            let file_white = file
                .games
                .iter()
                .find(|&&(fw, fb)| (fw == a && fb == c) || (fw == c && fb == a))
                .map(|&(fw, _)| fw);
            if let Some(fw) = file_white {
                if fw != w {
                    let hist = |id: u32| {
                        index
                            .get(&id)
                            .map(|&i| {
                                f.units[i]
                                    .colours
                                    .iter()
                                    .map(|c| c.letter())
                                    .collect::<String>()
                            })
                            .unwrap_or_default()
                    };
                    return format!(
                        "Art. {}: {a}-{c} (colours {} and {}): file White {fw}, swisslab White {w}",
                        rule.article(),
                        hist(a),
                        hist(c)
                    );
                }
            }
        }
    }
    "the same pairing".to_string()
}
