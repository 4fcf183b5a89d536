//! The first step at which a file's pairing departs from the Lim procedure (`check`): the bye
//! (1.1 / 7.1), then scoregroup by scoregroup in the order of Art. 2.2 the players it passes on
//! (2.3, 3.2.1, Art. 3, 4.4, 2.6), the pairs it makes in the order it makes them (3.8, 2.4,
//! Art. 4, 5.2), and last the colours (Art. 5, 7.2). The answer starts with the article of the
//! step (`Art. 3.2.4: …`) and gives the deciding values: players with their pairing number,
//! score and colours, the procedure's choice and the file's.

use super::colour::ColourRule;
use super::floaters::Choice;
use super::groups::{side, ByeRule, Direction, Side};
use super::readings::{alternating, FloaterRule};
use super::trace::{Done, FloatWhy, How, Step};
use super::transfer::Reason;
use super::LimRound;
use crate::model::{Color, PlayerId};
use crate::pairing::Pairing;
use std::collections::{BTreeSet, HashMap};

/// A player as the account names him: pairing number, score, colours.
fn who(r: &LimRound, i: usize) -> String {
    let p = &r.players[i];
    format!("{} ({}, {})", p.id, p.score, colours(&p.colours))
}

fn colours(c: &[Color]) -> String {
    if c.is_empty() {
        return "-".into();
    }
    c.iter().map(|c| c.letter()).collect()
}

fn colour_word(c: Option<Color>) -> &'static str {
    match c {
        Some(Color::White) => "White",
        Some(Color::Black) => "Black",
        None => "no colour",
    }
}

/// The file's pairing as seen from each player (indices into the rank order).
struct FilePairing {
    opp: HashMap<usize, (usize, Color)>,
    bye: Option<usize>,
}

/// The first step of `done` (the procedure's record of round `r`) that `file` departs from.
pub(super) fn first(r: &LimRound, done: &Done, file: &Pairing) -> String {
    let index: HashMap<PlayerId, usize> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let ix = |id: PlayerId| index.get(&id).copied();
    let mut f = FilePairing {
        opp: HashMap::new(),
        bye: file.bye.and_then(ix),
    };
    for &(w, b) in &file.games {
        if let (Some(w), Some(b)) = (ix(w), ix(b)) {
            f.opp.insert(w, (b, Color::White));
            f.opp.insert(b, (w, Color::Black));
        }
    }
    // Art. 1.1 / 7.1.
    let ours = done.bye.map(|(b, _)| b);
    if ours != f.bye {
        let article = match done.bye {
            Some((_, ByeRule::Rated)) => "7.1",
            _ => "1.1",
        };
        let name = |b: Option<usize>| {
            b.map_or("none".to_string(), |b| {
                let e = if r.players[b].bye_eligible {
                    ""
                } else {
                    ", who may not receive it"
                };
                format!("{}{e}", who(r, b))
            })
        };
        return format!(
            "Art. {article}: the pairing-allocated bye: here {}, file {}",
            name(ours),
            name(f.bye)
        );
    }
    let Ok(games) = &done.outcome else {
        return "the procedure does not pair the round".into();
    };
    for step in &done.steps {
        if let Some(why) = step_difference(r, step, &f) {
            return why;
        }
    }
    for g in games {
        if let Some(&(o, c)) = f.opp.get(&g.white) {
            if o == g.black && c != Color::White {
                return format!(
                    "Art. {}: colours of {} - {}: here {} has White, file {} ({})",
                    article_of_colour(g.rule),
                    who(r, g.white),
                    who(r, g.black),
                    r.players[g.white].id,
                    r.players[g.black].id,
                    g.rule
                );
            }
        }
    }
    "the file's pairing is the procedure's".into()
}

fn article_of_colour(rule: ColourRule) -> &'static str {
    match rule {
        ColourRule::Limits => "5.1/5.3",
        ColourRule::Due => "5.5/5.6",
        ColourRule::History => "5.4 (history)",
        ColourRule::Rank => "5.4 (rank)",
        ColourRule::Lot => "7.2",
    }
}

fn rule_article(rule: FloaterRule) -> &'static str {
    match rule {
        FloaterRule::Type => "3.9",
        FloaterRule::NotFloatedLast => "3.10",
        FloaterRule::Colour => "3.2.2",
        FloaterRule::Opponent => "3.3",
        FloaterRule::Number => "3.2.4",
    }
}

