//! The FIDE (Dutch) System, Istanbul 2012 edition (`../shared/reference/dutch-2012.txt`), as
//! JaVaFo 1.4 paired it.
//!
//! A different algorithm from the 2017 edition: each score bracket is paired by the iteration of
//! section C, which asks for P pairs meeting the current requirements (B.1-B.6, the colour
//! budget X and Z of A.8, A.7.d) and takes the first candidate in the order of section D
//! (exchanges D.2 outside, transpositions D.1 inside; in a heterogeneous bracket the choice of
//! the moved-down players D.3, then the transposition pairing them, then the remainder), lowering
//! the requirements step by step (C.10) and then P (C.14).
//!
//! Module layout: this file ranks the players (A.2), derives the 2012 facts from the history and
//! runs the brackets top down (A.3, C.12-C.13); `bracket` pairs one bracket by the procedure
//! of C (C.1-C.14), each level decided by `search`'s first nodes (the depth-first search in
//! the order of D), then by `exact`'s weighted matchings (the best value in the order of the
//! levels, then the first candidate in the order of D, with no search); `weights` holds what a
//! pair and a floater cost at a level, `graph` the matchings on the bracket's pair graph
//! (D.4's least B.3 factor, B.3's lowest floaters, the most pairs), `ordering` D.3's choices
//! and `exchange` D.2's exchanges; `bound` cuts the search with the conditions a complete
//! candidate must meet (D.4, B.3, C.13); `levels` lists the requirement levels in the order of
//! C.10 and runs them; `memo` keeps what a bracket's search computes once (bounds, pair graphs
//! as bit masks); `solve` holds the matching solvers the search calls at every node
//! (cardinality, assignment).
//!
//! What is shared with the rest of the project, and where 2012 differs:
//! - colour preferences (A.7 a-c) are the 2017 ones (`history::PlayerHistory::preference`):
//!   absolute beyond ±1 or twice the same colour, strong at ±1, mild at 0. 2012 adds A.7.d (odd
//!   rounds: a strong preference counts as absolute while that costs nothing) and the Z budget
//!   of even rounds, both in `levels`;
//! - colour allocation (E.1-E.5) is `colour::high_gets_white`, with two 2012 differences
//!   (`white_for_high`): E.2 has no tie-break between two absolute preferences (2012 goes on to
//!   E.3), and E.5 for players without colour history: in round 1 the rank among the players
//!   paired decides (odd ranks of S1 take the initial colour); in any later round the pairing
//!   number itself, the other way round (the higher-ranked player takes the colour opposite to
//!   the one his number gave in round 1);
//! - floats (A.4) are computed here, not by `history`: a player floats down when paired with a
//!   lower score or when he scores without playing (a bye or a forfeit win, B.1.b); a player who
//!   is absent without points does not float. The memory is two rounds (B.5, B.6);
//! - bye eligibility (B.1.b): no pairing-allocated bye for a player who already scored a point
//!   or half a point without playing (any bye, a forfeit win); when nobody is eligible, those
//!   who scored without playing the fewest times (whatever the points);
//! - B.2 (absolute colour clash) may be dropped for top scorers only as the last step of C.10
//!   (C.10.g), where the 2017 rules exempt them outright.
//!
//! The lower brackets (C.12-C.13), as the reference engine applies them:
//! - C.1 / C.12: when a moved-down player has no possible opponent in the next bracket, the
//!   bracket above is paired again for another set of downfloaters with the same scores that
//!   lets the next bracket make more pairs, or as many pairs moving down lower scores (B.3)
//!   with every moved-down player given a possible opponent there; if there is none, the
//!   first pairing stands; not after C.13's search paired the bracket again (C.12's last
//!   line: no backtracking while already backtracking);
//! - C.14.b.2 to C.12: a heterogeneous next bracket that cannot pair all its moved-down
//!   players with its residents sends the bracket above back for another set with the same
//!   scores that lets it pair them all, with no fewer pairs;
//! - C.10 to C.12: C.12 is reached once a bracket with moved-down players, every requirement
//!   lowered by C.10, cannot make P1 = P0 pairs, P0 counting only its players with a possible
//!   opponent (C.1 moves the others down before C.2 determines P0); the bracket above is then
//!   paired again for another set of downfloaters with the same scores that "now allows P1
//!   pairings", i.e. more pairs (the most first: C.14 lowers P1 one by one and C.12 is reached
//!   again at each value). Only the pairs count: a bracket treated as homogeneous (A.3) that
//!   makes its P0 pairs leaving a moved-down player unpaired does not send it back
//!   (`small/p030-r09-i000746` round 7). In the last round (A.10) a top scorer whom C.1 moved
//!   down from the next bracket under the first set is not counted in those pairs
//!   (`judged_residents`);
//! - C.13: the penultimate bracket is paired first on its own; when its downfloaters leave the
//!   lowest bracket unpairable (everybody but one, who may take the bye), the first pairing of
//!   it in the order of C and D that leaves the lowest bracket pairable is taken (its C.14
//!   descent: M1 from M0, P1 on below M1 to zero, see `bracket`); when there is none (P
//!   zero), the two are joined and the bracket above becomes the penultimate one. The joined
//!   lowest bracket follows A.3 as D.4 words it (homogeneous when the players moved down into
//!   it are at least as many as its own), and its homogeneous pairing or remainder takes the
//!   least B.3 factor of D.4 (`bracket`); two of the joined brackets' own players paired
//!   together make no upfloat (B.5, B.6; `Round12::upfloater`);
//! - C.13 with C.14.b.2 (P zero with one moved-down player) and A.3 with C.1 (a moved-down
//!   player set aside, who counted would make the bracket homogeneous): the penultimate
//!   bracket is paired as homogeneous instead when the lowest bracket then gives the bye to a
//!   lower score with a lower B.3 factor of D.4 (`turn`);
//! - B.3 across brackets: a homogeneous pairing or remainder of players with different scores
//!   moves down the lowest scores while the next brackets allow it (`bracket`).
//! - C.1: a player without a possible opponent in his bracket is set aside and moved down
//!   before the bracket is divided (`bracket::pair_bracket`).
//!   Completability is decided by a maximum-cardinality matching (`matching`), which also
//!   bounds the pairs the penultimate bracket can keep.

