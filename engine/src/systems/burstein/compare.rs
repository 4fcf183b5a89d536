//! Why two pairings of one Burstein round differ (`swisslab check`): the first article on which
//! a file's pairing and the engine's part, with both values.
//!
//! The seeding rounds (1.6) are the Dutch System's, compared by it. After them: the
//! pairing-allocated bye (3.1: C2, then the lowest score, the most games played, the lowest
//! ranking), then the brackets from the highest, each built alike from both pairings (its
//! incoming floaters and the next scoregroup) and compared by C1/C3 (a pair the file may not
//! have), C5 (pairs in the bracket), C6 (the outgoing floaters' scores, descending), C7 (the
//! following bracket's pairs and its paired players' scores), C8 (colour preferences not
//! granted), then the order of Article 4.3; and last the colours of a game both have (5).

use super::bracket::{colour_clash, parts, Parts};
use super::{white_first, Round};
use crate::model::{PlayerId, Tournament};
use crate::pairing::{Pairing, Request};
use crate::score::Score;
use std::collections::HashMap;

/// A pairing as partners by player index of the round (`None`: the bye or not paired).
fn partners(r: &Round, p: &Pairing) -> Option<Vec<Option<usize>>> {
    let at: HashMap<PlayerId, usize> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let mut mate = vec![None; r.players.len()];
    for &(w, b) in &p.games {
        let (x, y) = (*at.get(&w)?, *at.get(&b)?);
        mate[x] = Some(y);
        mate[y] = Some(x);
    }
    Some(mate)
}

/// What C5-C8 measure of one bracket under one pairing.
#[derive(Debug, PartialEq, Eq)]
struct Measure {
    pairs: usize,
    /// The outgoing floaters (player indices, ascending) and their scores (descending).
    who_floats: Vec<usize>,
    floaters: Vec<Score>,
    next_pairs: usize,
    next_paired: Vec<Score>,
    misses: usize,
}

fn measure(r: &Round, mate: &[Option<usize>], bracket: &[usize], next: &[usize]) -> Measure {
    let inb = |i: usize| bracket.contains(&i);
    let innext = |i: usize| next.contains(&i) || inb(i);
    let mut pairs = 0;
    let mut misses = 0;
    let mut floaters = Vec::new();
    let mut who_floats = Vec::new();
    for &i in bracket {
        match mate[i] {
            Some(j) if inb(j) => {
                if i < j {
                    pairs += 1;
                    misses += usize::from(colour_clash(r, i, j));
                }
            }
            _ => {
                floaters.push(r.players[i].score);
                who_floats.push(i);
            }
        }
    }
    floaters.sort_by(|a, b| b.cmp(a));
    who_floats.sort_unstable();
    let mut next_pairs = 0;
    let mut next_paired = Vec::new();
    for &i in bracket.iter().chain(next) {
        if let Some(j) = mate[i].filter(|&j| innext(j) && !(inb(i) && inb(j))) {
            next_paired.push(r.players[i].score);
            if i < j {
                next_pairs += 1;
            }
        }
    }
    next_paired.sort_by(|a, b| b.cmp(a));
    Measure {
        pairs,
        who_floats,
        floaters,
        next_pairs,
        next_paired,
        misses,
    }
}

