//! The criteria of one pair as field values (2017 C.4-C.19, 2026 C4-C21), most important
//! first, and the digits of the score-difference fields (A.8): what a pair of the bracket, a
//! pair below it and a bye edge contribute to each criterion.

use super::vertices::Vertices;
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::{Float, PreferenceStrength};
use crate::matching::I512;
use crate::model::Color;
use crate::pairing::PairingError;
use crate::score::Score;
use crate::systems::dutch::weights::{Digits, Layout};
use ethnum::I256;

// The weight fields, most important first, named by what they measure; each comment gives the
// criterion in the 2017 edition (C.x) and in the 2026 edition (Cx).

/// Complete the round: 2017 C.4 / A.9 (penultimate and last brackets only); 2026 C4 (and C5
/// through the bye candidates).
pub(super) const COMPLETION: usize = 0;
/// Maximise the number of pairs: 2017 C.5; 2026 C6.
pub(super) const PAIRS: usize = 1;
/// Minimise the PSD (2017 C.6, A.8) / the downfloaters' scores (2026 C7), as digits.
pub(super) const SCORES: usize = 2;
/// Pair M1 MDPs (2017 B.1.c, B.2), in a collapsed last bracket only; 2026 has none.
pub(super) const MDPS: usize = 3;
/// Pairs of the following bracket, given the downfloaters: 2017 C.7; 2026 C8.
pub(super) const NEXT_PAIRS: usize = 4;
/// PSD (2017 C.7) / downfloaters' scores (2026 C8) of the following bracket.
pub(super) const NEXT_SCORES: usize = 5;
/// Fewest unplayed games for the bye's assignee (last bracket): 2026 C9; not in 2017.
pub(super) const BYE_UNPLAYED: usize = 6;
/// Topscorers or their opponents with a colour difference beyond ±2: 2017 C.8; 2026 C10.
pub(super) const TOP_COLOUR_DIFFERENCE: usize = 7;
/// Topscorers or their opponents with the same colour three times in a row: 2017 C.9; 2026
/// C11.
pub(super) const TOP_THIRD_COLOUR: usize = 8;
/// Players who do not get their colour preference: 2017 C.10; 2026 C12.
pub(super) const PREFERENCE: usize = 9;
/// Players who do not get their strong colour preference: 2017 C.11; 2026 C13.
pub(super) const STRONG_PREFERENCE: usize = 10;
/// The same downfloat as the previous round: 2017 C.12; 2026 C14 (resident downfloaters).
pub(super) const DOWN_AGAIN: usize = 11;
/// The same upfloat as the previous round: 2017 C.13; 2026 C15 (MDP opponents).
pub(super) const UP_AGAIN: usize = 12;
/// The same downfloat as two rounds before: 2017 C.14; 2026 C16.
pub(super) const DOWN_TWO_BEFORE: usize = 13;
/// The same upfloat as two rounds before: 2017 C.15; 2026 C17.
pub(super) const UP_TWO_BEFORE: usize = 14;
/// Score differences of [`DOWN_AGAIN`]'s players: 2017 C.16; 2026 C18.
pub(super) const DOWN_AGAIN_SCORES: usize = 15;
/// Score differences of [`UP_AGAIN`]'s players: 2017 C.17; 2026 C19.
pub(super) const UP_AGAIN_SCORES: usize = 16;
/// Score differences of [`DOWN_TWO_BEFORE`]'s players: 2017 C.18; 2026 C20.
pub(super) const DOWN_TWO_BEFORE_SCORES: usize = 17;
/// Score differences of [`UP_TWO_BEFORE`]'s players: 2017 C.19; 2026 C21.
pub(super) const UP_TWO_BEFORE_SCORES: usize = 18;
/// The number of fields.
pub(super) const NQ: usize = 19;

/// The quality field values of an edge. Only the PSD fields (C.6, C.7) need wide integers;
/// the others are small counts and sums, kept narrow so that the edges of a large bracket stay
/// compact.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Fields {
    pub small: [i64; NQ],
    pub scores: I256,
    pub next_scores: I256,
}

impl Fields {
    pub(super) const ZERO: Fields = Fields {
        small: [0; NQ],
        scores: I256::ZERO,
        next_scores: I256::ZERO,
    };

    fn get(&self, f: usize) -> I256 {
        match f {
            SCORES => self.scores,
            NEXT_SCORES => self.next_scores,
            _ => I256::from(self.small[f]),
        }
    }

    fn set(&mut self, f: usize, v: I256) {
        match f {
            SCORES => self.scores = v,
            NEXT_SCORES => self.next_scores = v,
            // Counts and score sums of one pair: far inside i64.
            _ => self.small[f] = v.as_i64(),
        }
    }

    pub(super) fn all(&self) -> [I256; NQ] {
        std::array::from_fn(|f| self.get(f))
    }