fn float_article(why: &FloatWhy) -> String {
    match why {
        FloatWhy::Transfer(Reason::PlayedAll) => "2.3.1".into(),
        FloatWhy::Transfer(Reason::ColourSurplus) => "2.3.2".into(),
        FloatWhy::Transfer(Reason::SameColourTwice) => "2.3.3".into(),
        FloatWhy::Transfer(Reason::NoCompatible) => "2.3".into(),
        FloatWhy::Parity(c) => rule_article(c.decided_by()).into(),
        FloatWhy::Swapped { .. } => "4.4.1".into(),
        FloatWhy::Unpairable | FloatWhy::Companion { .. } => "4.4.2".into(),
    }
}

/// Why the consideration `rule` of Art. 3 passes over `y` (a candidate of `choice`).
fn passes_over(r: &LimRound, choice: &Choice, rule: FloaterRule, y: usize, step: &Step) -> String {
    let cand = |i: usize| choice.candidate(i);
    let id = |i: usize| r.players[i].id;
    let x = choice.player;
    match rule {
        FloaterRule::Type => format!(
            "3.9.2 avoids a floater of type a, then b, then c: {} is of type {}, {} of type {}",
            id(x),
            choice.kind,
            id(y),
            cand(y).map_or('?', |c| c.kind)
        ),
        FloaterRule::NotFloatedLast => format!(
            "3.10: {} floated in the previous round and {} did not",
            id(y),
            id(x)
        ),
        FloaterRule::Colour if cand(y).and_then(|c| c.due) == choice.majority => format!(
            "3.2.3: in a Maxi-tournament the colour choice of 3.2.2 only takes a player rated \
             within 100 points of the one 3.2.4 would choose; {} is rated {}, {} {}",
            id(y),
            r.players[y].rating,
            id(x),
            r.players[x].rating
        ),
        FloaterRule::Colour => {
            // Would the colours due by alternation alone have kept y?
            let alt = |i: usize| alternating(&r.players[i].colours);
            let (w, b) = choice
                .candidates
                .iter()
                .fold((0, 0), |(w, b), c| match alt(c.index) {
                    Some(Color::White) => (w + 1, b),
                    Some(Color::Black) => (w, b + 1),
                    None => (w, b),
                });
            let by_alternation = match w.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Color::White),
                std::cmp::Ordering::Less => Some(Color::Black),
                std::cmp::Ordering::Equal => None,
            };
            let note = if r.round.is_multiple_of(2)
                && (by_alternation.is_none() || alt(y) == by_alternation)
            {
                " (by alternation alone it would not be: 5.6 makes the equalising colour the \
                 due one in an even round)"
            } else {
                ""
            };
            format!(
                "3.2.2: more players of the scoregroup are due {} ({} of {}); {} is due {}{note}",
                colour_word(choice.majority),
                choice
                    .candidates
                    .iter()
                    .filter(|c| c.due.is_some() && c.due == choice.majority)
                    .count(),
                choice.candidates.len(),
                id(y),
                colour_word(cand(y).and_then(|c| c.due))
            )
        }
        FloaterRule::Opponent => format!(
            "3.3: {} has no compatible opponent of his own in the adjacent scoregroup",
            id(y)
        ),
        FloaterRule::Number => {
            let kept: Vec<u32> = choice
                .kept
                .iter()
                .find(|(r, _)| *r == FloaterRule::Opponent)
                .map(|(_, v)| v.iter().map(|&i| id(i)).collect())
                .unwrap_or_default();
            let which = match step.direction {
                Direction::Downward => "the lowest numbered (the largest pairing number)",
                Direction::Upward => "the highest numbered (the smallest pairing number)",
            };
            let extreme = match step.direction {
                Direction::Downward => kept.iter().min(),
                Direction::Upward => kept.iter().max(),
            };
            let file_is = if extreme == Some(&id(y)) {
                "the other end of them"
            } else {
                "another of them"
            };
            format!(
                "3.2.4: of {:?} the procedure floats {which}, {}; the file's {} is {file_is}",
                kept,
                id(x),
                id(y)
            )
        }
    }
}

