//! The FIDE (Dutch) System (C.04.3): the machinery both editions share.
//!
//! This module prepares one round: it ranks the players (2017 A.2, 2026 Art. 1.2), derives their
//! histories under the edition's rules, and defines which pairs are possible (C1 no rematch,
//! C3 absolute colour preferences, forbidden pairs) and who may take the bye (C2). Each edition
//! drives the brackets from the top in its own module: `edition_2017` (A.3-A.9: the
//! Penultimate Pairing Bracket and the collapsed last bracket) and `edition_2026` (Art. 1.9,
//! C4 universal completion and C5 the bye's score). Each bracket is paired by `bracket` (a
//! maximum-weight matching whose weights encode the quality criteria and the generation order
//! of 2017 D.1-D.3 / 2026 Art. 4), with the few edition differences read from the edition's
//! [`Rules`]; colours come from `colour` (2017 E.1-E.5 = 2026 5.2.1-5.2.5).

mod bracket;
mod compare;
mod compat;
mod edition;
pub mod edition_2017;
pub mod edition_2026;
// The literal oracle: for the unit tests, and for the fuzz targets with the `oracle` feature
// (which use only `solve`; the rest serves the tests).
#[cfg(any(test, feature = "oracle"))]
#[cfg_attr(not(test), allow(dead_code))]
mod literal;
pub mod weights;

use crate::colour::{high_gets_white, ColourFacts};
use crate::history::{histories_in, Edition, Float, PreferenceStrength};
use crate::model::{Color, PlayerId, RoundEntry, Tournament};
use crate::pairing::{Pairing, PairingError, Request};
use crate::score::Score;
use crate::systems::common::completion::completable;
use crate::systems::common::round::{check_round_number, score_groups};
pub(crate) use compat::Compat;

/// A player as the Dutch system sees him when pairing one round.
#[derive(Clone, Debug)]
pub(crate) struct RoundPlayer {
    pub id: PlayerId,
    /// Pairing score (score plus acceleration), A.2.
    pub score: Score,
    pub colour: ColourFacts,
    /// Topscorer (A.7): only in the last round.
    pub top: bool,
    /// Floats received one and two rounds before (A.4).
    pub float1: Float,
    pub float2: Float,
    /// May receive the pairing-allocated bye (2017 C.2; 2026 C2, and C5 once the round's
    /// lowest possible bye score is known).
    pub bye_ok: bool,
    /// Games played over the board (2026 C9).
    pub played: usize,
    /// Opponents met over the board (C.1).
    pub met: Vec<PlayerId>,
}

/// The names of the criteria an explanation cites, by the role they play in the shared
/// bracket machinery.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CriterionNames {
    /// Colour preference not granted.
    pub preference: &'static str,
    /// Strong (or absolute) colour preference not granted.
    pub strong: &'static str,
    /// Downfloat (or, 2026, resident downfloat) repeated from the previous round.
    pub down1: &'static str,
    /// Upfloat repeated from the previous round.
    pub up1: &'static str,
    /// Downfloat as two rounds before.
    pub down2: &'static str,
    /// Upfloat as two rounds before.
    pub up2: &'static str,
}

/// What an edition decides: its round driver and the few ways its criteria differ inside the
/// shared bracket machinery. Each edition's module defines its own (`edition_2017::RULES`,
/// `edition_2026::RULES`).
pub(crate) struct Rules {
    pub edition: Edition,
    pub names: CriterionNames,
    /// The score criterion of a bracket and of the following one: the PSD of all pairs and
    /// downfloaters (2017 A.8, C.6, C.7), or only the downfloaters' scores (2026 C7, C8).
    pub score_counts_pairs: bool,
    /// The score-difference float criteria count every player (2017 C.16, C.18), or only the
    /// MDPs (2026 C18, C20).
    pub float_sd_counts_residents: bool,
    /// Fewest unplayed games for the bye's receiver (2026 C9).
    pub bye_played_games: bool,
    /// Adjusts the prepared round (2026 C5: the bye candidates).
    pub prepare: fn(&mut RoundCtx),
    /// What happens when a bracket's best pairing would leave the round incomplete.
    pub outlook: Outlook,
}

