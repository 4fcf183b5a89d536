//! The Double-Swiss System, C.04.5 (approved 28/10/2025, applied from 1 February 2026): every
//! pairing is a match of two games with alternating colours, scored per game.
//!
//! Sources: the handbook page (https://handbook.fide.com/chapter/DoubleSwissSystem202602) read
//! verbatim from the Preface to 1.3.2; the rest (1.4-4.4) as
//! ../shared/reference/lim-and-double-swiss-2026.md B reconstructs it (3.3-3.6 and C4-C8 from
//! the Swiss Team text C.04.6). The readings taken where it is open are in `readings`, with the
//! evidence in docs/systems/double-swiss.md.
//!
//! Articles, and where they are implemented:
//! - Preface (forfeited matches, byes for matches only), 1.2 order, 1.4 PAB points, 1.5 floaters,
//!   1.6 colour history, C1 and C2: `view` (one match per two round columns).
//! - 3.3-3.6 (the PAB first, the top scoregroup plus its upfloaters, C3-C8, the first
//!   identifier): the procedure C.04.5 shares with the Swiss Team text C.04.6,
//!   [`crate::systems::common::brackets`], on the view of `view` (no colour preferences, so its
//!   C8 is the shared C10).
//! - 4.2-4.4 colours: `colour`.
//! - `readings`: the readings taken where the text is open (C5, C6, 1.5, C8, 4.3.1, 4.3.3).
//! - `difference`: `check`'s first difference of a file's match, by article.
//! - `literal`: the shared procedure by plain enumeration, the test oracle of the fast one.
//! - Preface, single forfeited games of a regular match played for tie-breaks and standings:
//!   `standings` ([`crate::System::seen_for_standings`], applied by
//!   [`crate::standings::standings`]).

mod colour;
mod difference;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod literal;
mod readings;
mod standings;
#[cfg(test)]
mod tests;
mod view;

use crate::model::{Color, Tournament};
#[cfg(test)]
use crate::pairing::AnySystem;
#[cfg(feature = "oracle")]
use crate::pairing::LiteralOracle;
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::systems::common::brackets::account;
use crate::systems::common::brackets::procedure::{self, Outcome};
use std::fmt::Write as _;
use view::Field;

/// The Double-Swiss System: each pairing round a match of two games.
pub(crate) struct DoubleSwiss;

impl PairingSystem for DoubleSwiss {
    type Round = Field;

    fn info(&self) -> Info {
        Info {
            name: "double-swiss",
            label: "Double-Swiss 2026",
            aliases: &[],
            title:
                "Double-Swiss System, C.04.5 approved 28/10/2025 (in force from 1 February 2026)",
            // ETT26 `FIDE_DOUBLESWISS` (Gacrux trf2json.py).
            codes_192: &["FIDE_DOUBLESWISS"],
            text_092: "Individual  Double-Swiss 2026 rules",
            names_in_092: |c| c.contains("DOUBLE-SWISS"),
            invariants: Invariants {
                // C2, checked per match by the checkers' match rules.
                bye: ByeRule::ByeOrForfeitWin,
                colours: ColourRule::Unlimited,
                lowest_bye_score: false,
            },
        }
    }

    /// The match whose game 1 is round column `req.round` (odd), read as matches.
    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Field, PairingError> {
        view::field(t, req)
    }

    fn pair(&self, t: &Tournament, req: &Request, f: &Field) -> Result<Diagnosed, PairingError> {
        let out = procedure::pair_field(f)?;
        Ok(to_pairing(t, req, f, &out).into())
    }