/// The first departure of the file within `step`: the players it passes on, then its pairs.
fn step_difference(r: &LimRound, step: &Step, f: &FilePairing) -> Option<String> {
    let members: BTreeSet<usize> = step
        .residents
        .iter()
        .copied()
        .chain(step.incoming.iter().map(|fl| fl.player))
        .collect();
    let ours_out: BTreeSet<usize> = step
        .floats
        .iter()
        .map(|&(p, _)| p)
        .chain(step.cracked.iter().flat_map(|&(a, b)| [a, b]))
        .collect();
    let file_out: BTreeSet<usize> = members
        .iter()
        .copied()
        .filter(|i| f.opp.get(i).is_none_or(|(o, _)| !members.contains(o)))
        .collect();
    let name = format!(
        "scoregroup {} ({}, paired {})",
        step.score,
        match step.side {
            Side::Above => "above the median",
            Side::Median => "the median",
            Side::Below => "below the median",
        },
        step.direction.word()
    );
    let c = StepView {
        r,
        step,
        f,
        name,
        members,
    };
    c.across_median(&file_out)
        .or_else(|| c.passes_on(&ours_out, &file_out))
        .or_else(|| c.pairs())
}

/// One scoregroup's step as `check` compares a file with it.
struct StepView<'a> {
    r: &'a LimRound,
    step: &'a Step,
    f: &'a FilePairing,
    /// The scoregroup, its side and direction, in words.
    name: String,
    /// Its residents and the floaters it receives.
    members: BTreeSet<usize>,
}