mod bound;
mod bracket;
mod exact;
mod exchange;
mod explain;
mod graph;
mod levels;
pub mod literal;
pub(crate) mod meetings;
mod memo;
mod ordering;
mod search;
mod solve;
mod turn;
mod weights;

use crate::colour::{high_gets_white_without_e2_tie_break, ColourFacts};
use crate::history::{histories, Float, PreferenceStrength};
use crate::matching::max_weight_matching;
use crate::model::{Color, GameKind, PlayerId, RoundEntry, Tournament, Unplayed};
#[cfg(feature = "oracle")]
use crate::pairing::LiteralOracle;
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Diagnostics, Info, Invariants, Pairing, PairingError,
    PairingSystem, Request,
};
use crate::score::Score;
use crate::systems::common::completion::completable;
use crate::systems::common::round::{
    check_round_number, pairing_of, present, score_groups, scores_before,
};
use bracket::{Hints, Place};
use std::cell::RefCell;
use std::collections::HashMap;

/// A player as the 2012 rules see him when pairing one round.
#[derive(Clone, Debug)]
pub(crate) struct Player12 {
    pub id: PlayerId,
    /// A.2: the score.
    pub score: Score,
    pub colour: ColourFacts,
    /// A.10: top scorer (last round, more than 50% of the maximum score).
    pub top: bool,
    /// A.4: the floats of the last two rounds (B.5, B.6).
    pub float1: Float,
    pub float2: Float,
    /// B.1.b: may receive the bye.
    pub bye_ok: bool,
    /// B.1.b: the rounds in which the player scored without playing (byes, forfeit wins).
    pub times_without_play: usize,
}

/// Everything constant while one round is paired.
pub(crate) struct Round12 {
    /// The players to pair in A.2 order (score, then pairing number).
    pub players: Vec<Player12>,
    /// B.1.a (and forbidden pairs): may meet.
    pub compat: Vec<Vec<bool>>,
    /// B.2: both have the same absolute colour preference (droppable for top scorers only).
    pub clash: Vec<Vec<bool>>,
    /// An even-numbered round (A.7.e, A.8 Z).
    pub even: bool,
    pub initial: Color,
    /// Completability of sets of players (sorted indices), cached.
    cache: RefCell<HashMap<Vec<usize>, bool>>,
    /// The score of the bracket being paired: a moved-down player (above it) moved down
    /// again does not repeat a downfloat (B.5, B.6), he floated down already this round.
    pub bracket_score: std::cell::Cell<Option<crate::score::Score>>,
    /// B.5 / B.6 for upfloaters hold in the bracket being paired: only a heterogeneous one
    /// sets them (C.3.g-h); a bracket paired as homogeneous has no upfloaters.
    pub up_floats: std::cell::Cell<bool>,
    /// D.4: while the lowest bracket joined by C.13 is paired, the highest score of its own
    /// players (the joined brackets). Two of them paired make no upfloat: the joined brackets
    /// are one score bracket, only the players moved down into it float.
    pub joined_top: std::cell::Cell<Option<Score>>,
    /// What this round reports besides its pairing (the result's [`Diagnostics`]): each
    /// requirement level whose search reached the node limit of `bracket` and was taken as not
    /// met, and each list cut at a bound (a D.3 choice list or C.12's sets cut at
    /// `ordering::CHOICE_LIMIT`, C.12's sets too many to rank in `same_scores`). Each may decide
    /// a pairing instead of the rules (`Round12::give_up`); the conformance tests hold the
    /// count at zero on the corpora.
    pub diagnostics: std::cell::Cell<Diagnostics>,
    /// The brackets as kept, for `explain`.
    pub trace: crate::bracket_trace::Trace,
    /// C.14.b.2 / A.3 (`turn`): while set, a heterogeneous bracket is paired as homogeneous.
    pub homogeneous_turn: std::cell::Cell<bool>,
    /// C.13's search ended with P zero and one moved-down player left (M1 = 1), where
    /// C.14.b.2 would manage the bracket as homogeneous (`turn`).
    pub zero_with_one: std::cell::Cell<bool>,
    /// How the requirement levels are decided: `Both` for the engine; the tests' builder
    /// [`pair_deciding`] sets the search or the matchings alone, to compare them.
    pub decide: bracket::Decide,
}