    /// The PAB, each bracket with its upfloaters, the first identifier, the colour rule of
    /// each pair.
    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        explain(t, req, pairing)
    }

    /// The first step of Article 3 or 4 at which `file` departs from the procedure.
    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        _ours: &Pairing,
    ) -> Option<String> {
        let f = view::field(t, req).ok()?;
        let out = procedure::pair_field(&f).ok()?;
        Some(difference::first(&f, &out, file))
    }

    /// A match of two games, one column per game (Preface).
    fn columns_per_round(&self) -> usize {
        2
    }

    /// Preface: a single forfeited game of a regular match counts as played.
    fn seen_for_standings(&self, t: &Tournament) -> Option<Tournament> {
        standings::with_single_forfeits_played(t)
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        Some(literal::pair)
    }
}

/// Pairs the match whose game 1 is round column `req.round` (odd) (for the tests).
#[cfg(test)]
pub(crate) fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    AnySystem::pair_diagnosed(&DoubleSwiss, t, req).map(|d| d.pairing)
}

/// The games (game-1 colours: White first) and the bye of an outcome, in board order.
fn to_pairing(t: &Tournament, req: &Request, f: &Field, out: &Outcome) -> Pairing {
    let mut games = Vec::new();
    for b in &out.brackets {
        for &(x, y) in &b.pairs {
            let (w, bl, _) = colours(f, x, y);
            games.push((w, bl));
        }
    }
    let mut p = Pairing {
        games,
        bye: out.bye.map(|i| f.units[i].id),
    };
    p.sort_boards(t, req.round);
    p
}

/// The game-1 White and Black of the pair of field indices `x`, `y` (4.2-4.3) and the rule.
fn colours(f: &Field, x: usize, y: usize) -> (u32, u32, colour::Rule) {
    // 4.2: the HRP ranks higher in the 1.2 order, i.e. has the smaller field index.
    let (h, o) = (&f.units[x.min(y)], &f.units[x.max(y)]);
    let (c, rule) = colour::hrp_colour(h, o, f.initial_colour);
    match c {
        Color::White => (h.id, o.id, rule),
        Color::Black => (o.id, h.id, rule),
    }
}

/// `pair --explain`: how the match was paired (the PAB, each bracket with its upfloaters, the
/// first identifier, the colour rule of each pair).
fn explain(t: &Tournament, req: &Request, pairing: &Pairing) -> String {
    let mut s = String::new();
    let f = match view::field(t, req) {
        Ok(f) => f,
        Err(e) => return format!("Double-Swiss: {e}\n"),
    };
    let _ = writeln!(
        s,
        "Double-Swiss (C.04.5), match {} (round columns {} and {}): {} players{}",
        f.round,
        req.round,
        req.round + 1,
        f.units.len(),
        if f.last_round {
            ", last round (no C7/C8)"
        } else {
            ""
        }
    );
    let out = match procedure::pair_field(&f) {
        Ok(o) => o,
        Err(e) => return format!("{s}{e}\n"),
    };
    let who = |i: usize| {
        let p = &f.units[i];
        format!("{} ({})", p.id, p.score)
    };
    let words = account::Words {
        pab_reason: "(lowest score, most matches played, largest TPN among those C2 allows \
                     with the rest pairable)",
        upfloaters: "(C4-C7, 3.5.4)",
    };
    account::write(&mut s, &out, &words, who, |s, b| {
        let id: Vec<String> = b
            .pairs
            .iter()
            .map(|&(x, _)| f.units[x].id.to_string())
            .chain(b.pairs.iter().map(|&(_, y)| f.units[y].id.to_string()))
            .collect();
        let _ = writeln!(
            s,
            "  3.6 first identifier {} (C8 penalties {})",
            id.join(" "),
            b.penalties.float
        );
        for &(x, y) in &b.pairs {
            let (w, bl, rule) = colours(&f, x, y);
            let _ = writeln!(
                s,
                "    {w} - {bl}: game 1 {w} White, game 2 {bl} White ({})",
                rule.article()
            );
        }
    });
    let ours = to_pairing(t, req, &f, &out);
    if ours != *pairing {
        let _ = writeln!(s, "note: the pairing shown differs from this account's");
    }
    s
}