/// The round-pairing outlook: what the driver does with a bracket whose best pairing leaves
/// players below it who cannot complete the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outlook {
    /// 2017 A.9: the bracket is the Penultimate Pairing Bracket, paired again with the
    /// completion criterion C.4; everybody below collapses into the last bracket.
    Collapse,
    /// 2026 C4: the bracket is paired again with the completion of the round first, and the
    /// pairing goes on with the next scoregroup.
    Complete,
}

/// Everything constant during the pairing of one round.
pub(crate) struct RoundCtx {
    /// The edition's rules.
    pub rules: &'static Rules,
    /// Players to pair, in A.2 order (score, then pairing number).
    pub players: Vec<RoundPlayer>,
    /// Whether players i and j may meet (C.1, forbidden pairs, C.3).
    pub compat: Compat,
    pub initial: Color,
}

impl RoundCtx {
    /// Who gets White in a pair of round players (indices in A.2 order).
    pub fn white_first(&self, a: usize, b: usize) -> (usize, usize) {
        let (hi, lo) = if a < b { (a, b) } else { (b, a) };
        if high_gets_white(
            &self.players[hi].colour,
            &self.players[lo].colour,
            self.initial,
        ) {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }

    /// True when the players (indices) allow a complete round-pairing (A.9): all paired but at
    /// most one, who must be able to receive the bye.
    pub fn completable(&self, who: &[usize]) -> bool {
        completable(
            who.len(),
            |i, j| self.compat.get(who[i], who[j]),
            |i| self.players[who[i]].bye_ok,
        )
    }
}

/// Pairs one bracket (`bracket::solve`, or the literal oracle's `solve`).
pub(crate) trait SolveBracket:
    Fn(&RoundCtx, &[usize], &[usize], bracket::Mode) -> Result<bracket::BracketResult, PairingError>
{
}

impl<F> SolveBracket for F where
    F: Fn(
        &RoundCtx,
        &[usize],
        &[usize],
        bracket::Mode,
    ) -> Result<bracket::BracketResult, PairingError>
{
}

/// Reads round `req.round` of `t` under the edition's `rules` (`PairingSystem::prepare` of
/// both editions).
fn prepare_round(
    rules: &'static Rules,
    t: &Tournament,
    req: &Request,
) -> Result<RoundCtx, PairingError> {
    check_round_number(req.round)?;
    prepare(rules, t, req)
}

/// Pairs a prepared round: its brackets by `solve` (`bracket::solve`, or the literal oracle's),
/// then the colours and the board order.
fn pair_prepared(
    ctx: &RoundCtx,
    t: &Tournament,
    req: &Request,
    solve: &dyn SolveBracket,
) -> Result<Pairing, PairingError> {
    let pairs = pair_ctx(ctx, solve)?;
    let mut pairing = Pairing {
        games: Vec::new(),
        bye: None,
    };
    for (a, b) in pairs.games {
        let (w, bl) = ctx.white_first(a, b);
        pairing.games.push((ctx.players[w].id, ctx.players[bl].id));
    }
    pairing.bye = pairs.bye.map(|i| ctx.players[i].id);
    pairing.sort_boards(t, req.round);
    Ok(pairing)
}

/// Why `file` and `ours`, two pairings of round `req.round` of `t`, differ under the
/// edition's `rules`: the first criterion by article on which they differ, with both values,
/// or that they tie and differ by the generation order.
fn first_difference_with(
    rules: &'static Rules,
    t: &Tournament,
    req: &Request,
    file: &Pairing,
    ours: &Pairing,
) -> String {
    match prepare(rules, t, req) {
        Ok(ctx) => compare::first_difference(&ctx, file, ours),
        Err(e) => e.to_string(),
    }
}

/// A human-readable account of how round `req.round` is paired under the edition's `rules`:
/// per bracket, its players (MDPs and residents), the pairs with colours, and the criteria a
/// pair does not fully meet (colour preference not granted, repeated floats), then the
/// downfloaters.
fn explain_with(rules: &'static Rules, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let Ok(ctx) = prepare(rules, t, req) else {
        return s;
    };
    let Ok(pairs) = pair_ctx(&ctx, &bracket::solve) else {
        return s;
    };
    let names = &rules.names;
    let name = |i: usize| {
        let p = &ctx.players[i];
        format!("{} ({})", p.id, p.score)
    };
    let _ = writeln!(
        s,
        "round {}: {} players to pair",
        req.round,
        ctx.players.len()
    );
    for b in &pairs.trace {
        let score = b
            .residents
            .first()
            .map(|&i| ctx.players[i].score)
            .unwrap_or_default();
        let _ = writeln!(s, "{} of score {}:", b.kind, score);
        if !b.mdps.is_empty() {
            let l: Vec<String> = b.mdps.iter().map(|&i| name(i)).collect();
            let _ = writeln!(s, "  moved-down players: {}", l.join(", "));
        }
        let l: Vec<String> = b.residents.iter().map(|&i| name(i)).collect();
        let _ = writeln!(s, "  residents: {}", l.join(", "));
        for &(a, bb) in &b.pairs {
            let (w, bl) = ctx.white_first(a, bb);
            let mut notes = Vec::new();
            for (g, c) in [(w, Color::White), (bl, Color::Black)] {
                if let Some(p) = ctx.players[g].colour.preference {
                    if p.color != c {
                        notes.push(format!(
                            "{} does not get his {:?} preference for {:?} ({}{})",
                            ctx.players[g].id,
                            p.strength,
                            p.color,
                            names.preference,
                            if p.strength >= PreferenceStrength::Strong {
                                format!(", {}", names.strong)
                            } else {
                                String::new()
                            }
                        ));
                    }
                }
            }
            let (hi, lo) = (a.min(bb), a.max(bb));
            if ctx.players[hi].score > ctx.players[lo].score {
                if ctx.players[lo].float1 == Float::Up {
                    notes.push(format!(
                        "{} upfloats again ({})",
                        ctx.players[lo].id, names.up1
                    ));
                }
                if ctx.players[lo].float2 == Float::Up {
                    notes.push(format!(
                        "{} upfloats as two rounds before ({})",
                        ctx.players[lo].id, names.up2
                    ));
                }
            }
            let _ = writeln!(
                s,
                "  {} - {}{}",
                name(w),
                name(bl),
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", notes.join("; "))
                }
            );
        }
        for &f in &b.floaters {
            let mut notes = Vec::new();
            if ctx.players[f].float1 == Float::Down {
                notes.push(format!("downfloats again ({})", names.down1));
            }
            if ctx.players[f].float2 == Float::Down {
                notes.push(format!("downfloats as two rounds before ({})", names.down2));
            }
            let what = if pairs.bye == Some(f) {
                "bye"
            } else {
                "downfloater"
            };
            let _ = writeln!(
                s,
                "  {what}: {}{}",
                name(f),
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", notes.join("; "))
                }
            );
        }
    }
    let _ = writeln!(
        s,
        "{} games, bye: {}",
        pairing.games.len(),
        pairing.bye.map_or("none".into(), |b| b.to_string())
    );
    s
}

