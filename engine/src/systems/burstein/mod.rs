//! The Burstein System, C.04.4.2 (approved by the Council on 28/10/2025, applied from
//! 1 February 2026; the articles are numbered as in the text of 1 July 2025, which it
//! corrects). The text is known from the handbook pages of 2025 and older and from the articles
//! quoted in `other-systems-notes.md` D.
//!
//! Articles, and where they are implemented:
//! - 1.5 colour preferences (as the Dutch 1.7.1-1.7.3; 1.5.4: no games, no preference, the
//!   opponent's is granted): `history::PlayerHistory::preference`, used as is.
//! - 1.6 seeding rounds: the first min(⌊rounds/2⌋, 4) rounds are paired by the FIDE (Dutch)
//!   System of the edition in force (its [`PairingSystem`]): [`seeding_rounds`].
//! - 1.7 opposition evaluation (Buchholz, Sonneborn-Berger, the unplayed-round rules of 1.7.2,
//!   virtual points left out): `tiebreak::pairing_index`.
//! - 1.8 ranking order in a bracket: Index (Buchholz, then Sonneborn-Berger), then TPN:
//!   [`Entrant::rank_key`].
//! - C1 no rematch, C3 no two players with the same absolute colour preference (no topscorer
//!   exception): [`Round::compat`]; C2 (Basic Rules Art. 4): `history::may_get_pab`.
//! - 3.1 the pairing-allocated bye, assigned first: [`choose_bye`].
//! - 3.2 the pairing of a bracket (C4 completion, C5-C8) in the order of Article 4:
//!   [`bracket`].
//! - 5 colour allocation: [`white_first`].
//!
//! `literal` is the procedure as written (every pairing of a bracket in the order of
//! Article 4, the best by C5-C8 with C4 checked by enumeration), the oracle of the fast engine
//! on small fields.

pub(crate) mod bracket;
mod compare;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod literal;
#[cfg(test)]
mod tests;

use crate::colour::{high_gets_white, ColourFacts};
use crate::history::{histories_in, Edition, Preference, PreferenceStrength};
use crate::model::{Color, PlayerId, Tournament};
#[cfg(feature = "oracle")]
use crate::pairing::LiteralOracle;
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::score::Score;
use crate::systems::common::bye::lowest_bye;
use crate::systems::common::completion::pairable;
use crate::systems::common::round::present;
use crate::systems::dutch::edition_2026::DUTCH_2026;
use crate::tiebreak::pairing_index::{burstein_index, OppositionIndex};
use std::cmp::Reverse;
use std::fmt::Write as _;

/// 1.6.2: the number of seeding rounds, half the rounds (rounded down) or four, whichever is
/// lower. A file that does not say how many rounds the tournament has (no `XXR` / `142`) is
/// taken as a tournament of eight rounds or more: four seeding rounds.
pub fn seeding_rounds(total_rounds: Option<u32>) -> usize {
    total_rounds.map_or(4, |r| (r as usize / 2).min(4))
}

/// One player of the round, with what the Burstein rules read.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub id: PlayerId,
    /// Pairing score (score plus virtual points of an acceleration: scoregroups, 1.2).
    pub score: Score,
    /// 1.7: the Index, without virtual points.
    pub index: OppositionIndex,
    /// Colours of played games, oldest first.
    pub colors: Vec<Color>,
    /// 1.5: `None` without games (1.5.4).
    pub preference: Option<Preference>,
    /// Whites minus blacks.
    pub difference: i32,
    /// Games played over the board (3.1.4).
    pub played: usize,
    /// C2: may receive the pairing-allocated bye.
    pub bye_ok: bool,
}

impl Entrant {
    /// 1.8: the higher key ranks higher in a bracket: Index (Buchholz, then Sonneborn-Berger),
    /// then the smaller TPN. Scores are not part of it.
    pub fn rank_key(&self) -> (i64, i64, Reverse<PlayerId>) {
        (
            self.index.buchholz,
            self.index.sonneborn_berger,
            Reverse(self.id),
        )
    }

