//! `pair --explain` for a team round: what the procedure did, in the order of Article 3 — the
//! field by 1.2 and 1.3.1, the PAB (3.4), each bracket with its residents and the upfloaters
//! chosen by C4-C7 and the 3.5.4 order, the pairing 3.6 kept with its C8-C10 values, and the
//! step of 4.3 that gave each match its colours.

use super::input::{ColourType, Primary, RoundInput};
use super::{colours, to_pairing, view};
use crate::pairing::PairingError;
use crate::systems::common::brackets::{account, procedure};
use crate::team::{TeamEvent, TeamPairing};
use std::fmt::Write as _;

/// The account of the round `input` of `ev`; `pairing` is the pairing being explained.
pub(super) fn explain(
    input: &RoundInput,
    ev: &TeamEvent,
    pairing: &TeamPairing,
) -> Result<String, PairingError> {
    let e = &input.event;
    let (f, order) = view::field(input)?;
    let out = procedure::pair_field(&f)?;
    let mut s = String::new();
    let score = match e.primary {
        Primary::MatchPoints => "match points",
        Primary::GamePoints => "game points",
    };
    let kind = match e.colour_type {
        ColourType::A => "Type A colour preferences",
        ColourType::B => "Type B colour preferences",
        ColourType::NoPreferences => "no colour preferences",
    };
    let absent = input.teams.len() - f.units.len();
    let _ = writeln!(
        s,
        "Swiss Team (C.04.6), round {} of {}: {} teams paired{}, by {score}, {kind}{}",
        e.round,
        e.total_rounds,
        f.units.len(),
        if absent > 0 {
            format!(" ({absent} absent)")
        } else {
            String::new()
        },
        if f.float_criteria {
            ""
        } else {
            " (one of the last two rounds: no C7, C10)"
        }
    );
    let name = |tpn: u32| {
        ev.team(tpn)
            .map(|t| t.name.as_str())
            .filter(|n| !n.is_empty())
            .map_or_else(String::new, |n| format!(" {n}"))
    };
    let who = |i: usize| {
        let u = &f.units[i];
        format!("{}{} ({})", u.id, name(u.id), u.score)
    };
    let words = account::Words {
        pab_reason: "(C2 allows it; the lowest score, then the most matches played, then the \
                     largest TPN, the others still pairable)",
        upfloaters: "(C4-C7, then the 3.5.4 order)",
    };
    account::write(&mut s, &out, &words, who, |s, b| {
        let p = b.penalties;
        let _ = writeln!(
            s,
            "  3.6 the first pairing by identifier with the least C8 {} (colour preferences \
             not met), C9 {} (strong ones), C10 {} (upfloaters meeting a previous floater)",
            p.colour, p.strong, p.float
        );
        for &(x, y) in &b.pairs {
            let (w, bl, rule) = colours(input, &f, &order, (x, y));
            let _ = writeln!(s, "    {w} - {bl}: {}", rule.article());
        }
    });
    let ours = to_pairing(input, &f, &order, &out);
    if ours.pairs != pairing.matches || ours.bye != pairing.bye {
        let _ = writeln!(s, "note: the pairing shown differs from this account's");
    }
    Ok(s)
}