fn scores(v: &[Score]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

/// The first difference between `file` and `ours` in round `req.round` of `t` (after the
/// seeding rounds).
pub fn first_difference(t: &Tournament, req: &Request, file: &Pairing, ours: &Pairing) -> String {
    let Ok(r) = Round::prepare(t, req) else {
        return "the round cannot be prepared".into();
    };
    let (Some(fm), Some(om)) = (partners(&r, file), partners(&r, ours)) else {
        return "the file pairs a player who is not to be paired".into();
    };
    if file.bye != ours.bye {
        return bye_difference(&r, file.bye, ours.bye);
    }
    for (i, m) in fm.iter().enumerate() {
        if let Some(j) = m.filter(|&j| i < j && !r.compat[i][j]) {
            return format!(
                "the file pairs {}-{}, which C1/C3 forbid (met before or the same absolute colour \
                 preference)",
                r.players[i].id, r.players[j].id
            );
        }
    }
    let mut left: Vec<usize> = (0..r.players.len())
        .filter(|&i| Some(r.players[i].id) != ours.bye)
        .collect();
    let mut incoming: Vec<usize> = Vec::new();
    while !left.is_empty() {
        let Parts { top, bsn, next, .. } = parts(&r, &left, &incoming);
        let score = top.unwrap_or_else(|| r.players[bsn[0]].score);
        let (f, o) = (measure(&r, &fm, &bsn, &next), measure(&r, &om, &bsn, &next));
        let head = format!("bracket of score {score}");
        if let Some(why) = criteria_difference(&f, &o) {
            return format!("{head}: {why}");
        }
        let ids = |k: usize, m: &[Option<usize>]| match m[bsn[k]] {
            Some(j) if bsn.contains(&j) => {
                let b = bsn.iter().position(|&x| x == j).unwrap_or(0) + 1;
                format!("BSN {b} (player {})", r.players[j].id)
            }
            _ => "BSN 0 (floats)".to_string(),
        };
        for (k, &who) in bsn.iter().enumerate() {
            let (a, b) = (ids(k, &fm), ids(k, &om));
            if a != b {
                return format!(
                    "{head}: same C5-C8; 4.3 order: BSN {} (player {}) meets {a} in the file, \
                     {b} here (the larger BSN comes first)",
                    k + 1,
                    r.players[who].id
                );
            }
        }
        let outgoing: Vec<usize> = bsn
            .iter()
            .copied()
            .filter(|&i| !om[i].is_some_and(|j| bsn.contains(&j)))
            .collect();
        left.retain(|i| !bsn.contains(i) || outgoing.contains(i));
        incoming = outgoing;
    }
    colour_difference(&r, file, ours)
}

fn criteria_difference(f: &Measure, o: &Measure) -> Option<String> {
    if f.pairs != o.pairs {
        return Some(format!(
            "C5 (pairs in the bracket): file {}, here {}",
            f.pairs, o.pairs
        ));
    }
    if f.floaters != o.floaters {
        return Some(format!(
            "C6 (outgoing floaters' scores, descending, minimised): file {}, here {}",
            scores(&f.floaters),
            scores(&o.floaters)
        ));
    }
    // C7 chooses among sets of outgoing floaters: with the same set, the following bracket is
    // compared as a bracket of its own.
    if f.who_floats == o.who_floats {
        return (f.misses != o.misses).then(|| {
            format!(
                "C8 (colour preferences not granted): file {}, here {}",
                f.misses, o.misses
            )
        });
    }
    if f.next_pairs != o.next_pairs {
        return Some(format!(
            "C7 (pairs in the following bracket): file {}, here {}",
            f.next_pairs, o.next_pairs
        ));
    }
    if f.next_paired != o.next_paired {
        return Some(format!(
            "C7 (scores paired in the following bracket, C6 there): file {}, here {}",
            scores(&f.next_paired),
            scores(&o.next_paired)
        ));
    }
    if f.misses != o.misses {
        return Some(format!(
            "C8 (colour preferences not granted): file {}, here {}",
            f.misses, o.misses
        ));
    }
    None
}

fn bye_difference(r: &Round, file: Option<PlayerId>, ours: Option<PlayerId>) -> String {
    let show = |b: Option<PlayerId>| match b.and_then(|id| r.players.iter().find(|e| e.id == id)) {
        Some(e) => format!(
            "{} (score {}, {} games, BH {}, SB {}{})",
            e.id,
            e.score,
            e.played,
            crate::tiebreak::Value::tenths(e.index.buchholz),
            crate::tiebreak::Value::hundredths(e.index.sonneborn_berger),
            if e.bye_ok { "" } else { ", barred by C2" }
        ),
        None => "none".into(),
    };
    format!(
        "3.1 bye (lowest score, most games played, lowest ranking): file {}, here {}",
        show(file),
        show(ours)
    )
}

fn colour_difference(r: &Round, file: &Pairing, ours: &Pairing) -> String {
    let at = |id: PlayerId| r.players.iter().position(|e| e.id == id);
    for &(w, b) in &file.games {
        if !ours.games.contains(&(w, b)) {
            if let (Some(x), Some(y)) = (at(w), at(b)) {
                let here = if white_first(r, x, y) { w } else { b };
                return format!(
                    "same games; colours of {w}-{b}: White to {w} in the file, {here} here (5)"
                );
            }
        }
    }
    "same pairing".into()
}