    /// True when the player has an absolute colour preference for `c` (C3).
    fn absolute_for(&self, c: Color) -> bool {
        self.preference
            .is_some_and(|p| p.strength == PreferenceStrength::Absolute && p.color == c)
    }
}

/// The players of one round after the seeding rounds, in score order (then 1.8), and the
/// compatibility of every pair (C1, C3, the file's forbidden pairs).
pub(crate) struct Round {
    pub players: Vec<Entrant>,
    pub compat: Vec<Vec<bool>>,
    pub initial: Color,
}

impl Round {
    /// Prepares round `req.round` of `t` (whose rounds before it are read; later ones ignored).
    pub fn prepare(t: &Tournament, req: &Request) -> Result<Round, PairingError> {
        let before = req.round.saturating_sub(1);
        let past = if t.rounds_recorded() > before {
            t.truncated(before)
        } else {
            t.clone()
        };
        let hist = histories_in(&past, before, Edition::Y2026);
        let index = burstein_index(&past);
        let mut players = Vec::with_capacity(req.present.len());
        for (id, i) in present(t, req)? {
            let h = &hist[i];
            players.push(Entrant {
                id,
                score: h.pairing_score(),
                index: index[i],
                colors: h.colors.clone(),
                preference: h.preference(),
                difference: h.color_difference(),
                played: h.games_played(),
                bye_ok: h.may_get_pab(Edition::Y2026),
            });
        }
        players.sort_by(|a, b| b.score.cmp(&a.score).then(b.rank_key().cmp(&a.rank_key())));
        let n = players.len();
        let mut compat = vec![vec![false; n]; n];
        let forbidden = crate::forbidden::ForbiddenPairs::new(t, req.round);
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (&players[i], &players[j]);
                let met = hist[t.index_of(a.id).unwrap_or(0)].has_met(b.id);
                // C3 (2.1.3): not two players with the same absolute colour preference.
                let c3 = [Color::White, Color::Black]
                    .iter()
                    .any(|&c| a.absolute_for(c) && b.absolute_for(c));
                let ok = !met && !forbidden.contains(a.id, b.id) && !c3;
                compat[i][j] = ok;
                compat[j][i] = ok;
            }
        }
        Ok(Round {
            players,
            compat,
            initial: crate::colour::initial_colour(t),
        })
    }

    /// True when the players `who` (indices) can all be paired among themselves (C4).
    pub fn pairable(&self, who: &[usize]) -> bool {
        pairable(who, |a, b| self.compat[a][b])
    }
}

/// One bracket as paired, for `explain`.
pub(crate) struct Trace {
    pub score: Score,
    pub incoming: Vec<usize>,
    pub residents: Vec<usize>,
    /// The bracket in BSN order (4.1).
    pub bsn: Vec<usize>,
    pub pairs: Vec<(usize, usize)>,
    pub outgoing: Vec<usize>,
}

/// A round paired: games (White, Black) and the bye as indices, and each bracket's trace.
pub(crate) struct Paired {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub traces: Vec<Trace>,
}

/// The Burstein System, 2026 edition.
pub(crate) struct Burstein2026;

/// A round as the Burstein System reads it.
pub(crate) enum Prepared {
    /// 1.6: a seeding round, read and paired by the FIDE (Dutch) System of the edition in
    /// force.
    Seeding,
    /// A later round, paired by Articles 1.7-5.
    Scored(Round),
}

impl PairingSystem for Burstein2026 {
    type Round = Prepared;