fn prepare(rules: &'static Rules, t: &Tournament, req: &Request) -> Result<RoundCtx, PairingError> {
    let hist = histories_in(t, req.round - 1, rules.edition);
    let last_round = t.total_rounds.is_some_and(|r| r as usize == req.round);
    // A.7: topscorers have more than 50% of the maximum possible score (after the rounds played).
    // A.7 in i64: a point system or a score read from a file may be large enough for the
    // doubled score or the maximum possible score to overflow i32 tenths.
    let max_possible = i64::from(t.points.win.0) * (req.round as i64 - 1);
    let mut players: Vec<RoundPlayer> = Vec::new();
    for id in &req.present {
        let i = t.index_of(*id).ok_or_else(|| {
            PairingError::InvalidRequest(format!("player {id} is not in the tournament"))
        })?;
        let h = &hist[i];
        players.push(RoundPlayer {
            id: *id,
            score: h.pairing_score(),
            colour: ColourFacts {
                tpn: *id,
                colors: h.colors.clone(),
                preference: h.preference(),
                difference: h.color_difference(),
            },
            top: last_round && i64::from(h.score.0) * 2 > max_possible,
            float1: h.float_before(1),
            float2: h.float_before(2),
            bye_ok: h.may_get_pab(rules.edition),
            played: h.games_played(),
            met: h.opponents.clone(),
        });
    }
    // E.5 reads the pairing number among the players who have entered the tournament by this
    // round: a player absent (requested or zero-point bye) in every round so far, this one
    // included, has not arrived yet and is left out, as a late entry would be (C.04.2 late
    // entries: TPNs are provisional, and a late entry is numbered and paired only when he
    // arrives). In round 1 this is the rank among the players being paired, so colours
    // alternate board by board; from round 2 on it differs from the pairing number only by the
    // players still absent. This is the reading the conformance corpus shows.
    let present: std::collections::HashSet<PlayerId> = req.present.iter().copied().collect();
    let arrived: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|p| present.contains(&p.id) || has_arrived(p, req.round - 1))
        .map(|p| p.id)
        .collect();
    for p in &mut players {
        p.colour.tpn = arrived.partition_point(|id| *id < p.id) as u32 + 1;
    }
    // A.2: score, then pairing number.
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let compat = compatibility(t, req.round, &players);
    let mut ctx = RoundCtx {
        rules,
        players,
        compat,
        initial: crate::colour::initial_colour(t),
    };
    (rules.prepare)(&mut ctx);
    Ok(ctx)
}