impl Round12 {
    /// Counts one search given up or one list cut at a bound in the round's diagnostics.
    pub fn give_up(&self) {
        let mut d = self.diagnostics.get();
        d.searches_given_up += 1;
        self.diagnostics.set(d);
    }

    /// The upfloater of the pair for B.5 / B.6 (C.3.g-h): the lower player, when the scores
    /// differ, the bracket is paired as heterogeneous (`up_floats`) and the pair is not two
    /// players of a joined lowest bracket (`joined_top`).
    pub fn upfloater(&self, a: usize, b: usize) -> Option<&Player12> {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let joined = self
            .joined_top
            .get()
            .is_some_and(|top| pa.score.max(pb.score) <= top);
        if pa.score == pb.score || !self.up_floats.get() || joined {
            return None;
        }
        Some(if pa.score < pb.score { pa } else { pb })
    }

    /// Runs `pair` with `joined_top` set for a lowest bracket joined by C.13 (`joined`, its own
    /// players `residents`), restored after.
    pub fn joined_if<T>(&self, joined: bool, residents: &[usize], pair: impl FnOnce() -> T) -> T {
        let top = residents.iter().map(|&i| self.players[i].score).max();
        let before = self.joined_top.replace(top.filter(|_| joined));
        let out = pair();
        self.joined_top.set(before);
        out
    }

    /// Player `i` left unpaired in the bracket being paired breaks B.5 (`last`) or B.6 for
    /// downfloaters: he floated down in that round and is not a moved-down player already.
    pub fn repeats_down(&self, i: usize, last: bool) -> bool {
        let p = &self.players[i];
        if self.bracket_score.get().is_some_and(|s| p.score > s) {
            return false;
        }
        if last {
            p.float1 == Float::Down
        } else {
            p.float2 == Float::Down
        }
    }

    /// Both prefer the same colour: the pair does not fulfil all colour preferences (A.8 X).
    pub fn colour_bad(&self, a: usize, b: usize) -> bool {
        match (
            self.players[a].colour.preference,
            self.players[b].colour.preference,
        ) {
            (Some(x), Some(y)) => x.color == y.color,
            _ => false,
        }
    }

    /// Both have a strong (or absolute) preference for the same colour (A.7.d, A.8 Z).
    pub fn strong_bad(&self, a: usize, b: usize) -> bool {
        match (
            self.players[a].colour.preference,
            self.players[b].colour.preference,
        ) {
            (Some(x), Some(y)) => {
                x.color == y.color
                    && x.strength >= PreferenceStrength::Strong
                    && y.strength >= PreferenceStrength::Strong
            }
            _ => false,
        }
    }

    /// The most pairs inside `here` in a complete pairing of `here` and `below` (one player
    /// at most left over, who may take the bye), or `None` when there is none.
    pub fn most_pairs_within(&self, here: &[usize], below: &[usize]) -> Option<usize> {
        let all: Vec<usize> = here.iter().chain(below).copied().collect();
        let n = all.len();
        let big = 4i64;
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (all[i], all[j]);
                let top = self.players[a].top || self.players[b].top;
                if self.compat[a][b] && (top || !self.clash[a][b]) {
                    let inside = i < here.len() && j < here.len();
                    edges.push((i, j, big + i64::from(inside)));
                }
            }
            if n % 2 == 1 && self.players[all[i]].bye_ok {
                edges.push((i, n, big));
            }
        }
        let total = n + n % 2;
        if total == 0 {
            return Some(0);
        }
        let mate = max_weight_matching(total, &edges, true);
        if mate.iter().any(|m| m.is_none()) {
            return None;
        }
        let inside = (0..here.len())
            .filter(|&i| mate[i].is_some_and(|j| j < here.len()))
            .count();
        Some(inside / 2)
    }

    /// B.1 and B.2 (top scorers exempt) allow the pair.
    pub fn pairable(&self, a: usize, b: usize) -> bool {
        let top = self.players[a].top || self.players[b].top;
        self.compat[a][b] && (top || !self.clash[a][b])
    }

    /// True when the players (indices) can all be paired but one at most, who may take the bye
    /// (B.1, B.2 with top scorers exempt): where C.12-C.13 backtracking must end.
    pub fn completable(&self, who: &[usize]) -> bool {
        let mut key = who.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.cache.borrow().get(&key) {
            return v;
        }
        let ok = completable(
            key.len(),
            |i, j| self.pairable(key[i], key[j]),
            |i| self.players[key[i]].bye_ok,
        );
        self.cache.borrow_mut().insert(key, ok);
        ok
    }
}

/// The FIDE (Dutch) System, Istanbul 2012 edition.
pub(crate) struct Dutch2012;

impl PairingSystem for Dutch2012 {
    type Round = Round12;

