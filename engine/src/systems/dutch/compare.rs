//! Why two pairings of one round differ: the first bracket where they part, and there the first
//! criterion, by article, on which they differ, with both values, or that they
//! tie on every criterion and differ by the generation order (2017 D.1-D.3, 2026 Art. 4).
//!
//! The round is replayed with the engine's brackets; every bracket above the first difference
//! pairs and floats the same players in both pairings, so the first differing bracket has the
//! same players in both. Each side's pairing of that bracket (its pairs among the bracket's
//! players, and the players it leaves over) is evaluated criterion by criterion:
//! - 2017: C.1-C.3 (legal pairs), C.4 (the round stays completable), C.5 pairs, C.6 the PSD
//!   (A.8), C.7 the following bracket's pairs, C.8-C.11 colours, C.12-C.19 floats (A.4);
//! - 2026: C1-C3, C4, C5 the bye's score (last bracket), C6 pairs, C7 the downfloaters'
//!   scores, C8 the following bracket's pairs, C9 the bye's games played, C10-C13 colours,
//!   C14-C21 floats of resident downfloaters, MDPs and MDPs' opponents.
//!
//! Colours are those Art. 5.2 / E allocates to each pair; when both sides have the same pairs
//! but different colours, the difference is the colour allocation itself.

use super::{bracket, RoundCtx};
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::{Edition, Float, PreferenceStrength};
use crate::model::{Color, PlayerId};
use crate::pairing::Pairing;
use crate::score::Score;
use std::collections::BTreeSet;

/// One criterion's value for one side; smaller is better.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    Count(i64),
    /// Scores or score differences, highest first (compared lexicographically).
    List(Vec<Score>),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Count(c) => write!(f, "{c}"),
            Value::List(l) => {
                let s: Vec<String> = l.iter().map(|x| x.to_string()).collect();
                write!(f, "[{}]", s.join(", "))
            }
        }
    }
}

/// One side's pairing of a bracket: pairs (round-player indices) and the players left over.
struct Side {
    pairs: Vec<(usize, usize)>,
    left: Vec<usize>,
}

/// The first criterion on which `file` and `ours` differ (see the module doc).
pub(crate) fn first_difference(ctx: &RoundCtx, file: &Pairing, ours: &Pairing) -> String {
    let Ok(round) = super::pair_ctx(ctx, &bracket::solve) else {
        return "swisslab finds no pairing".into();
    };
    let index = |id: PlayerId| ctx.players.iter().position(|p| p.id == id);
    let mut partner = vec![None; ctx.players.len()];
    for &(w, b) in &file.games {
        let (Some(i), Some(j)) = (index(w), index(b)) else {
            return format!("the file pairs {w}-{b}, who are not both to be paired");
        };
        partner[i] = Some(j);
        partner[j] = Some(i);
    }
    for (k, b) in round.trace.iter().enumerate() {
        let members: BTreeSet<usize> = b.mdps.iter().chain(&b.residents).copied().collect();
        let file_side = Side {
            pairs: members
                .iter()
                .filter_map(|&i| match partner[i] {
                    Some(j) if j > i && members.contains(&j) => Some((i, j)),
                    _ => None,
                })
                .collect(),
            left: members
                .iter()
                .copied()
                .filter(|&i| !matches!(partner[i], Some(j) if members.contains(&j)))
                .collect(),
        };
        let norm = |p: &[(usize, usize)]| -> BTreeSet<(usize, usize)> {
            p.iter().map(|&(a, c)| (a.min(c), a.max(c))).collect()
        };
        if norm(&file_side.pairs) == norm(&b.pairs) {
            continue;
        }
        let our_side = Side {
            pairs: b.pairs.clone(),
            left: b.floaters.clone(),
        };
        let lower: Vec<usize> = round.trace[k + 1..]
            .iter()
            .flat_map(|t| t.residents.iter().copied())
            .collect();
        let next: &[usize] = round.trace.get(k + 1).map_or(&[], |t| &t.residents);
        let what = bracket_names(ctx, &members);
        let f = evaluate(ctx, &b.mdps, &file_side, &lower, next);
        let o = evaluate(ctx, &b.mdps, &our_side, &lower, next);
        for ((name, fv), (_, ov)) in f.iter().zip(&o) {
            if fv != ov {
                return format!("{what}: {name}: file {fv}, swisslab {ov}");
            }
        }
        return format!(
            "{what}: the two tie on every criterion and differ by the generation order ({})",
            match ctx.rules.edition {
                Edition::Y2017 => "D.1-D.3",
                Edition::Y2026 => "Art. 4",
            }
        );
    }
    if file.bye != ours.bye {
        return "same brackets; the bye differs".into();
    }
    let article = match ctx.rules.edition {
        Edition::Y2017 => "E.1-E.5",
        Edition::Y2026 => "Art. 5.2",
    };
    format!("same pairs; the colours differ ({article} colour allocation)")
}

