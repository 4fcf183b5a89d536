//! The FIDE Swiss System based on rating, approved by the 1992, 1997 and 1998 General
//! Assemblies (`../shared/reference/swiss-rating-based-1998.txt`), the predecessor of the Dutch
//! system.
//!
//! Articles implemented, and where:
//! - A.1-A.2 (here, `prepare`): players ranked by score, then rating, then FIDE title
//!   (GM-WGM-IM-WIM-FM-WFM-none), then name, then pairing number (a last, deterministic key);
//! - A.3, A.6 (`bracket`): homogeneous and heterogeneous brackets, S1 and S2, the remainder; a
//!   bracket with at least half of its players moved down is paired as homogeneous;
//! - A.4-A.5 (here, `float_of`): a float is written when players with unequal scores are paired
//!   (the higher a downfloat, the lower an upfloat, also when the game is then forfeited: the
//!   float belongs to the pairing card), and the bye is a downfloat; other unplayed rounds give
//!   no float. B.5 looks one round back, B.6 two;
//! - A.7 (here): colour preferences as `history::PlayerHistory::preference` computes them
//!   (absolute beyond ±1 or after two games of the same colour, strong at ±1, mild at 0), except
//!   that a player over 50% in the last round has no absolute preference (his preference is the
//!   strong or mild one of A.7.b-c);
//! - A.8, B.4 (`bracket::x_of`): x = max(w, b) - q, at least 0; a candidate has at most x pairs
//!   of two players preferring the same colour;
//! - A.9, D.1-D.2 (`bracket` the order, `search` and `completion` the decisions): transpositions
//!   of S2 in ascending order, exchanges by size, then difference of the numbers, then the
//!   lowest S1 players, then S2 top down;
//! - B.1-B.2 (here, `Round98::pairable`): no second meeting (or a forbidden pair); no bye for a
//!   player who scored a point without playing (a bye, a forfeit win, a full-point bye); no
//!   colour difference beyond ±2 and no third colour in a row, checked per player, so that the
//!   pair is legal when some colour allocation respects both (a player over 50% in the last
//!   round is exempt, Note to B.6);
//! - B.3, B.5-B.6, C.1-C.14 (`bracket` and `pair_round` here): the procedure, see `bracket`;
//! - C.12-C.13 (`pair_round`): a bracket whose downfloaters leave a moved-down player without an
//!   opponent in the next bracket is paired again for downfloaters that let every moved-down
//!   player there be paired; the penultimate bracket is paired for a completable lowest
//!   bracket, else moved down entirely into it (p = 0, C.14), which joins the two;
//! - E.1-E.5 (`white_for_high`), F.1 (`Pairing::sort_boards`), F.2-F.3 (played games only).
//!
//! Shared with the rest of the project: the history (`history`: colours of played games,
//! opponents, scores, bye eligibility), the colour allocation `colour::high_gets_white`, the
//! matching (`matching`). Where the 1998 rules differ from the shared code:
//! - E.2 has no tie-break between two absolute preferences (2017 gives the colour to the wider
//!   colour difference); E.4 grants the higher-ranked player's preference in the A.2 order of
//!   this system (score, rating, title, name); E.5 applies in the first round only and uses the
//!   rank of the player (his number in S1); later rounds without any colour fall back to it;
//! - floats are computed here, not by `history` (A.4-A.5: pairing card floats, the bye a
//!   downfloat, no float for absences and requested byes);
//! - B.1.b bars the bye after any point scored without playing
//!   (`PlayerHistory::may_get_pab(Edition::Y2026)`); when nobody left may take it, the round
//!   cannot be paired (B.1 is absolute).
//!
//! The engine is exact for the reading of `bracket` and polynomial: the first candidate in the
//! order of D.1-D.2 is found one choice at a time, each choice decided by a maximum-weight
//! matching (`search`, `completion`); nothing is listed. `literal` enumerates the same
//! candidate order without matchings, for tests.

mod bracket;
mod completion;
mod explain;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod literal;
mod search;
#[cfg(test)]
mod tests;