impl StepView<'_> {
    /// What the file gives player `i` in words.
    fn plays(&self, i: usize) -> String {
        let (r, f) = (self.r, self.f);
        match f.opp.get(&i) {
            Some(&(o, _)) => format!("{} plays {}", who(r, i), who(r, o)),
            None if f.bye == Some(i) => format!("{} has the bye", who(r, i)),
            None => format!("{} has no game", who(r, i)),
        }
    }

    /// 3.2.1: a floater goes to the next scoregroup towards the median, never across it.
    fn across_median(&self, file_out: &BTreeSet<usize>) -> Option<String> {
        let (r, step, f, name) = (self.r, self.step, self.f, &self.name);
        if step.side != Side::Median {
            for &p in file_out {
                if let Some(&(o, _)) = f.opp.get(&p) {
                    let there = side(r.players[o].score, r.median_twice);
                    let mine = side(r.players[p].score, r.median_twice);
                    if there != Side::Median && there != step.side && mine == step.side {
                        return Some(format!(
                            "Art. 3.2.1: {name}: a floater goes to the next scoregroup towards the \
                             median; in the file {} plays {} across the median (Median Scoregroup \
                             {})",
                            who(r, p),
                            who(r, o),
                            super::groups::half_display(r.median_twice)
                        ));
                    }
                }
            }
        }
        None
    }

    /// The players the file passes on from the step, against those the procedure passes on.
    fn passes_on(&self, ours_out: &BTreeSet<usize>, file_out: &BTreeSet<usize>) -> Option<String> {
        let (r, step, name) = (self.r, self.step, &self.name);
        let plays = |i: usize| self.plays(i);
        if ours_out == file_out {
            return None;
        }
        let only_ours: Vec<usize> = ours_out.difference(file_out).copied().collect();
        let only_file: Vec<usize> = file_out.difference(ours_out).copied().collect();
        // The floater chosen to make the number even, whom the file keeps, against the file's.
        let parity = step.floats.iter().find_map(|(p, why)| match why {
            FloatWhy::Parity(c) if only_ours.contains(p) => Some((c, false)),
            FloatWhy::Swapped {
                choice: Some(c), ..
            } if only_ours.contains(p) => Some((c.as_ref(), true)),
            _ => None,
        });
        if let Some((choice, swapped)) = parity {
            let theirs = only_file
                .iter()
                .copied()
                .find(|&y| choice.candidate(y).is_some());
            if let Some(y) = theirs {
                let rule = choice
                    .kept
                    .iter()
                    .find(|(_, kept)| !kept.contains(&y))
                    .map_or(FloaterRule::Number, |(rule, _)| *rule);
                let maxi = rule == FloaterRule::Colour
                    && choice.candidate(y).and_then(|c| c.due) == choice.majority;
                let then = if swapped {
                    "; the scoregroup then could not be paired and 4.4.1 exchanged him"
                } else {
                    ""
                };
                return Some(format!(
                    "Art. {}: {name}: the floater to make the number even (2.3.4): here {} \
                         (type {}{then}); the file floats {} instead: {}",
                    if maxi { "3.2.3" } else { rule_article(rule) },
                    who(r, choice.player),
                    choice.kind,
                    plays(y),
                    passes_over(r, choice, rule, y, step)
                ));
            }
        }
        // The file passes on more players from a scoregroup whose players all could be paired.
        let no_44 = step.floats.iter().all(|(_, why)| {
            !matches!(
                why,
                FloatWhy::Swapped { .. } | FloatWhy::Unpairable | FloatWhy::Companion { .. }
            )
        });
        if only_ours.is_empty() && no_44 && step.cracked.is_empty() && step.side != Side::Median {
            let theirs: Vec<String> = only_file.iter().map(|&p| plays(p)).collect();
            return Some(format!(
                    "Art. 4.4: {name}: the players it keeps can all be paired (3.8 and 4.1 take an \
                     available opponent, one that leaves the rest pairable; 4.4 floats players only \
                     from a scoregroup that cannot be paired completely); in the file {}",
                    theirs.join(", ")
                ));
        }
        let article = only_ours
            .first()
            .and_then(|p| step.floats.iter().find(|(q, _)| q == p))
            .map(|(_, why)| float_article(why))
            .unwrap_or_else(|| {
                if step.side == Side::Median {
                    "2.6".to_string()
                } else {
                    "2.3/4.4".to_string()
                }
            });
        let ours: Vec<String> = step
            .floats
            .iter()
            .filter(|(p, _)| only_ours.contains(p))
            .map(|(p, why)| format!("{} [{why}]", who(r, *p)))
            .chain(
                step.cracked
                    .iter()
                    .filter(|(a, _)| only_ours.contains(a))
                    .map(|&(a, b)| format!("{} - {} [cracked by 2.6]", who(r, a), who(r, b))),
            )
            .collect();
        let theirs: Vec<String> = only_file.iter().map(|&p| plays(p)).collect();
        Some(format!(
            "Art. {article}: {name}: passes on here {}; in the file {}",
            if ours.is_empty() {
                "nobody else".to_string()
            } else {
                ours.join(", ")
            },
            if theirs.is_empty() {
                "nobody else".to_string()
            } else {
                theirs.join(", ")
            }
        ))
    }

    /// The first pair the file makes differently, with the article that made the procedure's.
    fn pairs(&self) -> Option<String> {
        let (r, step, f, name) = (self.r, self.step, self.f, &self.name);
        let plays = |i: usize| self.plays(i);
        let members = &self.members;
        // The players still to pair when each pair is made.
        let mut remaining: Vec<usize> = members
            .iter()
            .copied()
            .filter(|p| step.floats.iter().all(|(q, _)| q != p))
            .collect();
        let kept = remaining.clone();
        for m in &step.pairs {
            let left = remaining.clone();
            remaining.retain(|&p| p != m.a && p != m.b);
            if step.cracked.contains(&(m.a, m.b)) {
                continue;
            }
            if f.opp.get(&m.a).map(|&(o, _)| o) == Some(m.b) {
                continue;
            }
            let theirs = f.opp.get(&m.a).map(|&(o, _)| o);
            let note = what_the_file_did(r, step, m, &left, theirs, &kept);
            let due = |i: usize| colour_word(r.players[i].due);
            // The colours due to the scrutinised player, to his opponent here and in the file.
            let dues = || {
                format!(
                    "{} is due {}; here {} (due {}), in the file {}",
                    r.players[m.a].id,
                    due(m.a),
                    r.players[m.b].id,
                    due(m.b),
                    f.opp
                        .get(&m.a)
                        .map_or("none".to_string(), |&(o, _)| format!(
                            "{} (due {})",
                            r.players[o].id,
                            due(o)
                        ))
                )
            };
            let (article, detail) = match m.how {
                How::FloaterColour | How::Floater => {
                    ("3.8", format!("the floater {}{note}", dues()))
                }
                How::Proposed => ("2.4/4.1", format!("the proposed pairing{note}")),
                How::Exchange => (
                    "4.1-4.3",
                    format!("the first available in the order of 4.2{note}"),
                ),
                How::Colour => (
                    "5.2",
                    format!(
                        "an exchange for colour in place of a nearer opponent: {}{note}",
                        dues()
                    ),
                ),
            };
            return Some(format!(
                "Art. {article}: {name}: {} plays {} here ({}); in the file {}: {detail}",
                who(r, m.a),
                who(r, m.b),
                m.how,
                plays(m.a)
            ));
        }
        None
    }
}

