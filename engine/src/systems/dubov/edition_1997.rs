//! The Dubov system, 1997 text (dubov-1997.txt, approved by the 1997 General Assembly).
//!
//! Articles, and where they are implemented:
//! - 1 due colour: [`due_colour`]; ARO: `super::Aro::cmp_exact` (exact averages).
//! - 2.1 no rematch, 2.3 colour difference within ±2, 2.4 never three times the same colour
//!   (a pair is allowed when some colour allocation meets both): [`compatible`], [`legal`].
//! - 2.2 no bye after a point without playing; 4 the bye: [`choose_bye`].
//! - 2.5 the transfer limits: [`may_transfer_up`]; 2.6: [`may_switch`].
//! - 3 colour allocation: [`white_first`].
//! - 5 the first round: `super::first_round`.
//! - 6.2-6.3 the two columns and their improvements: `super::first_assignment`; 6.4 the
//!   floaters, 7.1-7.4 the transfers, 8 the floaters' pairing: [`pair_group`].
//!
//! Readings where the text is silent (docs/systems/dubov.md):
//! - A player without games has no due colour; he is counted with the Black column (as the
//!   2026 edition's 1.6.4 says) and 2.6 never stops his transfer.
//! - 4 names no way out when the chosen player leaves the others unpairable; 9 asks for the
//!   spirit of the rules: the next candidate in the 4 order is taken.
//! - When a group's pairing would leave the players below unpairable (the text assumes it
//!   never happens), the group and everybody below are paired together (9), in the 6.2 order.

use super::{first_assignment, first_round, Entrant, Round};
use crate::history::Edition;
use crate::model::{Color, PlayerId, Tournament};
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::systems::common::completion::perfect_pairing;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// 1: the due colour; `None` for a player without games.
fn due_colour(p: &Entrant) -> Option<Color> {
    match p.difference.cmp(&0) {
        Ordering::Less => Some(Color::White),
        Ordering::Greater => Some(Color::Black),
        Ordering::Equal => p.colors.last().map(|c| c.opposite()),
    }
}

/// The column a player is counted in: his due colour, Black without games (reading).
fn column(p: &Entrant) -> Color {
    due_colour(p).unwrap_or(Color::Black)
}

/// 2.3 and 2.4: may `p` receive `c`?
fn legal(p: &Entrant, c: Color) -> bool {
    let d = p.difference + if c == Color::White { 1 } else { -1 };
    let third = matches!(p.colors.as_slice(), [.., a, b] if *a == c && *b == c);
    d.abs() <= 2 && !third
}

/// 2.1 is checked by the round; 2.3-2.4: some colour allocation suits both.
fn compatible(a: &Entrant, b: &Entrant) -> bool {
    (legal(a, Color::White) && legal(b, Color::Black))
        || (legal(a, Color::Black) && legal(b, Color::White))
}

/// 2.6: a player may be moved to the other colour column only when he can take that colour.
fn may_switch(p: &Entrant) -> bool {
    legal(p, column(p).opposite())
}

/// 2.5: apart from the last round, not transferred up two rounds running, nor more than three
/// times (fewer than 10 rounds) or four times (more than 9 rounds).
fn may_transfer_up(r: &Round, p: &Entrant) -> bool {
    if r.last_round() {
        return true;
    }
    let limit = if r.total_rounds.unwrap_or(0) > 9 {
        4
    } else {
        3
    };
    !p.upfloated_last && p.upfloats < limit
}

/// 6.2: the White column's order (ARO ascending, R ascending, name).
fn white_order(a: &Entrant, b: &Entrant) -> Ordering {
    a.aro
        .cmp_exact(b.aro)
        .then(a.rating.cmp(&b.rating))
        .then(a.name.cmp(&b.name))
        .then(a.id.cmp(&b.id))
}

/// 6.2: the Black column's order (R descending, ARO descending, name).
fn black_order(a: &Entrant, b: &Entrant) -> Ordering {
    b.rating
        .cmp(&a.rating)
        .then(b.aro.cmp_exact(a.aro))
        .then(a.name.cmp(&b.name))
        .then(a.id.cmp(&b.id))
}

/// 7.1, 7.2, 8.2: the transfer preference: highest R, then lowest ARO (then TPN).
fn transfer_order(a: &Entrant, b: &Entrant) -> Ordering {
    b.rating
        .cmp(&a.rating)
        .then(a.aro.cmp_exact(b.aro))
        .then(a.id.cmp(&b.id))
}

/// The Dubov System, 1997 text.
pub(crate) struct Dubov1997;

impl PairingSystem for Dubov1997 {
    type Round = Round;