/// Which of the round's `players` (in A.2 order) may meet: C.1 (no rematch, by their lists of
/// opponents), the forbidden pairs (`XXP`, `260`) among the players a list names, and C.3 (two
/// non-topscorers with the same absolute colour preference).
fn compatibility(t: &Tournament, round: usize, players: &[RoundPlayer]) -> Compat {
    let n = players.len();
    let mut compat = Compat::all(n);
    let max_id = players.iter().map(|p| p.id as usize).max().unwrap_or(0);
    let mut at = vec![usize::MAX; max_id + 1];
    for (i, p) in players.iter().enumerate() {
        at[p.id as usize] = i;
    }
    // C.1: a pair is judged by the opponents of its higher-ranked player.
    for (i, p) in players.iter().enumerate() {
        for &o in &p.met {
            if let Some(&j) = at.get(o as usize) {
                if j != usize::MAX && j > i {
                    compat.forbid(i, j);
                }
            }
        }
    }
    let forbidden = crate::forbidden::ForbiddenPairs::new(t, round);
    let restricted: Vec<usize> = (0..n).filter(|&i| forbidden.names(players[i].id)).collect();
    for (k, &i) in restricted.iter().enumerate() {
        for &j in &restricted[k + 1..] {
            if forbidden.contains(players[i].id, players[j].id) {
                compat.forbid(i, j);
            }
        }
    }
    // C.3, by colour: the non-topscorers with an absolute preference for it.
    for colour in [Color::White, Color::Black] {
        let group: Vec<usize> = (0..n)
            .filter(|&i| c3_colour(&players[i]) == Some(colour))
            .collect();
        compat.forbid_within(&group);
    }
    compat
}

/// True when the player was in the pairing of one of the first `rounds` rounds: a game (played
/// or forfeited) or a pairing-allocated bye. Requested byes and absences do not count.
pub(crate) fn has_arrived(p: &crate::model::Player, rounds: usize) -> bool {
    use crate::model::Unplayed;
    p.rounds.iter().take(rounds).any(|e| match e {
        RoundEntry::Game { .. } => true,
        // A forfeit loss without an opponent (`0000 - -`, how lichess writes an absence) is
        // no part in a pairing: bbpPairings and JaVaFo do not count it either.
        RoundEntry::Unplayed(u) => matches!(u, Unplayed::Pab | Unplayed::ForfeitWin),
    })
}

/// C.3: two non-topscorers with the same absolute colour preference may not meet.
#[cfg(test)]
pub(crate) fn absolute_colour_clash(a: &RoundPlayer, b: &RoundPlayer) -> bool {
    matches!((c3_colour(a), c3_colour(b)), (Some(x), Some(y)) if x == y)
}

/// The colour a non-topscorer's absolute preference asks for (C.3), if any.
fn c3_colour(p: &RoundPlayer) -> Option<Color> {
    p.colour
        .preference
        .filter(|pr| !p.top && pr.strength == PreferenceStrength::Absolute)
        .map(|pr| pr.color)
}

/// The round's pairs as indices into the A.2-ordered players (before colour allocation).
pub(crate) struct RoundPairs {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// How each bracket was paired, for `explain`.
    pub trace: Vec<BracketTrace>,
}

/// One paired bracket, as `explain` reports it.
#[derive(Clone, Debug)]
pub(crate) struct BracketTrace {
    pub kind: &'static str,
    pub mdps: Vec<usize>,
    pub residents: Vec<usize>,
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

impl RoundPairs {
    pub(crate) fn new() -> RoundPairs {
        RoundPairs {
            games: Vec::new(),
            bye: None,
            trace: Vec::new(),
        }
    }