/// "bracket of score S" for the message.
fn bracket_names(ctx: &RoundCtx, members: &BTreeSet<usize>) -> String {
    let top = members
        .iter()
        .map(|&i| ctx.players[i].score)
        .min()
        .unwrap_or_default();
    format!("bracket of score {top}")
}

/// The criteria values of one side, in priority order, with their names.
fn evaluate(
    ctx: &RoundCtx,
    mdps: &[usize],
    side: &Side,
    lower: &[usize],
    next: &[usize],
) -> Vec<(&'static str, Value)> {
    let y26 = ctx.rules.edition == Edition::Y2026;
    let p = &ctx.players;
    let is_mdp = |v: usize| mdps.contains(&v);
    let mut out: Vec<(&'static str, Value)> = Vec::new();
    let illegal = side
        .pairs
        .iter()
        .filter(|&&(a, b)| !ctx.compat.get(a, b) || (is_mdp(a) && is_mdp(b)))
        .count();
    out.push((
        if y26 {
            "C1-C3 (absolute criteria)"
        } else {
            "C.1-C.3 (absolute criteria)"
        },
        Value::Count(illegal as i64),
    ));
    let mut rest = side.left.clone();
    rest.extend(lower);
    let last = lower.is_empty();
    let complete = if last {
        side.left.len() <= 1 && side.left.iter().all(|&v| p[v].bye_ok)
    } else {
        ctx.completable(&rest)
    };
    out.push((
        if y26 {
            "C4 (completion)"
        } else {
            "C.4 / A.9 (completion)"
        },
        Value::Count(i64::from(!complete)),
    ));
    if y26 {
        let bye_score = if last {
            side.left.first().map(|&v| p[v].score)
        } else {
            None
        };
        out.push((
            "C5 (score of the bye)",
            Value::List(bye_score.into_iter().collect()),
        ));
    }
    out.push((
        if y26 {
            "C6 (downfloaters)"
        } else {
            "C.5 (downfloaters)"
        },
        Value::Count(side.left.len() as i64),
    ));
    let low = side
        .pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(side.left.iter().copied())
        .map(|v| p[v].score)
        .min()
        .unwrap_or_default();
    let one = Score(10);
    let fsd = |v: usize| p[v].score - low + one;
    let mut c7: Vec<Score> = side.left.iter().map(|&v| fsd(v)).collect();
    if !y26 {
        c7.extend(
            side.pairs
                .iter()
                .map(|&(a, b)| Score((p[a].score - p[b].score).0.abs())),
        );
    }
    c7.sort_unstable_by(|a, b| b.cmp(a));
    out.push((
        if y26 {
            "C7 (downfloaters' scores)"
        } else {
            "C.6 (PSD)"
        },
        Value::List(c7),
    ));
    out.push((
        if y26 {
            "C8 (pairs of the following bracket, fewer missing)"
        } else {
            "C.7 (pairs of the following bracket, fewer missing)"
        },
        Value::Count(next_missing(ctx, &side.left, next)),
    ));
    if y26 {
        let played = match side.left.as_slice() {
            [v] if last => -(p[*v].played as i64),
            _ => 0,
        };
        out.push((
            "C9 (games played by the bye, negated)",
            Value::Count(played),
        ));
    }
    colours(ctx, side, y26, &mut out);
    floats(ctx, side, &is_mdp, y26, &fsd, &mut out);
    out
}

/// How many players of the following bracket (the downfloaters `left` as MDPs, and `next`)
/// its largest pairing leaves unpaired.
fn next_missing(ctx: &RoundCtx, left: &[usize], next: &[usize]) -> i64 {
    (left.len() + next.len() - 2 * bracket::max_pairs(ctx, left, next)) as i64
}

/// 2017 C.8-C.11 / 2026 C10-C13: topscorers' colour difference and three in a row, colour
/// preferences and strong ones not met, with the colours 5.2 / E allocates.
fn colours(ctx: &RoundCtx, side: &Side, y26: bool, out: &mut Vec<(&'static str, Value)>) {
    let p = &ctx.players;
    let mut c = [0i64; 4];
    for &(a, b) in &side.pairs {
        let (w, _) = ctx.white_first(a, b);
        let top = p[a].top || p[b].top;
        for g in [a, b] {
            let col = if g == w { Color::White } else { Color::Black };
            let f = &p[g].colour;
            c[0] += i64::from(top && gets_difference_beyond_two(f, col));
            c[1] += i64::from(top && third_in_a_row(f, col));
            if let Some(pref) = f.preference.filter(|pr| pr.color != col) {
                c[2] += 1;
                c[3] += i64::from(pref.strength >= PreferenceStrength::Strong);
            }
        }
    }
    let names: [&'static str; 4] = if y26 {
        [
            "C10 (topscorers' colour difference)",
            "C11 (topscorers' same colour three times)",
            "C12 (colour preferences not met)",
            "C13 (strong colour preferences not met)",
        ]
    } else {
        [
            "C.8 (topscorers' colour difference)",
            "C.9 (topscorers' same colour three times)",
            "C.10 (colour preferences not met)",
            "C.11 (strong colour preferences not met)",
        ]
    };
    for (n, v) in names.into_iter().zip(c) {
        out.push((n, Value::Count(v)));
    }
}

/// 2017 C.12-C.19 (A.4: every player who floats) / 2026 C14-C21 (resident downfloaters, MDPs'
/// opponents, MDPs): counts of repeated floats, then sums of their score differences.
fn floats(
    ctx: &RoundCtx,
    side: &Side,
    is_mdp: &dyn Fn(usize) -> bool,
    y26: bool,
    fsd: &dyn Fn(usize) -> Score,
    out: &mut Vec<(&'static str, Value)>,
) {
    let p = &ctx.players;
    // [down1, up1, down2, up2] counts and score-difference sums.
    let mut count = [0i64; 4];
    let mut sum = [0i64; 4];
    let mut add = |v: usize, dir: Float, sd: Score, counted: bool, summed: bool| {
        let base = usize::from(dir == Float::Up);
        for (k, f) in [p[v].float1, p[v].float2].into_iter().enumerate() {
            if f == dir {
                count[base + 2 * k] += i64::from(counted);
                if summed {
                    sum[base + 2 * k] += i64::from(sd.0);
                }
            }
        }
    };
    for &v in &side.left {
        add(
            v,
            Float::Down,
            fsd(v),
            !y26 || !is_mdp(v),
            !y26 || is_mdp(v),
        );
    }
    for &(a, b) in &side.pairs {
        let (hi, lo) = if p[a].score >= p[b].score {
            (a, b)
        } else {
            (b, a)
        };
        let sd = p[hi].score - p[lo].score;
        if sd > Score::ZERO || (!y26 && is_mdp(hi)) {
            add(hi, Float::Down, sd, !y26, !y26 || is_mdp(hi));
        }
        if sd > Score::ZERO {
            add(lo, Float::Up, sd, true, true);
        }
    }
    let names: [&'static str; 8] = if y26 {
        [
            "C14 (resident downfloaters with a downfloat the round before)",
            "C15 (MDPs' opponents with an upfloat the round before)",
            "C16 (resident downfloaters with a downfloat two rounds before)",
            "C17 (MDPs' opponents with an upfloat two rounds before)",
            "C18 (score differences of MDPs with a downfloat the round before)",
            "C19 (score differences of MDPs' opponents with an upfloat the round before)",
            "C20 (score differences of MDPs with a downfloat two rounds before)",
            "C21 (score differences of MDPs' opponents with an upfloat two rounds before)",
        ]
    } else {
        [
            "C.12 (repeated downfloats)",
            "C.13 (repeated upfloats)",
            "C.14 (downfloats as two rounds before)",
            "C.15 (upfloats as two rounds before)",
            "C.16 (score differences of repeated downfloats)",
            "C.17 (score differences of repeated upfloats)",
            "C.18 (score differences of downfloats as two rounds before)",
            "C.19 (score differences of upfloats as two rounds before)",
        ]
    };
    for (k, n) in names.into_iter().enumerate() {
        let v = if k < 4 { count[k] } else { sum[k - 4] };
        out.push((n, Value::Count(v)));
    }
}