    fn info(&self) -> Info {
        Info {
            name: "dubov-1997",
            label: "Dubov 1997",
            aliases: &[],
            title: "Dubov System, 1997 General Assembly text",
            codes_192: &[],
            text_092: "Individual  Swiss Dubov 1997 rules",
            // A `092` naming Dubov with the year 1997 asks for the 1997 text.
            names_in_092: |c| c.contains("DUBOV") && c.contains("1997"),
            invariants: Invariants {
                // 2.2: "a player who has received a point without playing shall not receive a
                // bye", read as the Basic Rules' Art. 4.
                bye: ByeRule::ByeOrWinWithoutPlaying,
                // 2.3-2.4, without exception.
                colours: ColourRule::PerPlayer {
                    topscorer_exempt: false,
                    last_round_exempt: false,
                },
                lowest_bye_score: false,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Round, PairingError> {
        Round::prepare(t, req, Edition::Y2017, compatible)
    }

    fn pair(&self, t: &Tournament, req: &Request, r: &Round) -> Result<Diagnosed, PairingError> {
        pair_traced(t, req, r).map(|(p, _)| p.into())
    }

    /// The articles applied, step by step (the pairing is computed again).
    fn explain(&self, t: &Tournament, req: &Request, _pairing: &Pairing) -> String {
        let mut s = String::new();
        match self.prepare(t, req).and_then(|r| pair_traced(t, req, &r)) {
            Err(e) => {
                let _ = writeln!(s, "round {}: {e}", req.round);
            }
            Ok((_, trace)) => {
                let _ = writeln!(s, "Dubov 1997, round {}", req.round);
                for line in trace {
                    let _ = writeln!(s, "{line}");
                }
            }
        }
        s
    }
}

/// 5: the halves' pairs with the drawn colour for the odd pairs (upper player first).
fn first_round_pairing(
    t: &Tournament,
    req: &Request,
    r: &Round,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    mut trace: Vec<String>,
) -> (Pairing, Vec<String>) {
    let games = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            if (k % 2 == 0) == (r.initial == Color::White) {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    trace.push("5: first round, upper half against lower half".to_string());
    let mut p = Pairing { games, bye };
    p.sort_boards(t, req.round);
    (p, trace)
}

fn pair_traced(
    t: &Tournament,
    req: &Request,
    r: &Round,
) -> Result<(Pairing, Vec<String>), PairingError> {
    let mut trace = Vec::new();
    let n = r.players.len();
    if r.players.iter().all(|p| p.played == 0) {
        // 5: upper half against lower half, the drawn colour for the odd pairs.
        let mut ids: Vec<_> = r.players.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        let (pairs, bye) = first_round(&ids);
        // Art. 5 presupposes a field without limitations. A forbidden pair (2.1) or a bye 2.2
        // bars leaves it to the standard procedure of 6, which honours them.
        let at = |id: PlayerId| r.players.iter().position(|p| p.id == id);
        let allowed = pairs.iter().all(|&(a, b)| match (at(a), at(b)) {
            (Some(i), Some(j)) => r.compat[i][j],
            _ => false,
        }) && bye.is_none_or(|b| at(b).is_some_and(|i| !r.players[i].unplayed_point));
        if allowed {
            return Ok(first_round_pairing(t, req, r, &pairs, bye, trace));
        }
        trace.push("5: the first round's halves break 2.1 or 2.2; the procedure of 6".to_string());
    }
    let mut left: Vec<usize> = (0..n).collect();
    let bye = if n % 2 == 1 {
        let b = choose_bye(r, &left)?;
        left.retain(|&i| i != b);
        trace.push(format!("4: bye {}", r.players[b].id));
        Some(b)
    } else {
        None
    };
    let mut games = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    while !left.is_empty() || !floaters.is_empty() {
        let score = left.first().map(|&i| r.players[i].score);
        let mut group: Vec<usize> = floaters.clone();
        group.extend(
            left.iter()
                .copied()
                .filter(|&i| Some(r.players[i].score) == score),
        );
        left.retain(|i| !group.contains(i));
        let unpaired: Vec<usize> = group.iter().chain(&left).copied().collect();
        let (pairs, down) = pair_group(r, &group, &floaters, &mut left, &mut trace)?;
        // 9: a pairing that leaves the players below unpairable is not taken; the group and
        // everybody below are then paired as one.
        let mut rest: Vec<usize> = left.iter().chain(&down).copied().collect();
        rest.sort_unstable();
        let pairs = if r.pairable(&rest) {
            floaters = down;
            pairs
        } else {
            let mut all = unpaired;
            all.sort_by(|&a, &b| white_order(&r.players[a], &r.players[b]));
            left.clear();
            floaters.clear();
            trace.push("9: the remaining players paired as one group".into());
            perfect_pairing(&all, |a, b| r.compat[a][b]).ok_or_else(|| {
                PairingError::NoValidPairing("the round cannot be completed".into())
            })?
        };
        for (a, b) in pairs {
            let (w, bl) = if white_first(r, a, b) { (a, b) } else { (b, a) };
            games.push((r.players[w].id, r.players[bl].id));
        }
        if left.is_empty() && !floaters.is_empty() && floaters.len() % 2 == 1 {
            return Err(PairingError::NoValidPairing(
                "a floater is left at the bottom".into(),
            ));
        }
    }
    let mut p = Pairing {
        games,
        bye: bye.map(|b| r.players[b].id),
    };
    p.sort_boards(t, req.round);
    Ok((p, trace))
}

/// 4: the bye goes to the player of the lowest score group with the lowest R; among equal R the
/// one due the dominating colour, then the higher ARO. 2.2: not after a point without playing.
fn choose_bye(r: &Round, left: &[usize]) -> Result<usize, PairingError> {
    let mut cands: Vec<usize> = left
        .iter()
        .copied()
        .filter(|&i| !r.players[i].unplayed_point)
        .collect();
    let dominating = |i: usize| {
        let s = r.players[i].score;
        let group: Vec<&Entrant> = left
            .iter()
            .map(|&j| &r.players[j])
            .filter(|p| p.score == s)
            .collect();
        let whites = group.iter().filter(|p| column(p) == Color::White).count();
        let dom = if whites * 2 > group.len() {
            Color::White
        } else {
            Color::Black
        };
        column(&r.players[i]) != dom
    };
    cands.sort_by(|&a, &b| {
        let (pa, pb) = (&r.players[a], &r.players[b]);
        pa.score
            .cmp(&pb.score)
            .then(pa.rating.cmp(&pb.rating))
            .then(dominating(a).cmp(&dominating(b)))
            .then(pb.aro.cmp_exact(pa.aro))
            .then(pb.id.cmp(&pa.id))
    });
    r.first_bye(left, &cands)
        .ok_or_else(|| PairingError::NoValidPairing("no player may take the bye (2.2, 4)".into()))
}

/// Takes from `left` (the lower groups, in score order) the first player, by the next possible
/// lower score group and then `better`, who may be transferred up (2.5) and `fits`.
fn transfer(
    r: &Round,
    left: &mut Vec<usize>,
    fits: &dyn Fn(usize) -> bool,
    better: &dyn Fn(&Entrant, &Entrant) -> Ordering,
) -> Option<usize> {
    let mut start = 0;
    while start < left.len() {
        let s = r.players[left[start]].score;
        let end = start
            + left[start..]
                .iter()
                .take_while(|&&i| r.players[i].score == s)
                .count();
        let best = left[start..end]
            .iter()
            .copied()
            .filter(|&i| may_transfer_up(r, &r.players[i]) && fits(i))
            .min_by(|&a, &b| better(&r.players[a], &r.players[b]));
        if let Some(b) = best {
            left.retain(|&i| i != b);
            return Some(b);
        }
        start = end;
    }
    None
}

/// A group's pairs and the players who float down.
type GroupPairing = (Vec<(usize, usize)>, Vec<usize>);

/// Pairs one score group (6-8): `group` holds the residents and the `floaters` from above;
/// players may be transferred up from `left`. Returns the pairs and the players who float
/// down (6.4).
fn pair_group(
    r: &Round,
    group: &[usize],
    floaters: &[usize],
    left: &mut Vec<usize>,
    trace: &mut Vec<String>,
) -> Result<GroupPairing, PairingError> {
    let mut g: Vec<usize> = group.to_vec();
    let id = |i: usize| r.players[i].id;
    // 7.1: a player who has played everybody in his group gets a transferred opponent.
    let lonely: Vec<usize> = g
        .iter()
        .copied()
        .filter(|&i| !g.iter().any(|&j| r.compat[i][j]))
        .collect();
    for p in lonely {
        let due = column(&r.players[p]);
        let fits = |j: usize| r.compat[p][j];
        let better = |a: &Entrant, b: &Entrant| {
            (column(a) == due)
                .cmp(&(column(b) == due))
                .then(transfer_order(a, b))
        };
        if let Some(x) = transfer(r, left, &fits, &better) {
            trace.push(format!("7.1: {} transferred up for {}", id(x), id(p)));
            g.push(x);
        }
    }
    // 7.2: an odd group gets a player from the next possible lower group.
    if g.len() % 2 == 1 {
        let whites = g
            .iter()
            .filter(|&&i| column(&r.players[i]) == Color::White)
            .count();
        let dom = if whites * 2 > g.len() {
            Color::White
        } else {
            Color::Black
        };
        let members = g.clone();
        let fits = |j: usize| members.iter().any(|&m| r.compat[m][j]);
        let better = |a: &Entrant, b: &Entrant| {
            (column(a) == dom)
                .cmp(&(column(b) == dom))
                .then(transfer_order(a, b))
        };
        if let Some(x) = transfer(r, left, &fits, &better) {
            trace.push(format!("7.2: {} transferred up", id(x)));
            g.push(x);
        }
    }
    // Columns by due colour; 7.3 / 7.4 balance them (2.6).
    let (mut whites, mut blacks): (Vec<usize>, Vec<usize>) = g
        .iter()
        .partition(|&&i| column(&r.players[i]) == Color::White);
    balance(r, &mut whites, &mut blacks, trace);
    whites.sort_by(|&a, &b| white_order(&r.players[a], &r.players[b]));
    blacks.sort_by(|&a, &b| black_order(&r.players[a], &r.players[b]));
    let mut pairs = Vec::new();
    let mut paired = vec![false; r.players.len()];
    // 8: the floaters first, alternating from the highest White floater; each with the player
    // of highest R (the opposite column if possible, then lowest ARO) he may meet.
    let fw: Vec<usize> = whites
        .iter()
        .copied()
        .filter(|i| floaters.contains(i))
        .collect();
    let fb: Vec<usize> = blacks
        .iter()
        .copied()
        .filter(|i| floaters.contains(i))
        .collect();
    let mut order: Vec<usize> = Vec::new();
    for k in 0..fw.len().max(fb.len()) {
        order.extend(fw.get(k));
        order.extend(fb.get(k));
    }
    for f in order {
        if paired[f] {
            continue;
        }
        let others: Vec<usize> = g
            .iter()
            .copied()
            .filter(|&j| j != f && !paired[j] && r.compat[f][j])
            .collect();
        let fc = column(&r.players[f]);
        let choice = others.iter().copied().min_by(|&a, &b| {
            (column(&r.players[a]) == fc)
                .cmp(&(column(&r.players[b]) == fc))
                .then(transfer_order(&r.players[a], &r.players[b]))
        });
        if let Some(o) = choice {
            paired[f] = true;
            paired[o] = true;
            pairs.push((f, o));
            trace.push(format!("8: floater {} plays {}", id(f), id(o)));
        }
    }
    whites.retain(|&i| !paired[i]);
    blacks.retain(|&i| !paired[i]);
    // 6.2-6.3: the columns, row by row.
    if whites.len() == blacks.len() {
        if let Some(col) = first_assignment(&whites, &blacks, &|a, b| r.compat[a][b]) {
            pairs.extend(whites.iter().copied().zip(col));
            return Ok((pairs, Vec::new()));
        }
    }
    // 6.3 "we look for an opponent for him" beyond the columns: the most pairs in the group;
    // 6.4 chooses who floats down: first players who were not floaters and can be paired in
    // the next lower score group, then not floaters who cannot, then floaters who can, then
    // floaters who cannot.
    let rest: Vec<usize> = whites.iter().chain(&blacks).copied().collect();
    let next: Vec<usize> = left
        .iter()
        .copied()
        .take_while(|&i| {
            left.first()
                .is_some_and(|&f| r.players[f].score == r.players[i].score)
        })
        .collect();
    let rank = |i: usize| {
        let can = next.iter().any(|&j| r.compat[i][j]);
        2 * u8::from(floaters.contains(&i)) + u8::from(!can)
    };
    let (mut got, mut down) = max_pairs(r, &rest, &rank);
    pairs.append(&mut got);
    down.sort_by_key(|&i| (rank(i), r.players[i].id));
    Ok((pairs, down))
}

/// The most pairs among `who` (a maximum matching) and the players left over: among the
/// maximum pairings, the one leaving the players of lowest `rank` (the 6.4 preference to
/// float), compared from the worst rank down.
fn max_pairs(r: &Round, who: &[usize], rank: &dyn Fn(usize) -> u8) -> GroupPairing {
    let n = who.len();
    // Pairing a player of rank k is worth (n+1)^k: leaving one of a worse rank unpaired costs
    // more than leaving all of the better ranks.
    let base = n as i64 + 1;
    let worth = |i: usize| base.pow(u32::from(rank(i)));
    let mut edges = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            if r.compat[who[x]][who[y]] {
                edges.push((x, y, worth(who[x]) + worth(who[y])));
            }
        }
    }
    let mate = crate::matching::max_weight_matching(n, &edges, true);
    let pairs = (0..n)
        .filter_map(|x| mate[x].filter(|&y| x < y).map(|y| (who[x], who[y])))
        .collect();
    let rest = (0..n)
        .filter(|&x| mate[x].is_none())
        .map(|x| who[x])
        .collect();
    (pairs, rest)
}

/// 7.3 / 7.4: with 2n more Whites than Blacks, the n Whites of lowest ARO (then higher R,
/// then name) move to the Black column; with 2n more Blacks, the n Blacks of highest ARO (then
/// lower R, then name). 2.6: only players who may take the other colour move.
fn balance(r: &Round, whites: &mut Vec<usize>, blacks: &mut Vec<usize>, trace: &mut Vec<String>) {
    let p = |i: usize| &r.players[i];
    // 7.3: lowest ARO, then higher R, then name.
    let from_whites = |a: usize, b: usize| {
        p(a).aro
            .cmp_exact(p(b).aro)
            .then(p(b).rating.cmp(&p(a).rating))
            .then(p(a).name.cmp(&p(b).name))
    };
    // 7.4: highest ARO, then lower R, then name.
    let from_blacks = |a: usize, b: usize| {
        p(b).aro
            .cmp_exact(p(a).aro)
            .then(p(a).rating.cmp(&p(b).rating))
            .then(p(a).name.cmp(&p(b).name))
    };
    move_excess(
        r,
        whites,
        blacks,
        &from_whites,
        "7.3: {} to the Black column",
        trace,
    );
    move_excess(
        r,
        blacks,
        whites,
        &from_blacks,
        "7.4: {} to the White column",
        trace,
    );
}

/// Moves players from the longer column `from` to `to`, the first by `order` among those 2.6
/// lets move, until the columns differ by at most one.
fn move_excess(
    r: &Round,
    from: &mut Vec<usize>,
    to: &mut Vec<usize>,
    order: &dyn Fn(usize, usize) -> Ordering,
    what: &str,
    trace: &mut Vec<String>,
) {
    while from.len() > to.len() + 1 {
        let pick = from
            .iter()
            .copied()
            .filter(|&i| may_switch(&r.players[i]))
            .min_by(|&a, &b| order(a, b));
        let Some(x) = pick else { break };
        from.retain(|&i| i != x);
        to.push(x);
        trace.push(what.replace("{}", &r.players[x].id.to_string()));
    }
}

/// 3: true when `a` gets White against `b`. Only allocations meeting 2.3-2.4 are considered.
fn white_first(r: &Round, a: usize, b: usize) -> bool {
    let (pa, pb) = (&r.players[a], &r.players[b]);
    let a_white_ok = legal(pa, Color::White) && legal(pb, Color::Black);
    let a_black_ok = legal(pa, Color::Black) && legal(pb, Color::White);
    if a_white_ok != a_black_ok {
        return a_white_ok;
    }
    // Both their due colours.
    match (due_colour(pa), due_colour(pb)) {
        (Some(x), Some(y)) if x != y => return x == Color::White,
        (Some(x), None) => return x == Color::White,
        (None, Some(y)) => return y == Color::Black,
        _ => {}
    }
    // Equalise the numbers of Black and White games.
    if pa.difference != pb.difference {
        return pa.difference < pb.difference;
    }
    // Alternate to the first difference going back from the previous round.
    for k in 1..=pa.colors.len().min(pb.colors.len()) {
        let (ca, cb) = (
            pa.colors[pa.colors.len() - k],
            pb.colors[pb.colors.len() - k],
        );
        if ca != cb {
            return ca == Color::Black;
        }
    }
    // White to the higher ARO, then to the lower R, then (reading) the smaller TPN.
    match pa.aro.cmp_exact(pb.aro) {
        Ordering::Greater => return true,
        Ordering::Less => return false,
        Ordering::Equal => {}
    }
    if pa.rating != pb.rating {
        return pa.rating < pb.rating;
    }
    pa.id < pb.id
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, entrant, ids, round};
    use super::super::Aro;
    use super::*;

    fn group(r: &Round, floaters: &[usize]) -> (Vec<(u32, u32)>, Vec<u32>, Vec<String>) {
        let score = r.players[0].score;
        let g: Vec<usize> = (0..r.players.len())
            .filter(|&i| r.players[i].score == score)
            .collect();
        let mut left: Vec<usize> = (0..r.players.len()).filter(|i| !g.contains(i)).collect();
        let mut trace = Vec::new();
        let (pairs, down) = pair_group(r, &g, floaters, &mut left, &mut trace).expect("paired");
        (
            ids(r, &pairs),
            down.iter().map(|&i| r.players[i].id).collect(),
            trace,
        )
    }

    /// 6.2's example: six players due White by increasing ARO (2310.0 … 2344.6), six due
    /// Black by decreasing R (2380 … 2250), paired row by row.
    fn example_6_2() -> Vec<Entrant> {
        let aros = [23446, 23405, 23337, 23223, 23184, 23100]; // tenths, given in reverse
        let mut players = Vec::new();
        for (k, &a) in aros.iter().enumerate() {
            let mut p = entrant(k as u32 + 1, 2200, 2, &[], "WB");
            p.aro = Aro { sum: a, games: 10 };
            players.push(p);
        }
        for (k, &rating) in [2250, 2260, 2280, 2300, 2365, 2380].iter().enumerate() {
            players.push(entrant(k as u32 + 7, rating, 2, &[2300], "BW"));
        }
        players
    }

    #[test]
    fn example_of_6_2_pairs_row_by_row() {
        let r = round(example_6_2(), &[], compatible, 3, 9);
        // Whites by ARO: 6 (2310.0), 5 (2318.4), 4, 3, 2, 1 (2344.6); blacks by R: 12 (2380),
        // 11 (2365), 10 (2300), 9, 8, 7 (2250).
        let (pairs, down, _) = group(&r, &[]);
        assert_eq!(
            pairs,
            vec![(6, 12), (5, 11), (4, 10), (3, 9), (2, 8), (1, 7)]
        );
        assert!(down.is_empty());
    }

    #[test]
    fn improvements_of_6_3_take_the_first_black_not_met() {
        // White row 1 (player 6) has met black row 1 (12): he takes the first black he has not
        // met, 11; row 2 (player 5) then takes the first black left in the column, 12 (our
        // reading of 6.3: every row takes the first remaining black it may meet, in column
        // order). Row 6 (player 1) has met 7 and 8, so row 4 (player 3) cannot keep 9: rows 5
        // and 6 would be left with 8 and 7, both met by player 1 (6.3 "we change the pairing
        // in row k-1, if this does not work, in row k-2"). Row 4 takes 8, row 5 7, row 6 9.
        let r = round(example_6_2(), &[(6, 12), (1, 7), (1, 8)], compatible, 3, 9);
        let (pairs, _, _) = group(&r, &[]);
        assert_eq!(
            pairs,
            vec![(6, 11), (5, 12), (4, 10), (3, 8), (2, 7), (1, 9)]
        );
    }

    #[test]
    fn transfer_7_3_moves_the_lowest_aro_white() {
        // Six players: four due White (1-4, AROs 2000, 2100, 2200, 2300), two due Black (5, 6).
        // 7.3: 2n = 2, so the White with the lowest ARO (player 1) joins the Black column.
        let mut players = Vec::new();
        for (k, aro) in [2000, 2100, 2200, 2300].iter().enumerate() {
            players.push(entrant(k as u32 + 1, 2000 + k as u32, 2, &[*aro], "B"));
        }
        players.push(entrant(5, 2400, 2, &[2000], "W"));
        players.push(entrant(6, 2500, 2, &[2000], "W"));
        let r = round(players, &[], compatible, 2, 9);
        let (pairs, _, trace) = group(&r, &[]);
        assert!(
            trace.iter().any(|t| t == "7.3: 1 to the Black column"),
            "{trace:?}"
        );
        // Whites 2, 3, 4 by ARO; blacks 6 (2500), 5 (2400), 1 (2000) by R.
        assert_eq!(pairs, vec![(2, 6), (3, 5), (4, 1)]);
    }

    #[test]
    fn transfer_7_4_moves_the_highest_aro_black() {
        let mut players = Vec::new();
        for (k, aro) in [2000, 2100, 2200, 2300].iter().enumerate() {
            players.push(entrant(k as u32 + 1, 2000 + k as u32, 2, &[*aro], "W"));
        }
        players.push(entrant(5, 2400, 2, &[2000], "B"));
        players.push(entrant(6, 2500, 2, &[2050], "B"));
        let r = round(players, &[], compatible, 2, 9);
        let (pairs, _, trace) = group(&r, &[]);
        // 7.4: the Black of highest ARO (player 4, 2300) moves to the White column.
        assert!(
            trace.iter().any(|t| t == "7.4: 4 to the White column"),
            "{trace:?}"
        );
        // Whites by ARO: 5 (2000), 6 (2050), 4 (2300); blacks by R: 3, 2, 1.
        assert_eq!(pairs, vec![(5, 3), (6, 2), (4, 1)]);
    }

    #[test]
    fn limitation_2_6_keeps_a_player_who_cannot_switch() {
        // Player 1 has the lowest ARO but had Black twice (BB): he cannot take Black (2.4), so
        // 7.3 moves player 2 instead.
        let mut players = vec![entrant(1, 2000, 2, &[1900, 1900], "BB")];
        for (k, aro) in [2100, 2200, 2300].iter().enumerate() {
            players.push(entrant(k as u32 + 2, 2000, 2, &[*aro, *aro], "WB"));
        }
        players.push(entrant(5, 2400, 2, &[2000, 2000], "BW"));
        players.push(entrant(6, 2500, 2, &[2000, 2000], "BW"));
        let r = round(players, &[], compatible, 3, 9);
        let (_, _, trace) = group(&r, &[]);
        assert!(
            trace.iter().any(|t| t == "7.3: 2 to the Black column"),
            "{trace:?}"
        );
    }

    #[test]
    fn transfer_7_2_brings_the_opposite_colour_of_highest_rating() {
        // Group of 3 on 1 point: 1 and 2 due White (dominating), 3 due Black. Lower group: 4
        // (due White, R 2500), 5 (due Black, R 2100), 6 (due Black, R 2300). 7.2: due Black
        // first, then highest R: player 6.
        let players = vec![
            entrant(1, 2000, 2, &[2000], "B"),
            entrant(2, 2000, 2, &[2000], "B"),
            entrant(3, 2000, 2, &[2000], "W"),
            entrant(4, 2500, 0, &[2000], "B"),
            entrant(5, 2100, 0, &[2000], "W"),
            entrant(6, 2300, 0, &[2000], "W"),
        ];
        let r = round(players, &[], compatible, 2, 9);
        let (_, _, trace) = group(&r, &[]);
        assert_eq!(trace, vec!["7.2: 6 transferred up".to_string()]);
    }

    #[test]
    fn limitation_2_5_bars_a_second_transfer_running() {
        // As above, but player 6 was transferred up in the previous round: 5 comes instead.
        let mut six = entrant(6, 2300, 0, &[2000], "W");
        six.upfloated_last = true;
        six.upfloats = 1;
        let players = vec![
            entrant(1, 2000, 2, &[2000], "B"),
            entrant(2, 2000, 2, &[2000], "B"),
            entrant(3, 2000, 2, &[2000], "W"),
            entrant(4, 2500, 0, &[2000], "B"),
            entrant(5, 2100, 0, &[2000], "W"),
            six,
        ];
        let r = round(players, &[], compatible, 2, 9);
        let (_, _, trace) = group(&r, &[]);
        assert_eq!(trace, vec!["7.2: 5 transferred up".to_string()]);
        // In the last round 2.5 does not apply.
        let mut r = r;
        r.round = 9;
        let (_, _, trace) = group(&r, &[]);
        assert_eq!(trace, vec!["7.2: 6 transferred up".to_string()]);
    }

    #[test]
    fn transfer_7_1_for_a_player_who_met_his_whole_group() {
        // 1 has met 2 and 3 in his group of four; 7.1 brings the lower player he has not met,
        // opposite due colour first (1 is due White: 5, due Black, over 6 of higher R).
        let players = vec![
            entrant(1, 2000, 4, &[2000, 2000], "WB"),
            entrant(2, 2000, 4, &[2000, 2000], "BW"),
            entrant(3, 2000, 4, &[2000, 2000], "BW"),
            entrant(4, 2000, 4, &[2000, 2000], "WB"),
            entrant(5, 2100, 2, &[2000, 2000], "BW"),
            entrant(6, 2300, 2, &[2000, 2000], "WB"),
        ];
        let r = round(players, &[(1, 2), (1, 3), (1, 4)], compatible, 3, 9);
        let (pairs, _, trace) = group(&r, &[]);
        assert_eq!(trace[0], "7.1: 5 transferred up for 1");
        assert!(
            pairs.contains(&(1, 5)) || pairs.contains(&(5, 1)),
            "{pairs:?}"
        );
    }

    #[test]
    fn floaters_of_8_meet_the_highest_rating() {
        // A floater from above (7, due White) meets the player of highest R with the opposite
        // due colour in the group (8.2): 3 (R 2400, due Black) rather than 1 (R 2500, due
        // White). Before that, 7.3 balances the columns (three due White, one due Black):
        // among equal AROs the higher R, player 1, joins the Black column.
        let players = vec![
            entrant(7, 2000, 4, &[2000, 2000], "WB"),
            entrant(1, 2500, 2, &[2000, 2000], "WB"),
            entrant(2, 2100, 2, &[2000, 2000], "WB"),
            entrant(3, 2400, 2, &[2000, 2000], "BW"),
        ];
        let mut r = round(players, &[], compatible, 3, 9);
        let f = at(&r, 7);
        r.players[f].score = r.players[at(&r, 1)].score;
        let (pairs, _, trace) = group(&r, &[f]);
        assert_eq!(
            trace,
            ["7.3: 1 to the Black column", "8: floater 7 plays 3"]
        );
        assert_eq!(pairs, vec![(7, 3), (2, 1)]);
    }

    #[test]
    fn floaters_of_6_4_by_preference() {
        // Three players who may all meet, one must float down. 6.4 prefers to float a player
        // who was no floater and can be paired below (2), before one who cannot be paired
        // below (1), before a floater from above (3).
        let players = vec![
            entrant(1, 2000, 2, &[2000], "W"),
            entrant(2, 2000, 2, &[2000], "B"),
            entrant(3, 2000, 2, &[2000], "W"),
        ];
        let r = round(players, &[], compatible, 2, 9);
        let rank = |i: usize| match r.players[i].id {
            1 => 1,
            2 => 0,
            _ => 2,
        };
        let (pairs, down) = max_pairs(&r, &[0, 1, 2], &rank);
        assert_eq!(ids(&r, &pairs), vec![(1, 3)]);
        assert_eq!(down, vec![at(&r, 2)]);
    }

    #[test]
    fn limitations_2_3_and_2_4() {
        let p = entrant(1, 2000, 0, &[], "WW");
        assert!(!legal(&p, Color::White) && legal(&p, Color::Black));
        let q = entrant(2, 2000, 0, &[], "WBWW");
        assert!(!legal(&q, Color::White));
        let d = entrant(3, 2000, 0, &[], "BWBBWB");
        assert_eq!(d.difference, -2);
        assert!(!legal(&d, Color::Black) && legal(&d, Color::White));
        // Two players who may only have White cannot meet.
        assert!(!compatible(&d, &entrant(4, 2000, 0, &[], "BB")));
        assert!(compatible(&d, &p));
    }

    #[test]
    fn colour_allocation_of_3() {
        let r = round(
            vec![
                entrant(1, 2000, 2, &[2000], "B"),        // due White
                entrant(2, 2000, 2, &[2000], "W"),        // due Black
                entrant(3, 2000, 2, &[2000, 2100], "BW"), // due White
                entrant(4, 2100, 2, &[2000, 2000], "WB"), // due White, lower ARO
                entrant(5, 2000, 2, &[2000, 2000], "WB"), // same as 4, lower R
            ],
            &[],
            compatible,
            3,
            9,
        );
        let w = |a, b| white_first(&r, at(&r, a), at(&r, b));
        assert!(w(1, 2)); // both due colours
                          // 3 (BW) and 4 (WB) both due White, equal numbers: alternate from the last round, 3
                          // had White last, so 4 gets White.
        assert!(!w(3, 4));
        // 4 and 5: identical histories; white to the higher ARO: equal; to the lower R: 5.
        assert!(w(5, 4));
    }

    #[test]
    fn the_bye_of_4() {
        // Lowest score group {3, 4, 5}; lowest R 1900 shared by 4 and 5; the group's dominating
        // due colour is White (3 and 4): 4 gets the bye.
        let players = vec![
            entrant(1, 1800, 2, &[2000], "B"),
            entrant(2, 1800, 2, &[2000], "B"),
            entrant(3, 2000, 0, &[2000], "B"),
            entrant(4, 1900, 0, &[2000], "B"),
            entrant(5, 1900, 0, &[2000], "W"),
        ];
        let r = round(players, &[], compatible, 2, 9);
        let left: Vec<usize> = (0..5).collect();
        assert_eq!(r.players[choose_bye(&r, &left).expect("bye")].id, 4);
        // Equal R and due colour: the higher ARO.
        let players = vec![
            entrant(1, 1800, 2, &[2000], "B"),
            entrant(2, 1800, 2, &[2000], "B"),
            entrant(3, 1900, 0, &[2000], "W"),
            entrant(4, 1900, 0, &[2000], "B"),
            entrant(5, 1900, 0, &[2100], "B"),
        ];
        let r = round(players, &[], compatible, 2, 9);
        assert_eq!(r.players[choose_bye(&r, &left).expect("bye")].id, 5);
        // 2.2: not after a point without playing.
        let mut r = r;
        let five = at(&r, 5);
        r.players[five].unplayed_point = true;
        assert_eq!(r.players[choose_bye(&r, &left).expect("bye")].id, 4);
    }

    #[test]
    fn first_round_of_5_with_the_drawn_colour() {
        let mut text = String::from("012 T\nXXR 5\nXXC black1\n");
        for id in 1..=5 {
            text.push_str(&format!(
                "001 {id:>4}      P{id:<32}{:>4}\n",
                2500 - id * 10
            ));
        }
        let t = crate::trf::read_str(&text).expect("valid TRF");
        let req = Request::next_round(&t);
        let r = Dubov1997.prepare(&t, &req).expect("prepared");
        let p = Dubov1997.pair(&t, &req, &r).expect("paired").pairing;
        // 1-3 and 2-4; the first pair has the drawn colour (Black for 1), the second the other.
        assert_eq!(p.games, vec![(3, 1), (2, 4)]);
        assert_eq!(p.bye, Some(5));
    }
}
