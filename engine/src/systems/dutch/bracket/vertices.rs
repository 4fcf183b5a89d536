//! A bracket's vertices: the players of the bracket and below it, in the order the graph
//! numbers them, with what the criteria of a pair are computed from (scores, A.8's score
//! differences, MDPs, compatibility).

use super::mode::Mode;
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::{Float, PreferenceStrength};
use crate::model::Color;
use crate::score::Score;

/// What the criteria of a pair read of one of its players, apart from who gets White: two
/// vertices with the same key give a pair the same fields (`fields`), so the weights of a
/// bracket are computed once per pair of keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ClassKey {
    /// A player of the bracket.
    Bracket {
        mdp: bool,
        score: Score,
        preference: Option<(Color, PreferenceStrength)>,
        top: bool,
        /// C.8 / C.9 if he gets White or Black: a colour difference beyond two (bits 0, 1),
        /// three in a row (bits 2, 3).
        colour_flags: u8,
        float1: Float,
        float2: Float,
    },
    /// A player below the bracket: his score and whether he is in the following scoregroup.
    Below { score: Score, next: bool },
}
use crate::systems::dutch::{RoundCtx, RoundPlayer};

/// One point, in the units of [`Score`].
const ONE_POINT: Score = Score(10);

/// A bracket's graph vertices (the MDPs, then the residents, each in BSN order; the players
/// below it when C.7 / C8 or the completion looks there; the bye vertex) with what the weight
/// fields of their edges are computed from.
pub(super) struct Vertices<'a> {
    pub ctx: &'a RoundCtx,
    /// Round-player index of each vertex (`usize::MAX` for the bye vertex).
    pub global: Vec<usize>,
    /// MDPs (`0..m`), bracket players (`0..nb`).
    pub m: usize,
    pub nb: usize,
    /// The following scoregroup's players (`nb..nb + nnext`), all the players below
    /// (`nb..nb + nx`).
    pub nnext: usize,
    pub nx: usize,
    /// The bracket is paired for the completion of the round (C.4 / C4).
    pub completion: bool,
    /// C.7 / C8 look into the following scoregroup.
    pub lookahead: bool,
    /// The graph has a bye vertex (last vertex).
    pub dummy: bool,
    /// The lowest score in the bracket, and in the following scoregroup.
    pub low: Score,
    pub low_next: Score,
}

impl<'a> Vertices<'a> {
    pub(super) fn new(
        ctx: &'a RoundCtx,
        mdps: &[usize],
        residents: &[usize],
        mode: Mode,
    ) -> Vertices<'a> {
        let p = &ctx.players;
        let mut global: Vec<usize> = mdps.to_vec();
        global.sort_unstable();
        let m = global.len();
        let mut res = residents.to_vec();
        res.sort_unstable();
        global.extend(&res);
        let nb = global.len();
        let (below, completion, nnext, next_last) = match mode {
            Mode::Lookahead(x, last) => (x, false, x.len(), last),
            Mode::Penultimate(x, k) => (x, true, k.min(x.len()), false),
            Mode::Last => (&[][..], true, 0, false),
        };
        global.extend(below);
        let nx = below.len();
        // The bye vertex: in the last bracket, and when C.7 looks into the last bracket (whose
        // one unpaired player, if any, must be able to take the bye, C.2).
        let dummy = (completion && (nb + nx) % 2 == 1) || next_last;
        if dummy {
            global.push(usize::MAX);
        }
        let low = (0..nb)
            .map(|v| p[global[v]].score)
            .min()
            .unwrap_or_default();
        let low_next = below.first().map(|&x| p[x].score).unwrap_or_default();
        Vertices {
            ctx,
            global,
            m,
            nb,
            nnext,
            nx,
            completion,
            lookahead: nnext > 0,
            dummy,
            low,
            low_next,
        }
    }

    pub(super) fn player(&self, v: usize) -> &RoundPlayer {
        &self.ctx.players[self.global[v]]
    }

    pub(super) fn score(&self, v: usize) -> Score {
        self.player(v).score
    }

    pub(super) fn is_mdp(&self, v: usize) -> bool {
        v < self.m
    }

    /// A.8: a downfloater's SD is measured against one point less than the lowest score.
    pub(super) fn fsd(&self, v: usize) -> Score {
        self.score(v) - self.low + ONE_POINT
    }

    /// The same in the following scoregroup (C.7 / C8).
    pub(super) fn fsd_next(&self, v: usize) -> Score {
        self.score(v) - self.low_next + ONE_POINT
    }

    pub(super) fn compat(&self, a: usize, b: usize) -> bool {
        self.ctx.compat.get(self.global[a], self.global[b])
    }

    /// A pair the bracket may make (C.1, C.3; two MDPs are never paired together).
    pub(super) fn pair_ok(&self, a: usize, b: usize) -> bool {
        self.compat(a, b) && !(self.is_mdp(a) && self.is_mdp(b))
    }

    /// The class of vertex `v` (not the bye vertex).
    pub(super) fn class_key(&self, v: usize) -> ClassKey {
        if v >= self.nb {
            return ClassKey::Below {
                score: self.score(v),
                next: v < self.nb + self.nnext,
            };
        }
        let p = self.player(v);
        let f = &p.colour;
        let mut colour_flags = 0;
        for (bit, c) in [(0, Color::White), (1, Color::Black)] {
            colour_flags |= u8::from(gets_difference_beyond_two(f, c)) << bit;
            colour_flags |= u8::from(third_in_a_row(f, c)) << (bit + 2);
        }
        ClassKey::Bracket {
            mdp: self.is_mdp(v),
            score: p.score,
            preference: f.preference.map(|pr| (pr.color, pr.strength)),
            top: p.top,
            colour_flags,
            float1: p.float1,
            float2: p.float2,
        }
    }
}