use crate::colour::{high_gets_white_without_e2_tie_break, ColourFacts};
use crate::history::{histories, Edition, Float, PreferenceStrength};
use crate::matching::max_weight_matching;
use crate::model::{Color, PlayerId, RoundEntry, Tournament, Unplayed};
#[cfg(feature = "oracle")]
use crate::pairing::LiteralOracle;
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::score::Score;
use crate::systems::common::completion::completable;
use crate::systems::common::round::{
    check_round_number, pairing_of, present, score_groups, scores_before,
};
use bracket::Condition;
use std::cmp::Ordering;

/// A player as the 1998 rules see him when pairing one round.
#[derive(Clone, Debug)]
pub(crate) struct Player98 {
    pub id: PlayerId,
    /// A.2.a
    pub score: Score,
    /// A.2.b
    pub rating: u16,
    /// A.2.c: 0 for GM ... 5 for WFM, 6 without title.
    pub title: u8,
    /// A.2.d
    pub name: String,
    pub colour: ColourFacts,
    /// Note to B.6: over 50% of the maximum score in the last round.
    pub top: bool,
    /// B.2: the colours this player may not receive (`[white, black]`).
    pub forbidden: [bool; 2],
    /// A.4-A.5: floats of the last round (B.5) and the one before (B.6).
    pub float1: Float,
    pub float2: Float,
    /// B.1.b
    pub bye_ok: bool,
}

/// Everything constant while one round is paired.
pub(crate) struct Round98 {
    /// Players in A.2 order.
    pub players: Vec<Player98>,
    /// B.1.a and forbidden pairs: may meet.
    pub compat: Vec<Vec<bool>>,
    pub initial: Color,
    /// The brackets as kept, for `explain`.
    pub trace: crate::bracket_trace::Trace,
}

/// How one bracket is solved: the matching search (`search::solve`) or the literal
/// enumeration (`literal::solve`).
pub(crate) type Solver = fn(&Round98, &bracket::Task) -> Result<Option<bracket::Out>, PairingError>;

fn colour_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Round98 {
    /// B.1.a and B.2: the pair may be made (some colour allocation respects both players).
    pub fn pairable(&self, a: usize, b: usize) -> bool {
        if a == b || !self.compat[a][b] {
            return false;
        }
        let (fa, fb) = (self.players[a].forbidden, self.players[b].forbidden);
        (!fa[0] && !fb[1]) || (!fa[1] && !fb[0])
    }

    /// A.8 / B.4: both players prefer the same colour.
    pub fn colour_bad(&self, a: usize, b: usize) -> bool {
        match (
            self.players[a].colour.preference,
            self.players[b].colour.preference,
        ) {
            (Some(x), Some(y)) => x.color == y.color,
            _ => false,
        }
    }

    /// True when every player but one at most, who may take the bye (B.1.b), can be paired
    /// (B.1, B.2): where C.12-C.13 must end.
    pub fn completable(&self, who: &[usize]) -> bool {
        completable(
            who.len(),
            |i, j| self.pairable(who[i], who[j]),
            |i| self.players[who[i]].bye_ok,
        )
    }

    /// C.1 / C.12: every player of `must` can be paired inside `all` at once.
    pub fn covers(&self, must: &[usize], all: &[usize]) -> bool {
        let n = all.len();
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if self.pairable(all[i], all[j]) {
                    let w =
                        1 + i64::from(must.contains(&all[i])) + i64::from(must.contains(&all[j]));
                    edges.push((i, j, w));
                }
            }
        }
        let mate = max_weight_matching(n, &edges, false);
        (0..n).all(|i| !must.contains(&all[i]) || mate[i].is_some())
    }
}