    fn info(&self) -> Info {
        Info {
            name: "dutch-2012",
            label: "Dutch 2012",
            aliases: &[],
            title: "FIDE (Dutch) System, Istanbul 2012 (in force 2012-2016)",
            codes_192: &[],
            // JaVaFo 1.4's wording.
            text_092: "Individual  Swiss Dutch (Istanbul 2012 rules)",
            // A text naming Dubov is Dubov's.
            names_in_092: |c| {
                c.contains("DUTCH")
                    && (c.contains("2012") || c.contains("ISTANBUL"))
                    && !c.contains("DUBOV")
            },
            invariants: Invariants {
                bye: ByeRule::PointWithoutPlaying,
                colours: ColourRule::DutchTopscorers,
                lowest_bye_score: false,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Round12, PairingError> {
        check_round_number(req.round)?;
        prepare(t, req)
    }

    /// The pairing, with the level searches given up at the node limit in the diagnostics.
    fn pair(&self, t: &Tournament, req: &Request, r: &Round12) -> Result<Diagnosed, PairingError> {
        let (games, bye) = pair_round(r)?;
        let pairing = pairing_of(
            t,
            req.round,
            games,
            bye,
            |i| r.players[i].id,
            |hi, lo| white_for_high(&r.players[hi].colour, &r.players[lo].colour, r.initial),
        );
        Ok(Diagnosed {
            pairing,
            diagnostics: r.diagnostics.get(),
        })
    }

    /// Bracket by bracket (`explain`).
    fn explain(&self, t: &Tournament, req: &Request, p: &Pairing) -> String {
        explain::explain(t, req, p)
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        Some(literal::pair)
    }
}

/// Pairs round `req.round` of `t` with the 2012 rules.
#[cfg(test)]
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_diagnosed(t, req).map(|d| d.pairing)
}

/// [`pair`], with the level searches given up at the node limit in the result's diagnostics.
#[cfg(test)]
pub fn pair_diagnosed(t: &Tournament, req: &Request) -> Result<Diagnosed, PairingError> {
    pair_deciding(t, req, bracket::Decide::Both)
}

/// The tests' builder: [`pair_diagnosed`] with the requirement levels decided as `decide` says
/// (the search alone, the matchings alone, or both as the engine does).
#[cfg(test)]
pub(crate) fn pair_deciding(
    t: &Tournament,
    req: &Request,
    decide: bracket::Decide,
) -> Result<Diagnosed, PairingError> {
    let mut r = Dutch2012.prepare(t, req)?;
    r.decide = decide;
    Dutch2012.pair(t, req, &r)
}

/// E.1-E.5 as 2012 words them: `colour::high_gets_white`, except that E.2 knows no tie-break
/// between two absolute preferences (the 2017 text gives the colour to the wider colour
/// difference; 2012 goes on to E.3).
fn white_for_high(high: &ColourFacts, low: &ColourFacts, initial: Color) -> bool {
    high_gets_white_without_e2_tie_break(high, low, initial)
}

/// A.4 with B.1.b: the float a round entry gave, with the scores before that round.
fn float_of(t: &Tournament, entry: &RoundEntry, mine: Score, theirs: Option<Score>) -> Float {
    match *entry {
        RoundEntry::Game {
            kind: GameKind::Forfeit,
            result,
            ..
        } => {
            // B.1.b: a point without playing (opponent not appearing) is a downfloat.
            if result == crate::model::GameResult::Win {
                Float::Down
            } else {
                Float::None
            }
        }
        RoundEntry::Game { .. } => match theirs {
            Some(s) if s < mine => Float::Down,
            Some(s) if s > mine => Float::Up,
            _ => Float::None,
        },
        RoundEntry::Unplayed(_) => {
            if t.points.points(entry) > Score::ZERO {
                Float::Down
            } else {
                Float::None
            }
        }
    }
}

fn prepare(t: &Tournament, req: &Request) -> Result<Round12, PairingError> {
    let rounds = req.round - 1;
    let hist = histories(t, rounds);
    let last_round = t.total_rounds.is_some_and(|n| n as usize == req.round);
    let max_possible = i64::from(t.points.win.0) * rounds as i64;
    // Scores before each round, for the floats.
    let before = scores_before(t, rounds);
    let float_at = |i: usize, r: usize| -> Float {
        let Some(e) = t.players[i].rounds.get(r) else {
            return Float::None;
        };
        let theirs = match e {
            RoundEntry::Game { opponent, .. } => t.index_of(*opponent).map(|j| before[r][j]),
            RoundEntry::Unplayed(_) => None,
        };
        float_of(t, e, before[r][i], theirs)
    };
    // E.5: in round 1 the rank among the players paired (S1's odd and even players get
    // different colours); later the pairing number itself.
    let paired: Vec<PlayerId> = req.present.iter().copied().collect();
    let tpn = |id: PlayerId| {
        if rounds == 0 {
            paired.partition_point(|&x| x < id) as u32 + 1
        } else {
            id
        }
    };
    let mut players = Vec::new();
    for (id, i) in present(t, req)? {
        let h = &hist[i];
        let p = &t.players[i];
        // B.1.b: "a point or half point without playing, either through a bye or due to an
        // opponent not appearing in time": a forfeit win, or an unplayed round that scored. A
        // forfeit loss (the player did not appear) is neither, whatever it is worth.
        let scored_unplayed: Vec<&RoundEntry> = p
            .rounds
            .iter()
            .take(rounds)
            .filter(|e| {
                e.is_forfeit_win()
                    || (matches!(e, RoundEntry::Unplayed(u) if *u != Unplayed::ForfeitLoss)
                        && t.points.points(e) > Score::ZERO)
            })
            .collect();
        let without_play = scored_unplayed
            .iter()
            .fold(Score::ZERO, |sum, e| sum + t.points.points(e));
        players.push(Player12 {
            id,
            score: h.pairing_score(),
            colour: ColourFacts {
                tpn: tpn(id),
                colors: h.colors.clone(),
                preference: h.preference(),
                difference: h.color_difference(),
            },
            top: last_round && i64::from(h.score.0) * 2 > max_possible,
            float1: if rounds >= 1 {
                float_at(i, rounds - 1)
            } else {
                Float::None
            },
            float2: if rounds >= 2 {
                float_at(i, rounds - 2)
            } else {
                Float::None
            },
            bye_ok: without_play == Score::ZERO,
            times_without_play: scored_unplayed.len(),
        });
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    // B.1.b yields when nobody left could take the bye: JaVaFo 1.4 then gives it to one of
    // the players who scored without playing the fewest times, whatever the points
    // (`tiny/p009-r08-i1000984` round 8: 8, one full-point bye, takes it before 2 and 4, one
    // half-point bye each).
    let n = players.len();
    if n % 2 == 1 && !players.iter().any(|p| p.bye_ok) {
        let fewest = players.iter().map(|p| p.times_without_play).min();
        for p in &mut players {
            p.bye_ok = Some(p.times_without_play) == fewest;
        }
    }
    let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
    let compat = meetings::may_meet(t, req.round, &hist, &ids, |id| {
        Some(t.index_of(id).unwrap_or(0))
    });
    // Both players with an absolute preference for the same colour.
    let absolute: Vec<Option<Color>> = players
        .iter()
        .map(|p| {
            p.colour
                .preference
                .filter(|x| x.strength == PreferenceStrength::Absolute)
                .map(|x| x.color)
        })
        .collect();
    let clash: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| i != j && absolute[i].is_some() && absolute[i] == absolute[j])
                .collect()
        })
        .collect();
    Ok(Round12 {
        players,
        compat,
        clash,
        even: req.round.is_multiple_of(2),
        initial: {
            // E.5 after round 1 (players without colour history): the higher-ranked player
            // takes the colour opposite to the one his pairing number gave in round 1.
            let c = crate::colour::initial_colour(t);
            if req.round > 1 {
                c.opposite()
            } else {
                c
            }
        },
        cache: RefCell::new(HashMap::new()),
        bracket_score: std::cell::Cell::new(None),
        diagnostics: std::cell::Cell::new(Diagnostics::default()),
        up_floats: std::cell::Cell::new(true),
        joined_top: std::cell::Cell::new(None),
        homogeneous_turn: std::cell::Cell::new(false),
        zero_with_one: std::cell::Cell::new(false),
        trace: Default::default(),
        decide: bracket::Decide::Both,
    })
}