    pub(crate) fn record(
        &mut self,
        kind: &'static str,
        mdps: &[usize],
        residents: &[usize],
        res: &bracket::BracketResult,
    ) {
        self.games.extend(&res.pairs);
        self.trace.push(BracketTrace {
            kind,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            pairs: res.pairs.clone(),
            floaters: res.floaters.iter().copied().chain(res.bye).collect(),
        });
    }
}

/// Pairs the round bracket by bracket from the top (2017 A.3, 2026 Art. 1.9), moving the
/// downfloaters down, with the edition's outlook when a bracket would leave the round
/// incomplete.
fn pair_ctx(ctx: &RoundCtx, solve: &dyn SolveBracket) -> Result<RoundPairs, PairingError> {
    let n = ctx.players.len();
    let all: Vec<usize> = (0..n).collect();
    if !ctx.completable(&all) {
        return Err(PairingError::NoValidPairing(format!(
            "the {n} players cannot all be paired without a rematch, an absolute colour \
             conflict or a second bye (the absolute criteria: C.1-C.3 of 2017, C1-C3 of 2026)"
        )));
    }
    let groups = scoregroups(ctx);
    let mut out = RoundPairs::new();
    let mut mdps: Vec<usize> = Vec::new();
    for (gi, residents) in groups.iter().enumerate() {
        let lower: Vec<usize> = groups[gi + 1..].iter().flatten().copied().collect();
        if lower.is_empty() {
            let res = solve(ctx, &mdps, residents, bracket::Mode::Last)?;
            out.record("last bracket", &mdps, residents, &res);
            out.bye = res.bye;
            return Ok(out);
        }
        let next = &groups[gi + 1];
        let next_last = gi + 2 == groups.len();
        let mode = bracket::Mode::Lookahead(next, next_last);
        let res = solve(ctx, &mdps, residents, mode)?;
        let mut rest = res.floaters.clone();
        rest.extend(&lower);
        // 2026 C8 counts the following bracket's pairs under C4 as well.
        let complete = |f: &[usize]| {
            ctx.rules.outlook == Outlook::Collapse
                || next_last
                || bracket::next_bracket_completes(ctx, f, next, &lower[next.len()..])
                    .unwrap_or(false)
        };
        if ctx.completable(&rest) && complete(&res.floaters) {
            out.record("bracket", &mdps, residents, &res);
            mdps = res.floaters;
            continue;
        }
        let lookahead = match ctx.rules.outlook {
            Outlook::Collapse => 0,
            Outlook::Complete => next.len(),
        };
        let mode = bracket::Mode::Penultimate(&lower, lookahead);
        let res = solve(ctx, &mdps, residents, mode)?;
        match ctx.rules.outlook {
            Outlook::Collapse => {
                // A.9: this bracket is the PPB; everybody else forms the collapsed last bracket.
                out.record("penultimate pairing bracket (A.9)", &mdps, residents, &res);
                let clb = solve(ctx, &res.floaters, &lower, bracket::Mode::Last)?;
                out.record("collapsed last bracket (A.9)", &res.floaters, &lower, &clb);
                out.bye = clb.bye;
                return Ok(out);
            }
            Outlook::Complete => {
                out.record("bracket (completion, C4)", &mdps, residents, &res);
                mdps = res.floaters;
            }
        }
    }
    Ok(out)
}

/// A.3 / Art. 1.3.1: the scoregroups in descending order (round-player indices).
pub(crate) fn scoregroups(ctx: &RoundCtx) -> Vec<Vec<usize>> {
    score_groups(ctx.players.len(), |i| ctx.players[i].score)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// E.5 counts only the players who have entered the tournament: player 1, absent in rounds
    /// 1 and 2, has not arrived yet, so player 2 is provisionally number 1 and takes the
    /// initial colour (White, from round 1) against player 3.
    #[test]
    fn e5_leaves_out_players_who_have_not_arrived() {
        let line = |id: u32, points: &str, rounds: &str| {
            format!(
                "001 {id:>4}      P{id:<31} {:>4}                             {points}        {rounds}\n",
                2100 - id * 10
            )
        };
        let mut text = String::from("012 Late arrival\nXXR 3\n");
        text += &line(1, "1.0", "0000 - H  0000 - H");
        text += &line(2, "0.5", "0000 - H");
        text += &line(3, "0.5", "0000 - H");
        text += &line(4, "1.0", "   5 w 1");
        text += &line(5, "0.0", "   4 b 0");
        text += &line(6, "1.0", "   7 b 1");
        text += &line(7, "0.0", "   6 w 0");
        let t = crate::trf::read_str(&text).expect("valid TRF");
        let req = Request::next_round(&t);
        assert_eq!(req.round, 2);
        assert!(!req.present.contains(&1));
        let pairing = crate::System::Dutch2017.pair(&t, &req).unwrap();
        assert!(pairing.games.contains(&(2, 3)), "{:?}", pairing.games);
    }

    /// Checks `t` under the 2017 rules with every bracket solved with `knobs` (the file's
    /// positional numbering applied as `System::pair` applies it).
    fn check_with(t: &Tournament, knobs: &bracket::Knobs) -> crate::checker::CheckReport {
        let solve =
            |ctx: &RoundCtx, mdps: &[usize], residents: &[usize], mode: bracket::Mode<'_>| {
                bracket::solve_with(ctx, mdps, residents, mode, knobs)
            };
        let run = |t: &Tournament, req: &Request| {
            let ctx = prepare_round(&edition_2017::RULES, t, req)?;
            pair_prepared(&ctx, t, req, &solve)
        };
        let pair = |t: &Tournament, req: &Request| match crate::positional::Positional::of(t) {
            Some(pos) => run(&pos.tournament, &pos.request(req)).map(|p| pos.to_file(&p)),
            None => run(t, req),
        };
        crate::checker::check_tournament(t, &pair)
    }