    fn info(&self) -> Info {
        Info {
            name: "burstein-2026",
            label: "Burstein 2026",
            aliases: &["burstein"],
            title: "Burstein System, C.04.4.2 approved 28/10/2025 (in force from 1 February 2026)",
            // ETT26 `FIDE_BURSTEIN` names the edition in force (C.04.4.2, 2026); the text of 1
            // July 2025 is the same system, corrected in 2026.
            codes_192: &["FIDE_BURSTEIN", "FIDE_BURSTEIN_2025", "FIDE_BURSTEIN_2026"],
            text_092: "Individual  Swiss Burstein 2026 rules",
            // A text naming Double-Swiss is Double-Swiss's.
            names_in_092: |c| c.contains("BURSTEIN") && !c.contains("DOUBLE-SWISS"),
            invariants: Invariants {
                // C2 (2.1.2) cites the Basic Rules' Art. 4.
                bye: ByeRule::ByeOrWinWithoutPlaying,
                // C3 (2.1.3) names no topscorer exception; the seeding rounds (Dutch) are never
                // the last round.
                colours: ColourRule::PerPlayer {
                    topscorer_exempt: false,
                    last_round_exempt: false,
                },
                // 3.1.2-3.1.3 (the seeding rounds: Dutch 2026 C5).
                lowest_bye_score: true,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Prepared, PairingError> {
        if is_seeding_round(t, req) {
            return Ok(Prepared::Seeding);
        }
        Round::prepare(t, req).map(Prepared::Scored)
    }

    /// A seeding round (1.6) by the Dutch System of the edition in force, a later round by
    /// Articles 1.7-5.
    fn pair(&self, t: &Tournament, req: &Request, r: &Prepared) -> Result<Diagnosed, PairingError> {
        match r {
            Prepared::Seeding => crate::pairing::AnySystem::pair_diagnosed(&DUTCH_2026, t, req),
            Prepared::Scored(r) => pair_prepared(t, req, r).map(|(p, _)| p.into()),
        }
    }

    /// Bracket by bracket; a seeding round as the Dutch System explains it.
    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        explain(t, req, pairing)
    }

    /// In a seeding round as the Dutch System says, after them by the first Burstein article
    /// on which they part.
    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        ours: &Pairing,
    ) -> Option<String> {
        if is_seeding_round(t, req) {
            return Some(format!(
                "seeding round (1.6), Dutch: {}",
                DUTCH_2026
                    .first_difference(t, req, file, ours)
                    .unwrap_or_default()
            ));
        }
        Some(compare::first_difference(t, req, file, ours))
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        Some(literal::pair)
    }
}

/// Pairs round `req.round` of `t` with the Burstein System (for the tests).
#[cfg(test)]
pub(crate) fn pair(t: &Tournament, req: &Request) -> Result<Diagnosed, PairingError> {
    let r = Burstein2026.prepare(t, req)?;
    Burstein2026.pair(t, req, &r)
}

/// 1.6: true when round `req.round` is a seeding round.
fn is_seeding_round(t: &Tournament, req: &Request) -> bool {
    req.round <= seeding_rounds(t.total_rounds)
}

fn pair_prepared(
    t: &Tournament,
    req: &Request,
    r: &Round,
) -> Result<(Pairing, Paired), PairingError> {
    let paired = pair_round(r)?;
    let pairing =
        Pairing::from_indices(t, req.round, |i| r.players[i].id, &paired.games, paired.bye);
    Ok((pairing, paired))
}

/// 3.1 (the bye first), then 3.2 bracket by bracket from the highest scoregroup.
pub(crate) fn pair_round(r: &Round) -> Result<Paired, PairingError> {
    let mut left: Vec<usize> = (0..r.players.len()).collect();
    let bye = if left.len() % 2 == 1 {
        let b = choose_bye(r, &left)?;
        left.retain(|&i| i != b);
        Some(b)
    } else {
        None
    };
    let mut incoming: Vec<usize> = Vec::new();
    let mut traces = Vec::new();
    let mut games = Vec::new();
    while !left.is_empty() {
        let b = bracket::pair_bracket(r, &left, &incoming)?;
        for &(x, y) in &b.pairs {
            games.push(if white_first(r, x, y) { (x, y) } else { (y, x) });
        }
        let members: Vec<usize> = b.bsn.clone();
        left.retain(|i| !members.contains(i) || b.outgoing.contains(i));
        incoming = b.outgoing.clone();
        traces.push(b);
    }
    Ok(Paired { games, bye, traces })
}

/// 3.1: the pairing-allocated bye goes to the player who (3.1.1) may receive it (C2), (3.1.2)
/// allows a complete pairing of the others (C4), (3.1.3) has the lowest score, (3.1.4) has
/// played the highest number of games, (3.1.5) occupies the lowest ranking (1.8: Index, then
/// TPN).
pub(crate) fn choose_bye(r: &Round, left: &[usize]) -> Result<usize, PairingError> {
    let p = |i: usize| &r.players[i];
    lowest_bye(
        left,
        |i| p(i).bye_ok,
        |i| (p(i).score, p(i).played),
        |a, b| p(a).rank_key().cmp(&p(b).rank_key()),
        |rest| r.pairable(rest),
    )
    .ok_or_else(|| {
        PairingError::NoValidPairing(
            "no player can take the pairing-allocated bye and leave the others pairable \
             (C.04.4.2 3.1)"
                .into(),
        )
    })
}

/// 5 (colour allocation): both without games, the higher ranked gets the initial colour with an
/// odd TPN; otherwise grant both preferences (a player without games has none, 1.5.4), the
/// stronger one, alternate to the most recent round with different colours, then the higher
/// ranked player's preference. The higher ranked is the higher by the ranking order of 1.8
/// (Index, then TPN), the order of the bracket the two are paired in; scores are not part of it.
pub(crate) fn white_first(r: &Round, a: usize, b: usize) -> bool {
    let (pa, pb) = (&r.players[a], &r.players[b]);
    let a_high = pa.rank_key() > pb.rank_key();
    let (high, low) = if a_high { (pa, pb) } else { (pb, pa) };
    let facts = |p: &Entrant| ColourFacts {
        tpn: p.id,
        colors: p.colors.clone(),
        preference: p.preference,
        difference: p.difference,
    };
    high_gets_white(&facts(high), &facts(low), r.initial) == a_high
}

/// A human-readable account of how round `req.round` is paired, bracket by bracket.
fn explain(t: &Tournament, req: &Request, pairing: &Pairing) -> String {
    let mut s = String::new();
    if is_seeding_round(t, req) {
        let total = t
            .total_rounds
            .map_or("rounds unknown: taken as 8 or more".to_string(), |r| {
                format!("{r} rounds")
            });
        let _ = writeln!(
            s,
            "Burstein, round {}: a seeding round (1.6: the first min(rounds/2, 4) of {total}), \
             paired by the FIDE (Dutch) System in force",
            req.round
        );
        s.push_str(&DUTCH_2026.explain(t, req, pairing));
        return s;
    }
    let traced = Round::prepare(t, req).and_then(|r| pair_prepared(t, req, &r).map(|p| (p, r)));
    match traced {
        Err(e) => {
            let _ = writeln!(s, "round {}: {e}", req.round);
        }
        Ok(((p, paired), r)) => {
            let _ = writeln!(s, "Burstein 2026, round {}", req.round);
            if let Some(b) = p.bye {
                let _ = writeln!(s, "3.1 pairing-allocated bye: {b}");
            }
            for tr in &paired.traces {
                explain_bracket(&mut s, &r, tr);
            }
        }
    }
    s
}

fn explain_bracket(s: &mut String, r: &Round, tr: &Trace) {
    let id = |i: usize| r.players[i].id;
    let ids = |v: &[usize]| v.iter().map(|&i| id(i)).collect::<Vec<_>>();
    let _ = writeln!(
        s,
        "bracket {}: residents {:?}, incoming floaters {:?}",
        tr.score,
        ids(&tr.residents),
        ids(&tr.incoming)
    );
    let order: Vec<String> = tr
        .bsn
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let p = &r.players[i];
            format!(
                "{}:{} (BH {}, SB {})",
                k + 1,
                p.id,
                crate::tiebreak::Value::tenths(p.index.buchholz),
                crate::tiebreak::Value::hundredths(p.index.sonneborn_berger)
            )
        })
        .collect();
    let _ = writeln!(s, "  4.1 BSN (1.8 Index, TPN): {}", order.join(", "));
    let pairs: Vec<String> = tr
        .pairs
        .iter()
        .map(|&(a, b)| format!("{}-{}", id(a), id(b)))
        .collect();
    let _ = writeln!(
        s,
        "  pairs (C5-C8, first in the 4.3 order): {}; outgoing floaters {:?}",
        pairs.join(" "),
        ids(&tr.outgoing)
    );
}