/// A bracket the search could not pair within its node limit: a capacity limit of the engine.
fn limit_error(gi: usize) -> PairingError {
    PairingError::TooLarge(format!(
        "bracket {} could not be paired within the search's node limit",
        gi + 1
    ))
}

/// The scores of a set of players, sorted.
fn scores_of(r: &Round12, who: &[usize]) -> Vec<Score> {
    let mut s: Vec<Score> = who.iter().map(|&i| r.players[i].score).collect();
    s.sort_unstable();
    s
}

/// C.1: a moved-down player has no possible opponent in the next bracket.
fn mdp_stranded(r: &Round12, mdps: &[usize], residents: &[usize]) -> bool {
    mdps.iter().any(|&m| {
        !mdps
            .iter()
            .chain(residents)
            .any(|&o| o != m && r.pairable(m, o))
    })
}

/// The sets (sorted indices) of players of `here` with the same scores as `floaters`, or `None`
/// when there are more than `limit`.
fn same_scores(
    r: &Round12,
    here: &[usize],
    floaters: &[usize],
    limit: usize,
) -> Option<Vec<Vec<usize>>> {
    let mut sets: Vec<Vec<usize>> = vec![Vec::new()];
    let mut scores = scores_of(r, floaters);
    scores.dedup();
    for s in scores {
        let need = floaters
            .iter()
            .filter(|&&i| r.players[i].score == s)
            .count();
        let pool: Vec<usize> = here
            .iter()
            .copied()
            .filter(|&i| r.players[i].score == s)
            .collect();
        let picks = ordering::combinations(r, pool.len(), need);
        if sets.len().saturating_mul(picks.len()) > limit {
            // C.12 then asks for any better set instead of the best first: counted.
            r.give_up();
            return None;
        }
        sets = sets
            .iter()
            .flat_map(|base| {
                picks.iter().map(|pick| {
                    let mut v = base.clone();
                    v.extend(pick.iter().map(|&k| pool[k]));
                    v
                })
            })
            .collect();
    }
    for v in &mut sets {
        v.sort_unstable();
    }
    Some(sets)
}