    /// The fields packed by `l`: in 128-bit arithmetic when the layout fits (most brackets),
    /// which is much cheaper for the millions of pairs of a large bracket.
    pub(super) fn pack(&self, l: &Layout) -> I512 {
        if l.total_bits > 126 {
            return l.pack_512(&self.all());
        }
        let mut w = 0i128;
        for (f, &off) in l.offsets().iter().enumerate() {
            // Each value is below 2^(126 - off): the layout's bounds.
            let v = match f {
                SCORES => self.scores.as_i128(),
                NEXT_SCORES => self.next_scores.as_i128(),
                _ => i128::from(self.small[f]),
            };
            w += v << off;
        }
        I512::from(w)
    }
}

pub(super) fn i(v: i64) -> I256 {
    I256::from(v)
}

fn sc(s: Score) -> I256 {
    I256::from(s.0)
}

/// The digits of the PSD (2017 C.6) / downfloaters' scores (2026 C7) field and, when C.7 / C8
/// look into the following scoregroup, of its field there.
pub(super) fn score_digits(vx: &Vertices) -> Result<(Digits, Option<Digits>), PairingError> {
    let rules = vx.ctx.rules;
    let (nb, nnext, lookahead) = (vx.nb, vx.nnext, vx.lookahead);
    let score = |v: usize| vx.score(v);
    let fsd = |v: usize| vx.fsd(v);
    let fsd_next = |v: usize| vx.fsd_next(v);
    let pair_ok = |a: usize, b: usize| vx.pair_ok(a, b);
    // The PSD entries a candidate can have: each player's SD when unpaired, each allowed
    // pair's SD; a value occurs in a candidate at most as often as it occurs here.
    // (Counted per value first: a bracket has few distinct values and many pairs.)
    let mut d6 = std::collections::BTreeMap::new();
    for a in 0..nb {
        *d6.entry(fsd(a)).or_insert(0) += 1;
        for b in a + 1..nb {
            if rules.score_counts_pairs && pair_ok(a, b) {
                *d6.entry(Score((score(a) - score(b)).0.abs())).or_insert(0) += 1;
            }
        }
    }
    let d6: Vec<(Score, usize)> = d6.into_iter().collect();
    let too_wide = || {
        PairingError::TooLarge(format!(
            "a bracket of {nb} players has too many distinct score differences for the \
             engine's 256-bit PSD weights (C.6/C.7); the point system is unusual"
        ))
    };
    let digits6 = Digits::new(d6, nb).ok_or_else(too_wide)?;
    let digits7 = if lookahead {
        // The following scoregroup's own pairs (SD 0 in a scoregroup), the floaters' pairs
        // in it, and the players left unpaired there.
        let mut below_scores: Vec<Score> = (nb..nb + nnext).map(score).collect();
        below_scores.sort_unstable();
        below_scores.dedup();
        let mut d7 = Vec::new();
        let pairs_below = if rules.score_counts_pairs {
            &below_scores[..]
        } else {
            &[][..]
        };
        for (k, &s) in pairs_below.iter().enumerate() {
            for &t in &below_scores[..=k] {
                d7.push((s - t, nnext / 2));
            }
        }
        for a in 0..nb + nnext {
            d7.push((fsd_next(a), 1));
            if a < nb {
                // A floater is in one pair at most, whichever player below it meets.
                for &s in pairs_below {
                    d7.push((Score((score(a) - s).0.abs()), 1));
                }
            }
        }
        Some(Digits::new(d7, nb + nnext).ok_or_else(too_wide)?)
    } else {
        None
    };
    Ok((digits6, digits7))
}

/// The quality fields of the bracket's own pairs.
pub(super) struct PairFields<'a> {
    pub vx: &'a Vertices<'a>,
    pub digits6: Digits,
    pub digits7: Option<Digits>,
    /// The largest SD of a bracket player (the upfloat score differences count down from it).
    pub max_sd: i64,
    /// The residents have different scores (a collapsed last bracket): the MDPS field counts.
    pub mixed_residents: bool,
}