/// What the file's opponent `theirs` of the scrutinised player of `m` is among the players
/// `left` to pair: for a floater (3.8), whether he is the last player due the alternate colour
/// in the order of the direction (the other end of "the highest numbered"); for another player,
/// whether he is the proposed opponent (2.4) or the first compatible one in the order of 4.2,
/// the second scrutiny (5.2) left out.
fn what_the_file_did(
    r: &LimRound,
    step: &Step,
    m: &super::trace::Made,
    left: &[usize],
    theirs: Option<usize>,
    kept: &[usize],
) -> String {
    let Some(o) = theirs.filter(|o| left.contains(o)) else {
        return String::new();
    };
    let x = m.a;
    // The other reading of 4.2-4.3 beyond six players (reading 16 of docs/systems/lim.md): the
    // proposals made once for all the players the scoregroup keeps, its floaters among them,
    // and not afresh after each pair.
    let once = || {
        let mut arranged = kept.to_vec();
        step.direction.arrange(&r.players, &mut arranged);
        proposals_once(&arranged, x)
            .into_iter()
            .find(|&p| left.contains(&p) && r.compatible(x, p))
            == Some(o)
    };
    let once_note = "; the file's is the first compatible in the order of 4.2 with the proposals \
                     made once for the whole scoregroup, its floaters in the arrangement (not \
                     afresh after each pair)";
    match m.how {
        How::FloaterColour | How::Floater => {
            let mut order: Vec<usize> = left.iter().copied().filter(|&p| p != x).collect();
            step.direction.arrange(&r.players, &mut order);
            let last_due_alt = |alternating_only: bool| {
                order.iter().rev().copied().find(|&p| {
                    r.compatible(x, p)
                        && if alternating_only {
                            let (dx, dp) = (
                                alternating(&r.players[x].colours),
                                alternating(&r.players[p].colours),
                            );
                            dx.is_none() || dp.is_none() || dx != dp
                        } else {
                            super::colour::suits(r, x, p)
                        }
                })
            };
            let numbering = "the last of those due the alternate colour in the order of the \
                             direction (the lowest numbered downward, the highest upward)";
            if last_due_alt(false) == Some(o) {
                format!("; the file's is {numbering}")
            } else if r.round.is_multiple_of(2) && last_due_alt(true) == Some(o) {
                format!(
                    "; the file's is {numbering}, the colours due read by alternation alone \
                     (5.6 makes the equalising colour the due one in an even round)"
                )
            } else if r.round.is_multiple_of(2)
                && alternating(&r.players[x].colours) != r.players[x].due
            {
                "; by alternation alone the floater would be due the other colour (5.6 makes \
                 the equalising colour the due one in an even round)"
                    .into()
            } else if once() {
                once_note.into()
            } else {
                String::new()
            }
        }
        _ => {
            let mut arranged = left.to_vec();
            step.direction.arrange(&r.players, &mut arranged);
            let order = super::exchange::order(&arranged);
            let first_compatible = order.iter().copied().find(|&p| r.compatible(x, p));
            if order.first() == Some(&o) {
                "; the file keeps the proposed pairing".into()
            } else if first_compatible == Some(o) {
                "; the file's is the first compatible in the order of 4.2".into()
            } else if once() {
                once_note.into()
            } else {
                String::new()
            }
        }
    }
}

/// The opponents `x` tries in the order of 4.2 when the proposals of 2.4 are made once for
/// `arranged` (all the players a scoregroup keeps, in the order of scrutiny of the direction)
/// and kept: his proposed opponent, the rest of the other half in order, his own half from its
/// far end back.
fn proposals_once(arranged: &[usize], x: usize) -> Vec<usize> {
    let half = arranged.len() / 2;
    let Some(k) = arranged.iter().position(|&p| p == x) else {
        return Vec::new();
    };
    if half == 0 {
        return Vec::new();
    }
    let (own, other) = if k < half {
        (&arranged[..half], &arranged[half..])
    } else {
        (&arranged[half..], &arranged[..half])
    };
    let proposed = other[k % half];
    std::iter::once(proposed)
        .chain(other.iter().copied().filter(|&p| p != proposed))
        .chain(own.iter().rev().copied().filter(|&p| p != x))
        .collect()
}