/// C.12 in the penultimate bracket: the bye of the lowest bracket can only go to a player this
/// bracket moves down (a score above the lowest bracket's own, the score of `here`), who A.3
/// says is paired first. A player moved down into this bracket from above who ends with the
/// bye does not send it back (`tiny/p009-r08-i000541` round 7: 1 (5.0) takes it).
fn mdp_bye(r: &Round12, bye: &Option<Vec<Score>>, here: &[usize], lowest: &[usize]) -> bool {
    let own = lowest.iter().map(|&i| r.players[i].score).min();
    let floor = here.first().map(|&i| r.players[i].score);
    matches!((bye.as_deref(), own, floor), (Some([b, ..]), Some(o), Some(f)) if *b > o && *b == f)
}

/// C.12: how well the next bracket can be paired with these moved-down players: the most
/// pairs, then the lowest scores moved down from it (compared from the highest, reversed so
/// that greater is better).
fn next_quality(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    lowest: bool,
) -> (usize, std::cmp::Reverse<Option<Vec<Score>>>) {
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let p = graph::max_pairs(&all, &|a, b| r.pairable(a, b));
    (
        p,
        std::cmp::Reverse(graph::lowest_floaters(r, &all, p, lowest)),
    )
}

/// C.2 after C.1 in the next bracket made of `players`: P0, half of the players who have a
/// possible opponent there (B.1, B.2 except for top scorers); C.1 moves the others down before
/// P0 is determined.
fn p0_after_c1(r: &Round12, players: &[usize]) -> usize {
    let paired = players
        .iter()
        .filter(|&&i| players.iter().any(|&j| j != i && r.pairable(i, j)))
        .count();
    paired / 2
}

/// C.12 reached from C.10 in the last round (A.10): the residents of the next bracket that
/// another set of downfloaters is judged with. A top scorer whom C.1 moved down from it under
/// the first set (no possible opponent there) is left out: "this now allows P1 pairings" counts
/// the pairs of the players the bracket kept at C.2, not a pair that brings such a top scorer
/// back (`small/p015-r09-i1000051` round 9, docs/systems/dutch-2012-readings.md).
fn judged_residents(r: &Round12, floaters: &[usize], next: &[usize]) -> Vec<usize> {
    let first: Vec<usize> = floaters.iter().chain(next).copied().collect();
    next.iter()
        .copied()
        .filter(|&i| !r.players[i].top || first.iter().any(|&j| j != i && r.pairable(i, j)))
        .collect()
}

/// The most pairs (B.1, B.2 except for top scorers) of the next bracket with these moved-down
/// players.
fn next_pairs(r: &Round12, mdps: &[usize], residents: &[usize]) -> usize {
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    graph::max_pairs(&all, &|a, b| r.pairable(a, b))
}