impl PairFields<'_> {
    /// The quality fields of the bracket pair (a, b), a < b < nb, when `a` gets White
    /// (`a_white`) or Black. They depend on nothing but the two players' classes
    /// (`Vertices::class_key`) and the colours.
    pub(super) fn of(&self, a: usize, b: usize, a_white: bool) -> Fields {
        let vx = self.vx;
        let (rules, p, global) = (vx.ctx.rules, &vx.ctx.players, &vx.global);
        let (completion, mixed_residents, max_sd) =
            (vx.completion, self.mixed_residents, self.max_sd);
        let (digits6, digits7) = (&self.digits6, &self.digits7);
        let score = |v: usize| vx.score(v);
        let fsd = |v: usize| vx.fsd(v);
        let fsd_next = |v: usize| vx.fsd_next(v);
        let is_mdp = |v: usize| vx.is_mdp(v);
        let mut q = Fields::ZERO;
        if completion {
            q.set(COMPLETION, I256::ONE);
        }
        q.set(PAIRS, I256::ONE);
        if mixed_residents && is_mdp(a) {
            q.set(MDPS, I256::ONE);
        }
        let (sa, sb) = (score(a), score(b));
        let pair_psd = if rules.score_counts_pairs {
            digits6.weight(Score((sa - sb).0.abs()))
        } else {
            I256::ZERO
        };
        q.set(
            SCORES,
            digits6.weight(fsd(a)) + digits6.weight(fsd(b)) - pair_psd,
        );
        if let Some(d7) = &digits7 {
            q.set(NEXT_SCORES, d7.weight(fsd_next(a)) + d7.weight(fsd_next(b)));
        }
        // Colours (C.8-C.11), with the allocation E.1-E.5 would make.
        let (ga, gb) = (global[a], global[b]);
        let w = if a_white { ga } else { gb };
        let topish = p[ga].top || p[gb].top;
        let (mut c8, mut c9, mut c10, mut c11) = (0, 0, 0, 0);
        for g in [ga, gb] {
            let c = if g == w { Color::White } else { Color::Black };
            let f = &p[g].colour;
            if let Some(pref) = f.preference {
                if pref.color != c {
                    c10 += 1;
                    if pref.strength >= PreferenceStrength::Strong {
                        c11 += 1;
                    }
                }
            }
            if topish {
                if gets_difference_beyond_two(f, c) {
                    c8 += 1;
                }
                if third_in_a_row(f, c) {
                    c9 += 1;
                }
            }
        }
        q.set(TOP_COLOUR_DIFFERENCE, i(2 - c8));
        q.set(TOP_THIRD_COLOUR, i(2 - c9));
        q.set(PREFERENCE, i(2 - c10));
        q.set(STRONG_PREFERENCE, i(2 - c11));
        // Floats (C.12-C.19). `a` is the higher ranked: with different scores it gets
        // a downfloat and `b` an upfloat (A.4.b). A downfloater's SD is its fsd.
        let a_down = sa > sb;
        let sd = (sa - sb).0 as i64;
        let mut c12 = 0;
        let mut c14 = 0;
        let mut c16 = I256::ZERO;
        let mut c18 = I256::ZERO;
        for v in [a, b] {
            let pl = &p[global[v]];
            let down_here = v == a && a_down;
            let paired_sd = if down_here { sd } else { 0 };
            let gain = if rules.float_sd_counts_residents || is_mdp(v) {
                sc(fsd(v)) - i(paired_sd)
            } else {
                I256::ZERO
            };
            if pl.float1 == Float::Down {
                if !down_here && !is_mdp(v) {
                    c12 += 1;
                }
                c16 += gain;
            }
            if pl.float2 == Float::Down {
                if !down_here && !is_mdp(v) {
                    c14 += 1;
                }
                c18 += gain;
            }
        }
        q.set(DOWN_AGAIN, i(c12));
        q.set(DOWN_TWO_BEFORE, i(c14));
        q.set(DOWN_AGAIN_SCORES, c16);
        q.set(DOWN_TWO_BEFORE_SCORES, c18);
        let pb = &p[gb];
        let up1 = a_down && pb.float1 == Float::Up;
        let up2 = a_down && pb.float2 == Float::Up;
        q.set(UP_AGAIN, i(1 - i64::from(up1)));
        q.set(UP_TWO_BEFORE, i(1 - i64::from(up2)));
        q.set(UP_AGAIN_SCORES, i(max_sd - if up1 { sd } else { 0 }));
        q.set(UP_TWO_BEFORE_SCORES, i(max_sd - if up2 { sd } else { 0 }));
        q
    }
}

/// The quality fields of a pair with a player below the bracket (C.7 / C8, the completion):
/// `a < b`, `b` below the bracket.
pub(super) fn lower_fields(vx: &Vertices, digits7: Option<&Digits>, a: usize, b: usize) -> Fields {
    let (rules, nb, nnext) = (vx.ctx.rules, vx.nb, vx.nnext);
    let mut q = Fields::ZERO;
    if vx.completion {
        q.set(COMPLETION, I256::ONE);
    }
    let in_next = a < nb + nnext && b < nb + nnext;
    if let Some(d7) = digits7.filter(|_| in_next) {
        q.set(NEXT_PAIRS, I256::ONE);
        let pair_psd = if rules.score_counts_pairs {
            d7.weight(Score((vx.score(a) - vx.score(b)).0.abs()))
        } else {
            I256::ZERO
        };
        q.set(
            NEXT_SCORES,
            d7.weight(vx.fsd_next(a)) + d7.weight(vx.fsd_next(b)) - pair_psd,
        );
    }
    q
}

/// The quality fields of the edge between vertex `a` and the bye vertex, when `a` may take the
/// bye (C.2). `bye_played`: 2026 C9 counts.
pub(super) fn bye_fields(vx: &Vertices, bye_played: bool, a: usize) -> Option<Fields> {
    let pl = vx.player(a);
    if !pl.bye_ok {
        return None;
    }
    let mut q = Fields::ZERO;
    if bye_played && a < vx.nb {
        // 2026 C9: the bye to a player with the most games played.
        q.set(BYE_UNPLAYED, i(pl.played as i64));
    }
    if vx.completion {
        q.set(COMPLETION, I256::ONE);
        if vx.lookahead && vx.nnext == vx.nx {
            // The following bracket is the last: its bye counts as a pair.
            q.set(NEXT_PAIRS, I256::ONE);
        }
    } else {
        q.set(NEXT_PAIRS, I256::ONE);
    }
    Some(q)
}
