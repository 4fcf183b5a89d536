//! The account of a round paired differently elsewhere (a file, a peer engine): the first step
//! of Article 3, by article, at which the other pairing departs from the procedure, with the
//! deciding values (theirs first, then swisslab's). The colours (Article 4) are each system's.
//!
//! - 3.4: the PAB.
//! - 3.5 (C4, C5, C6, C7, then the 3.5.4 order): the first bracket, in the order the procedure
//!   pairs them, whose upfloaters differ: the other pairing's upfloaters are the lower units it
//!   gives the bracket's residents.
//! - 3.6 (C8, C9, C10 of C.04.6 = C8 of C.04.5, then the identifier): the same upfloaters paired
//!   differently.

use super::feasible::Checker;
use super::procedure::{up_key, Outcome};
use super::readings::{self, Penalties};
use super::Field;
use crate::pairing::Pairing;
use std::collections::{BTreeSet, HashMap};

/// The first difference of Article 3 between `file` and swisslab's outcome `ours` of field `f`,
/// or `None` when the two have the same PAB and the same pairs. `float_article` names the float
/// criterion of 3.6 (C.04.6 "C10", C.04.5 "C8").
pub(crate) fn first(
    f: &Field,
    ours: &Outcome,
    file: &Pairing,
    float_article: &str,
) -> Option<String> {
    let index: HashMap<u32, usize> = f.units.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let who = |i: usize| format!("{} ({})", f.units[i].id, f.units[i].score);
    let our_bye = ours.bye.map(|i| f.units[i].id);
    if file.bye != our_bye {
        let side = |b: Option<u32>| match b.and_then(|id| index.get(&id)) {
            Some(&i) => format!("{}, {} matches played", who(i), f.units[i].matches_played),
            None => "none".to_string(),
        };
        return Some(format!(
            "Art. 3.4: the PAB: file {}, swisslab {}",
            side(file.bye),
            side(our_bye)
        ));
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
            return Some(upfloaters(
                &mut ck,
                (&b.residents, &l, &rest),
                &theirs,
                &b.upfloaters,
                n,
            ));
        }
        let members: Vec<usize> = b.residents.iter().chain(&b.upfloaters).copied().collect();
        let pairs = |v: &mut dyn Iterator<Item = (usize, usize)>| -> BTreeSet<(usize, usize)> {
            v.map(|(x, y)| (x.min(y), x.max(y))).collect()
        };
        let ours_pairs = pairs(&mut b.pairs.iter().copied());
        let file_pairs = pairs(&mut members.iter().filter_map(|&x| partner[x].map(|y| (x, y))));
        if ours_pairs != file_pairs {
            let pen = |ps: &BTreeSet<(usize, usize)>| -> Penalties {
                ps.iter()
                    .map(|&(x, y)| readings::pair_penalties(f, &b.upfloaters, x, y))
                    .sum()
            };
            let list = |ps: &BTreeSet<(usize, usize)>| {
                ps.iter()
                    .map(|&(x, y)| format!("{}-{}", f.units[x].id, f.units[y].id))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let (pf, po) = (pen(&file_pairs), pen(&ours_pairs));
            let art = if pf.colour != po.colour {
                format!(
                    "C8: unfulfilled colour preferences file {}, swisslab {}",
                    pf.colour, po.colour
                )
            } else if pf.strong != po.strong {
                format!(
                    "C9: unfulfilled strong preferences file {}, swisslab {}",
                    pf.strong, po.strong
                )
            } else if pf.float != po.float {
                format!(
                    "{float_article}: penalties file {}, swisslab {}",
                    pf.float, po.float
                )
            } else {
                "3.6: the identifier".to_string()
            };
            return Some(format!(
                "Art. {art}; bracket {}: file {}, swisslab {}",
                n + 1,
                list(&file_pairs),
                list(&ours_pairs)
            ));
        }
        rest.retain(|i| !members.contains(i));
    }
    None
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
            "Art. C7: floaters of the previous round among them: file {}, swisslab {}; {head}",
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