/// C.12, reached from four places, sends the pairing of this bracket back for another set of
/// downfloaters with the same scores (`None`: the first pairing, with downfloaters `floaters`,
/// stands):
/// - C.1: a moved-down player without a possible opponent in the next bracket; taken when the
///   next bracket then makes more pairs, or as many pairs moving down lower scores (B.3) with
///   every moved-down player given a possible opponent there: a set that leaves one without
///   any does not remove C.1's cause, and only more pairs ("now allows P1 pairings") take it
///   (`tiny/p011-r09-i1001398` round 8, docs/systems/dutch-2012-readings.md);
/// - C.10 to C.12: the next bracket, every requirement lowered, cannot make P1 = P0 pairs (P0
///   counting only its players who have a possible opponent there, C.1-C.2); taken when it
///   "now allows P1 pairings", i.e. more pairs: the most first, as C.14 lowers P1 one by one
///   and C.12 is reached again at each value;
/// - C.14.b.2: the next bracket, heterogeneous, cannot pair all its moved-down players with its
///   residents; taken when it then can (or is homogeneous) and makes no fewer pairs
///   (`small/p016-r09-i1001366` round 7, docs/systems/dutch-2012-readings.md); the lowest
///   bracket as well (C.13 lowers M1 only after C.12), the other set leaving it pairable;
/// - from the penultimate bracket (`lowest` holding the lower players), a lowest bracket whose
///   bye can only go to a player moved down from here; taken when the lowest bracket then makes
///   more pairs or gives the bye to a lower score.
///
/// From the penultimate bracket the other pairing must also leave the lowest one pairable.
fn c12_again(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    floaters: &[usize],
    next: &[usize],
    lowest: Option<&[usize]>,
) -> Option<search::BracketOut> {
    let penultimate = lowest.is_some();
    let stranded = mdp_stranded(r, floaters, next);
    // C.10's trigger: the pairs the next bracket makes now, when it makes fewer than its P0.
    let short = (!stranded)
        .then(|| {
            let all: Vec<usize> = floaters.iter().chain(next).copied().collect();
            let pairs = graph::max_pairs(&all, &|a, b| r.pairable(a, b));
            (pairs < p0_after_c1(r, &all)).then_some(pairs)
        })
        .flatten();
    // C.12 reached from C.14.b.2: the next bracket, heterogeneous (A.3), cannot pair all its
    // moved-down players with its residents (M1 would be lowered below M0). The lowest
    // bracket too: C.12 comes before C.13's "reduce M1 as shown in C.14.b.2"
    // (`tiny/p013-r10-i1000981` round 10, docs/systems/dutch-2012-readings.md).
    let het = |f: &[usize]| 2 * f.len() < f.len() + next.len();
    let unpaired = !stranded
        && short.is_none()
        && het(floaters)
        && graph::mdp_pairs(r, floaters, next) < floaters.len();
    if !stranded && short.is_none() && !unpaired && !penultimate {
        return None;
    }
    let now = next_quality(r, floaters, next, penultimate);
    if !stranded && short.is_none() && !unpaired && !mdp_bye(r, &now.1 .0, residents, next) {
        return None;
    }
    let pairs_first = next_pairs(r, floaters, next);
    let judged = judged_residents(r, floaters, next);
    let complete = |f: &[usize]| {
        lowest.is_none_or(|below| {
            let mut all = f.to_vec();
            all.extend_from_slice(below);
            r.completable(&all)
        })
    };
    // How much better the next bracket does with the downfloaters `f` (`None`: not better):
    // for C.10's trigger the pairs it makes, else 0 for any gain.
    let gain = |f: &[usize]| -> Option<usize> {
        if !complete(f) {
            return None;
        }
        if unpaired {
            // "This now allows P1 pairings": every moved-down player paired (M1 = M0), and
            // no fewer pairs in all.
            let ok = (!het(f) || graph::mdp_pairs(r, f, next) == f.len())
                && next_pairs(r, f, next) >= pairs_first;
            return ok.then_some(0);
        }
        if let Some(pairs_now) = short {
            let p = next_pairs(r, f, &judged);
            (p > pairs_now).then_some(p)
        } else {
            // C.1's trigger: as many pairs moving down lower scores count only when no
            // moved-down player is left without an opponent there (the cause of C.12 is gone);
            // else only more pairs do.
            let q = next_quality(r, f, next, penultimate);
            let cured = !stranded || q.0 > now.0 || !mdp_stranded(r, f, next);
            (q > now && cured).then_some(0)
        }
    };
    // The sets of downfloaters with the same scores that would do better, listed before the
    // bracket is searched for one of them (none: the first pairing stands at once); too many
    // to list: each candidate is asked.
    let here: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let listed: Option<Vec<(Vec<usize>, usize)>> =
        same_scores(r, &here, floaters, 20_000).map(|sets| {
            sets.into_iter()
                .filter_map(|f| gain(&f).map(|g| (f, g)))
                .collect()
        });
    let scores = scores_of(r, floaters);
    // The gains to ask for, best first (each searched in turn); unlisted: any gain.
    let mut levels: Vec<usize> = match &listed {
        Some(l) => l.iter().map(|&(_, g)| g).collect(),
        None => vec![0],
    };
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    for least in levels {
        let wanted: Option<Vec<Vec<usize>>> = listed.as_ref().map(|l| {
            l.iter()
                .filter(|&&(_, g)| g >= least)
                .map(|(f, _)| f.clone())
                .collect()
        });
        let again = |f: &[usize]| match &wanted {
            Some(w) => {
                let mut f = f.to_vec();
                f.sort_unstable();
                w.contains(&f)
            }
            None => scores_of(r, f) == scores && gain(f).is_some_and(|g| g >= least),
        };
        // From the penultimate bracket, the C.13 bound applies too.
        let hints = Hints {
            below: lowest,
            wanted: wanted.as_deref(),
            c13: false,
            lowest: false,
            any: false,
        };
        let out =
            bracket::pair_bracket(r, mdps, residents, Place::Upper, usize::MAX, &again, hints);
        if out.is_some() {
            return out;
        }
    }
    None
}

/// A round's games (indices) and its bye.
type RoundResult = (Vec<(usize, usize)>, Option<usize>);