/// A.2.c: the rank of a FIDE title as TRF writes it (`g`, `wg`, `m`, `wm`, `f`, `wf`) or in
/// full (`GM`, `WGM`, `IM`, …); other titles (CM, WCM) and none rank last.
pub(crate) fn title_rank(title: &str) -> u8 {
    match title.trim().to_ascii_uppercase().as_str() {
        "G" | "GM" | "IGM" => 0,
        "WG" | "WGM" => 1,
        "M" | "IM" => 2,
        "WM" | "WIM" => 3,
        "F" | "FM" => 4,
        "WF" | "WFM" => 5,
        _ => 6,
    }
}

/// A.2: the order of two players (score, rating, title, name; the pairing number last).
fn a2_order(a: &Player98, b: &Player98) -> Ordering {
    b.score
        .cmp(&a.score)
        .then(b.rating.cmp(&a.rating))
        .then(a.title.cmp(&b.title))
        .then(a.name.cmp(&b.name))
        .then(a.id.cmp(&b.id))
}

/// The FIDE Swiss System based on rating (1992/1997/1998).
pub(crate) struct Rating1998;

impl PairingSystem for Rating1998 {
    type Round = Round98;

    fn info(&self) -> Info {
        Info {
            name: "rating-1998",
            label: "rating-based 1998",
            aliases: &[],
            title: "FIDE Swiss System based on rating (1992/1997/1998)",
            codes_192: &[],
            text_092: "Individual  Swiss based on rating 1998 rules",
            // A text naming Double-Swiss is Double-Swiss's.
            names_in_092: |c| {
                c.contains("RATING") && c.contains("1998") && !c.contains("DOUBLE-SWISS")
            },
            invariants: Invariants {
                bye: ByeRule::ByeOrWinWithoutPlaying,
                colours: ColourRule::PerPlayer {
                    topscorer_exempt: true,
                    last_round_exempt: false,
                },
                lowest_bye_score: false,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Round98, PairingError> {
        check_round_number(req.round)?;
        prepare(t, req)
    }

    fn pair(&self, t: &Tournament, req: &Request, r: &Round98) -> Result<Diagnosed, PairingError> {
        paired(t, req, r, search::solve).map(Into::into)
    }

    /// Bracket by bracket (`explain`).
    fn explain(&self, t: &Tournament, req: &Request, p: &Pairing) -> String {
        explain::explain(t, req, p)
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        Some(pair_with_literal_oracle)
    }
}

/// Pairs the prepared round `r` with every bracket solved by `solver`, colours allocated and
/// boards in order.
fn paired(
    t: &Tournament,
    req: &Request,
    r: &Round98,
    solver: Solver,
) -> Result<Pairing, PairingError> {
    let (games, bye) = pair_round(r, solver)?;
    Ok(pairing_of(
        t,
        req.round,
        games,
        bye,
        |i| r.players[i].id,
        |hi, lo| white_for_high(r, hi, lo),
    ))
}

/// Pairs round `req.round` of `t` with the 1998 rules.
#[cfg(test)]
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_with(t, req, search::solve)
}

/// [`pair`] with every bracket solved by the literal enumeration (a test oracle).
#[cfg(any(test, feature = "oracle"))]
pub fn pair_with_literal_oracle(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_with(t, req, literal::solve)
}

#[cfg(any(test, feature = "oracle"))]
fn pair_with(t: &Tournament, req: &Request, solver: Solver) -> Result<Pairing, PairingError> {
    let r = Rating1998.prepare(t, req)?;
    paired(t, req, &r, solver)
}

/// E.1-E.5 for the pair of `hi` (higher by A.2) and `lo`: `colour::high_gets_white` without the
/// 2017 tie-break between two absolute preferences (E.2), then B.2 for a player it would break.
fn white_for_high(r: &Round98, hi: usize, lo: usize) -> bool {
    let (h, l) = (&r.players[hi], &r.players[lo]);
    let white = high_gets_white_without_e2_tie_break(&h.colour, &l.colour, r.initial);
    // B.2 is absolute: the pair was made because one allocation respects it.
    let ok = |hw: bool| {
        let (hc, lc) = if hw { (0, 1) } else { (1, 0) };
        !h.forbidden[hc] && !l.forbidden[lc]
    };
    if ok(white) {
        white
    } else {
        !white
    }
}

/// A.4-A.5: the float round `r` (0-based) gave player `i`, with `before` the scores before it.
fn float_of(t: &Tournament, before: &[Score], i: usize, r: usize) -> Float {
    match t.players[i].rounds.get(r) {
        // A.4: written on the pairing card, whatever then happened to the game.
        Some(RoundEntry::Game { opponent, .. }) => match t.index_of(*opponent) {
            Some(j) if before[j] < before[i] => Float::Down,
            Some(j) if before[j] > before[i] => Float::Up,
            _ => Float::None,
        },
        // A.5: the bye is a downfloat.
        Some(RoundEntry::Unplayed(Unplayed::Pab)) => Float::Down,
        _ => Float::None,
    }
}

/// B.2: the colours `colors` (played games, F.2) forbid next.
fn forbidden_colours(colors: &[Color]) -> [bool; 2] {
    let diff: i32 = colors
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    let mut f = [diff + 1 > 2, diff - 1 < -2];
    if let [.., a, b] = colors {
        if a == b {
            f[colour_index(*a)] = true;
        }
    }
    f
}

pub(crate) fn prepare(t: &Tournament, req: &Request) -> Result<Round98, PairingError> {
    let rounds = req.round - 1;
    let hist = histories(t, rounds);
    let last_round = t.total_rounds.is_some_and(|n| n as usize == req.round);
    let max_possible = i64::from(t.points.win.0) * rounds as i64;
    // Scores before each round, for the floats.
    let before = scores_before(t, rounds);
    let mut players = Vec::new();
    for (id, i) in present(t, req)? {
        let h = &hist[i];
        let p = &t.players[i];
        let top = last_round && i64::from(h.score.0) * 2 > max_possible;
        let mut preference = h.preference();
        if top {
            // A.7.a is not in effect for him: the strong or mild preference of A.7.b-c.
            if let (Some(pref), Some(last)) = (&mut preference, h.last_color()) {
                let d = h.color_difference();
                if pref.strength == PreferenceStrength::Absolute {
                    *pref = match d.cmp(&0) {
                        Ordering::Less => crate::history::Preference {
                            color: Color::White,
                            strength: PreferenceStrength::Strong,
                        },
                        Ordering::Greater => crate::history::Preference {
                            color: Color::Black,
                            strength: PreferenceStrength::Strong,
                        },
                        Ordering::Equal => crate::history::Preference {
                            color: last.opposite(),
                            strength: PreferenceStrength::Mild,
                        },
                    };
                }
            }
        }
        let float_at = |k: usize| {
            if rounds >= k {
                float_of(t, &before[rounds - k], i, rounds - k)
            } else {
                Float::None
            }
        };
        players.push(Player98 {
            id,
            score: h.pairing_score(),
            rating: p.rating,
            title: title_rank(&p.title),
            name: p.name.clone(),
            colour: ColourFacts {
                tpn: 0,
                colors: h.colors.clone(),
                preference,
                difference: h.color_difference(),
            },
            top,
            forbidden: if top {
                [false, false]
            } else {
                forbidden_colours(&h.colors)
            },
            float1: float_at(1),
            float2: float_at(2),
            bye_ok: h.may_get_pab(Edition::Y2026),
        });
    }
    players.sort_by(a2_order);
    // E.5: the number of the player in the A.2 order (his place in S1 in round 1).
    for (k, p) in players.iter_mut().enumerate() {
        p.colour.tpn = k as u32 + 1;
    }
    let n = players.len();
    let mut compat = vec![vec![false; n]; n];
    let forbidden = crate::forbidden::ForbiddenPairs::new(t, req.round);
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            let (a, b) = (&players[i], &players[j]);
            let met = t.index_of(a.id).is_some_and(|k| hist[k].has_met(b.id));
            compat[i][j] = !met && !forbidden.contains(a.id, b.id);
        }
    }
    Ok(Round98 {
        players,
        compat,
        initial: crate::colour::initial_colour(t),
        trace: Default::default(),
    })
}