    /// D.3's field-by-field path (`bracket::mdps::d3_in_s1`, taken by a bracket with more MDPs
    /// than one field orders, `bracket::knobs::D3_FIELD`) gives the reference engine's
    /// pairings: with the field lowered to one MDP, every bracket with two MDPs or more of the
    /// packed Dutch 2017 conformance corpus (paired by bbpPairings) takes it, and every round
    /// still agrees with its file.
    #[test]
    fn d3_decided_field_by_field_agrees_with_the_corpus() {
        use std::io::Read as _;
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/conformance/dutch-2017.tar.gz"
        );
        let file = std::fs::File::open(path).expect("the packed corpus");
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
        let knobs = bracket::Knobs {
            d3_field: 1,
            ..Default::default()
        };
        let (mut files, mut rounds, mut differ) = (0, 0, Vec::new());
        for entry in archive.entries().expect("readable archive") {
            let mut entry = entry.expect("readable entry");
            let name = entry.path().expect("entry path").display().to_string();
            if !name.ends_with(".trf") {
                continue;
            }
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).expect("entry contents");
            let t = crate::trf::read(&bytes).expect("a corpus file");
            let report = check_with(&t, &knobs);
            files += 1;
            rounds += report.rounds;
            if !report.discrepancies.is_empty() {
                differ.push(name);
            }
        }
        let fields = knobs.d3_fields.get();
        eprintln!("{files} files, {rounds} rounds, {fields} brackets decided D.3 field by field");
        assert!(
            differ.is_empty(),
            "rounds differ from the corpus: {differ:?}"
        );
        assert!(
            files > 1000 && fields >= 100,
            "{files} files, {fields} brackets"
        );
    }

    /// A ratchet on the work of the fast paths, counted instead of timed: the weighted
    /// matchings of bracket graphs that re-pairing the 1000-player benchmark file takes (every
    /// round must agree with the file), with D.1 deciding at most two positions per matching,
    /// so that every bracket takes the paths of a large one. The test wants the count itself,
    /// so that a change that saves more lowers the bound.
    #[test]
    fn the_1000_player_benchmark_takes_few_matchings() {
        const MAX_MATCHINGS: usize = 258;
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/bench/dutch2017-p1000-r11-s1000.trf"
        );
        let t = crate::trf::read_file(path).expect("the benchmark file");
        let knobs = bracket::Knobs {
            chunk_cap: 2,
            ..Default::default()
        };
        let report = check_with(&t, &knobs);
        assert_eq!((report.rounds, report.discrepancies.len()), (11, 0));
        assert_eq!(
            knobs.matchings.get(),
            MAX_MATCHINGS,
            "matchings against the ratchet: lower it when a change saves some"
        );
    }
}