/// The brackets top down (A.3): each bracket's downfloaters join the next one.
fn pair_round(r: &Round12) -> Result<RoundResult, PairingError> {
    let n = r.players.len();
    if n == 0 {
        return Ok((Vec::new(), None));
    }
    let all: Vec<usize> = (0..n).collect();
    if !r.completable(&all) {
        return Err(PairingError::NoValidPairing(format!(
            "the {n} players cannot all be paired without a rematch (B.1), a colour conflict \
             (B.2) or a second bye (B.1.b)"
        )));
    }
    let groups = score_groups(n, |i| r.players[i].score);
    // C.13: the lowest bracket starts at group `lowest`; when the penultimate bracket cannot
    // leave it pairable, the two are joined and the next one up becomes the penultimate.
    let mut lowest = groups.len() - 1;
    let (games, mdps, zero) = 'merge: loop {
        let (mut searched, mut zero) = (false, false);
        r.trace.restart();
        let mut games = Vec::new();
        let mut mdps: Vec<usize> = Vec::new();
        let upto = lowest;
        for gi in 0..upto {
            let below: Vec<usize> = groups[gi + 1..].iter().flatten().copied().collect();
            let penultimate = gi + 1 == upto;
            let any = |_: &[usize]| true;
            let Some(mut out) = bracket::pair_bracket(
                r,
                &mdps,
                &groups[gi],
                Place::Upper,
                usize::MAX,
                &any,
                Hints {
                    any: true,
                    ..Hints::default()
                },
            ) else {
                return Err(limit_error(gi));
            };
            let complete = |f: &[usize]| {
                let mut rest = f.to_vec();
                rest.extend_from_slice(&below);
                r.completable(&rest)
            };
            if penultimate && !complete(&out.floaters) {
                // C.13: another pairing of the penultimate bracket, meeting the requirements
                // its first pairing met, that lets the lowest one be paired; none: the two
                // are joined.
                let mut here: Vec<usize> = mdps.clone();
                here.extend(&groups[gi]);
                let most = r.most_pairs_within(&here, &below);
                r.zero_with_one.set(false);
                let found = most.and_then(|m| {
                    bracket::pair_bracket(
                        r,
                        &mdps,
                        &groups[gi],
                        Place::Upper,
                        m,
                        &complete,
                        Hints {
                            below: Some(&below),
                            wanted: None,
                            c13: true,
                            lowest: false,
                            any: false,
                        },
                    )
                });
                match found {
                    Some(other) => {
                        searched = true;
                        out = other
                    }
                    None => {
                        lowest -= 1;
                        continue 'merge;
                    }
                }
            }
            // C.1 / C.12: the pairing sent back here for other downfloaters (`c12_again`).
            let next: &[usize] = if penultimate { &below } else { &groups[gi + 1] };
            let lower = penultimate.then_some(&below[..]);
            // C.12's last line: "backtracking is disallowed when already backtracking from a
            // lower score bracket": not after C.13's search paired this bracket again.
            let mut again = false;
            if !searched {
                if let Some(other) = c12_again(r, &mdps, &groups[gi], &out.floaters, next, lower) {
                    out = other;
                    again = true;
                }
            }
            // C.14.b.2 or A.3 with C.1: the penultimate bracket paired as homogeneous.
            if penultimate {
                let zero_here = searched && out.pairs.is_empty();
                let here = turn::Penultimate {
                    groups: &groups,
                    lowest,
                    mdps: &mdps,
                    residents: &groups[gi],
                    below: &below,
                    games: &games,
                };
                if let Some(other) = turn::homogeneous_instead(r, &here, &out, zero_here) {
                    out = other;
                }
            }
            explain::record(
                r,
                "score bracket",
                &mdps,
                &groups[gi],
                &out,
                searched,
                again,
            );
            // C.13's search ended with P zero: every player moves down, and the lowest
            // bracket is paired as a joined one (D.4).
            zero = zero || (searched && penultimate && out.pairs.is_empty());
            games.extend(out.pairs);
            mdps = out.floaters;
        }
        break (games, mdps, zero);
    };
    pair_lowest(r, &groups, lowest, zero, mdps, games)
}

/// The lowest bracket (A.3, merged by C.13 where needed): everybody paired, the bye at most
/// (B.1.b); `mdps` are the players moved down into it, `games` the upper brackets' pairs.
fn pair_lowest(
    r: &Round12,
    groups: &[Vec<usize>],
    lowest: usize,
    zero: bool,
    mdps: Vec<usize>,
    games: Vec<(usize, usize)>,
) -> Result<RoundResult, PairingError> {
    // The lowest bracket (merged by C.13 where needed): everybody paired, the bye at most.
    let merged = lowest + 1 < groups.len() || zero;
    let residents: Vec<usize> = if merged {
        // C.13: the merged bracket (D.4: homogeneous when the players moved down into it are
        // at least as many as its own).
        groups[lowest..].iter().flatten().copied().collect()
    } else {
        groups[lowest].clone()
    };
    let mut games = games;
    // The lowest bracket leaves one player at most, who may take the bye.
    let last = |f: &[usize]| f.len() <= 1 && r.completable(f);
    let out = bracket::pair_bracket(
        r,
        &mdps,
        &residents,
        if merged { Place::Merged } else { Place::Lowest },
        usize::MAX,
        &last,
        Hints {
            lowest: true,
            ..Hints::default()
        },
    )
    .ok_or_else(|| limit_error(lowest))?;
    let kind = if merged {
        "lowest bracket, joined by C.13"
    } else {
        "lowest bracket"
    };
    explain::record(r, kind, &mdps, &residents, &out, false, false);
    games.extend(out.pairs);
    let mdps = out.floaters;
    let bye = match mdps.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => {
            return Err(PairingError::NoValidPairing(
                "more than one player left unpaired in the lowest bracket".into(),
            ))
        }
    };
    Ok((games, bye))
}