/// A round's games (indices) and its bye.
type RoundResult = (Vec<(usize, usize)>, Option<usize>);

/// The brackets top down (A.3, C.1-C.14), with C.12 and C.13 between brackets.
pub(crate) fn pair_round(r: &Round98, solver: Solver) -> Result<RoundResult, PairingError> {
    let n = r.players.len();
    let all: Vec<usize> = (0..n).collect();
    if !r.completable(&all) {
        return Err(PairingError::NoValidPairing(format!(
            "the {n} players cannot all be paired without a rematch (B.1.a), a colour \
             difference beyond 2 or a third colour in a row (B.2), or a second point without \
             playing (B.1.b)"
        )));
    }
    if n == 0 {
        return Ok((Vec::new(), None));
    }
    let groups = score_groups(n, |i| r.players[i].score);
    // C.13: the lowest bracket starts at group `lowest`; groups above it join it when the
    // penultimate bracket cannot leave it pairable.
    let mut lowest = groups.len() - 1;
    'merge: loop {
        r.trace.restart();
        let mut games = Vec::new();
        let mut mdps: Vec<usize> = Vec::new();
        let upto = lowest;
        for gi in 0..upto {
            let penultimate = gi + 1 == upto;
            let below: Vec<usize> = groups[gi + 1..].iter().flatten().copied().collect();
            let task = bracket::Task::new(&mdps, &groups[gi], Condition::Any);
            let mut out = solver(r, &task)?.ok_or_else(|| unpaired(gi))?;
            // C.1 / C.12: a player moved down without an opponent in the next bracket sends
            // the pairing back here, for downfloaters that let the next bracket pair every
            // player moved down to it; if there is none, the first pairing stands.
            let next = if penultimate {
                below.clone()
            } else {
                groups[gi + 1].clone()
            };
            let fits = Condition::Covers(next);
            let mut decided = None;
            if !fits.accepts(r, &out.floaters) {
                let task = bracket::Task::new(&mdps, &groups[gi], fits);
                if let Some(other) = solver(r, &task)? {
                    out = other;
                    decided = Some(explain::C12);
                }
            }
            let complete = Condition::Completes(below);
            if penultimate && !complete.accepts(r, &out.floaters) {
                // C.13: another pairing of the penultimate bracket that lets the lowest one be
                // paired; with p = 0 the whole bracket moves down, joining the two. When not
                // even that works, the bracket above becomes the penultimate one.
                let task = bracket::Task::new(&mdps, &groups[gi], complete);
                match solver(r, &task)? {
                    Some(other) => {
                        out = other;
                        decided = Some(explain::C13);
                    }
                    None => {
                        lowest -= 1;
                        continue 'merge;
                    }
                }
            }
            explain::record(r, "score bracket", &mdps, &groups[gi], &out, decided);
            games.extend(out.pairs);
            mdps = out.floaters;
        }
        // The lowest bracket (joined by C.13 where needed): everybody paired but one at most,
        // who takes the bye. Groups joined into it were moved down entirely (C.14).
        let bottom = groups.len() - 1;
        let mut moved = mdps;
        moved.extend(groups[lowest..bottom].iter().flatten());
        let residents = &groups[bottom];
        let task = bracket::Task::new(&moved, residents, Condition::Bye);
        match solver(r, &task)? {
            Some(out) => {
                let kind = if lowest < bottom {
                    "lowest bracket, joined by C.13"
                } else {
                    "lowest bracket"
                };
                explain::record(r, kind, &moved, residents, &out, None);
                games.extend(out.pairs);
                let bye = out.floaters.first().copied();
                return Ok((games, bye));
            }
            None if lowest > 0 => {
                lowest -= 1;
                continue 'merge;
            }
            None => return Err(unpaired(lowest)),
        }
    }
}

fn unpaired(gi: usize) -> PairingError {
    PairingError::NoValidPairing(format!("score bracket {} could not be paired", gi + 1))
}
