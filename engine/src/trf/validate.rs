//! The checks across records once every line is read, and the assembly of the tournament:
//! the point system (`XXS`, TRF-2026 `162`, or inferred from the points column), forfeits
//! written without colour, every game symmetric (same opponent, opposite colours,
//! complementary results), and the points column against the results.

use super::error::quoted;
use super::{block_start, color_word, repair, trf06, writer, At, ErrorKind, Parser, TrfError};
use crate::model::{
    Color, GameKind, GameResult, PlayerId, PointSystem, RoundEntry, Tournament, Unplayed,
};
use crate::score::Score;

impl Parser {
    /// Cross-record checks and assembly of the tournament.
    pub(super) fn finish(mut self) -> Result<(Tournament, Vec<TrfError>), TrfError> {
        if self.t.by_rank {
            // `XXC rank`: the order of the 001 lines is the pairing order (`positional`).
            self.t.rank_order = self.t.players.iter().map(|p| p.id).collect();
        }
        self.t.players.sort_by_key(|p| p.id);
        let rounds = self.t.rounds_recorded();
        for p in &mut self.t.players {
            p.rounds
                .resize(rounds, RoundEntry::Unplayed(Unplayed::Absent));
        }
        self.apply_2026()?;
        let rounds = self.t.rounds_recorded();
        // Declared rounds: XXR and 142 must agree and cover the rounds recorded.
        let rounds_as = |n: &u32| format!("{n} rounds");
        let found = |m: &u32| quoted(&m.to_string());
        if let Some((first_code, n)) = agreed(&self.declared_rounds, rounds_as, found)? {
            if (n as usize) < rounds {
                let (code, _, at) = self.declared_rounds.first().cloned().unwrap_or((
                    first_code,
                    n,
                    At { line: 0, column: 0 },
                ));
                return Err(TrfError::new(
                    ErrorKind::TooManyRounds,
                    at.line,
                    at.column,
                    code,
                    format!("at least {rounds} rounds (the rounds recorded in the player lines)"),
                    Some(quoted(&n.to_string())),
                ));
            }
            self.t.total_rounds = Some(n);
        }
        // Initial colour: XXC white1/black1 and 152 must agree.
        let colour_as = |c: &Color| format!("initial colour {}", color_word(*c));
        let found = |d: &Color| color_word(*d).to_string();
        if let Some((_, c)) = agreed(&self.colors, colour_as, found)? {
            self.t.initial_color = Some(c);
        }
        self.t.points = self.point_system()?;
        for list in &self.id_lists {
            for (id, at) in &list.ids {
                if self.t.index_of(*id).is_none() {
                    return Err(TrfError::new(
                        ErrorKind::UnknownPlayer,
                        at.line,
                        at.column,
                        list.code,
                        "the pairing number of a player with a 001 line",
                        Some(quoted(&id.to_string())),
                    ));
                }
            }
        }
        if !self.trf2026 {
            trf06::apply_dialect(&mut self.t);
        }
        self.colour_uncoloured_forfeits();
        self.check_games()?;
        if let Err(e) = self.check_points() {
            if !self.bb.is_empty() || !self.p162.is_empty() || !self.xxs.is_empty() {
                return Err(e);
            }
            if !self.infer_point_system() {
                let mut e = e;
                e.expected.push_str(
                    ", or points fitting one win / draw point system (none is declared and none fits)",
                );
                return Err(e);
            }
            self.check_points()?;
        }
        let warnings = self.check_dates();
        Ok((self.t, warnings))
    }

    /// The point system: defaults, then `BB*`, then `162`, then `XXS` (each overriding).
    fn point_system(&self) -> Result<PointSystem, TrfError> {
        let mut ps = PointSystem::default();
        let bb = |code: &str| self.bb.iter().rev().find(|(c, _)| c == code).map(|x| x.1);
        if let Some(w) = bb("BBW") {
            set_win(&mut ps, w);
        }
        if let Some(d) = bb("BBD") {
            set_draw(&mut ps, d);
        }
        if let Some(v) = bb("BBL") {
            ps.loss = v;
        }
        if let Some(v) = bb("BBZ") {
            ps.zero_bye = v;
        }
        if let Some(v) = bb("BBF") {
            ps.forfeit_loss = v;
        }
        if let Some(v) = bb("BBU") {
            ps.pab = v;
        }
        let p162 = |code: char| {
            self.p162
                .iter()
                .rev()
                .find(|(c, _)| *c == code)
                .map(|x| x.1)
        };
        if let Some(w) = p162('W') {
            set_win(&mut ps, w);
        }
        if let Some(d) = p162('D') {
            set_draw(&mut ps, d);
        }
        if let Some(v) = p162('L') {
            ps.loss = v;
        }
        // `Z` is what bbpPairings v6 reads for the same meaning as `A`.
        if let Some(v) = p162('A').or(p162('Z')) {
            ps.zero_bye = v;
            ps.forfeit_loss = v;
        }
        if let Some(v) = p162('P') {
            ps.pab = v;
        }
        // `X` (unknown result, e.g. adjourned) has no round code in the player lines: read
        // and validated, not used.
        if self.xxs.is_empty() {
            return Ok(ps);
        }
        let (mut ww, mut bw, mut wd, mut bd, mut wl, mut bl) =
            (ps.win, ps.win, ps.draw, ps.draw, ps.loss, ps.loss);
        for (code, v, _) in &self.xxs {
            let v = *v;
            match code.as_str() {
                "WW" => ww = v,
                "BW" => bw = v,
                "WD" => wd = v,
                "BD" => bd = v,
                "WL" => wl = v,
                "BL" => bl = v,
                "ZPB" => ps.zero_bye = v,
                "HPB" => ps.half_bye = v,
                "FPB" => ps.full_bye = v,
                "PAB" => ps.pab = v,
                "FW" => ps.forfeit_win = v,
                "FL" => ps.forfeit_loss = v,
                "W" => {
                    ww = v;
                    bw = v;
                    ps.forfeit_win = v;
                    ps.full_bye = v;
                }
                "D" => {
                    wd = v;
                    bd = v;
                    ps.half_bye = v;
                }
                _ => {}
            }
        }
        if ww != bw || wd != bd || wl != bl {
            let at = self.xxs.first().map_or(At { line: 0, column: 0 }, |x| x.2);
            return Err(TrfError::new(
                ErrorKind::Unsupported,
                at.line,
                at.column,
                "XXS",
                "the same points for White and Black (colour-dependent point systems are not supported)",
                Some(format!("WW={ww} BW={bw} WD={wd} BD={bd} WL={wl} BL={bl}")),
            ));
        }
        ps.win = ww;
        ps.draw = wd;
        ps.loss = wl;
        Ok(ps)
    }

    /// No record declares a point system and 1 / ½ / 0 does not fit: infer it from the points
    /// column (`trf06`).
    /// Returns false when no point system fits.
    fn infer_point_system(&mut self) -> bool {
        let rows: Vec<trf06::Row> = self
            .t
            .players
            .iter()
            .filter_map(|p| Some(trf06::row(&p.rounds, p.points?)))
            .collect();
        match trf06::infer(&rows) {
            Some(ps) => {
                self.t.points = ps;
                self.t.points_inferred = true;
                true
            }
            None => false,
        }
    }

    /// Forfeits written `NNNN - +` / `NNNN - -` (an opponent, no colour: old Swiss-Chess
    /// exports; bbpPairings reads them): a forfeit has no colour for the pairing (C.04.2), so
    /// both sides get one only to keep the model's games two-sided: the other side's opposite
    /// when it has one, else White to the lower pairing number. They are listed in
    /// [`Tournament::uncoloured_forfeits`] (the writer writes them back with `-`).
    fn colour_uncoloured_forfeits(&mut self) {
        if self.uncoloured.is_empty() {
            return;
        }
        let marked: std::collections::BTreeSet<(PlayerId, usize)> =
            self.uncoloured.iter().copied().collect();
        let mut updates = Vec::new();
        for &(id, r) in &marked {
            let Some(RoundEntry::Game { opponent, .. }) =
                self.t.player(id).and_then(|p| p.rounds.get(r - 1)).copied()
            else {
                continue;
            };
            let theirs = self
                .t
                .player(opponent)
                .and_then(|o| o.rounds.get(r - 1))
                .copied();
            let color = match theirs {
                Some(RoundEntry::Game { color, .. }) if !marked.contains(&(opponent, r)) => {
                    color.opposite()
                }
                _ if id < opponent => Color::White,
                _ => Color::Black,
            };
            updates.push((id, r, color));
        }
        for (id, r, c) in updates {
            if let Some(RoundEntry::Game { color, .. }) = self
                .t
                .players
                .iter_mut()
                .find(|p| p.id == id)
                .and_then(|p| p.rounds.get_mut(r - 1))
            {
                *color = c;
            }
        }
        self.t.uncoloured_forfeits = marked
            .into_iter()
            .map(|(id, r)| (id, u32::try_from(r).unwrap_or(u32::MAX)))
            .collect();
    }

    fn line_of(&self, id: PlayerId) -> usize {
        self.player_line.get(&id).copied().unwrap_or(0)
    }

    /// Every game symmetric, no self-pairing, opponents exist.
    fn check_games(&self) -> Result<(), TrfError> {
        let t = &self.t;
        for p in &t.players {
            let line = self.line_of(p.id);
            for (ri, e) in p.rounds.iter().enumerate() {
                let RoundEntry::Game {
                    opponent,
                    color,
                    result,
                    kind,
                } = *e
                else {
                    continue;
                };
                let r = ri + 1;
                let col = block_start(r);
                let field = format!("round {r} opponent");
                if opponent == p.id {
                    return Err(TrfError::new(
                        ErrorKind::SelfPairing,
                        line,
                        col,
                        field,
                        format!("an opponent other than the player himself ({})", p.id),
                        Some(quoted(&opponent.to_string())),
                    ));
                }
                let Some(o) = t.player(opponent) else {
                    return Err(TrfError::new(
                        ErrorKind::UnknownPlayer,
                        line,
                        col,
                        field,
                        "the pairing number of a player with a 001 line",
                        Some(quoted(&opponent.to_string())),
                    ));
                };
                let theirs = o.rounds.get(ri).copied();
                let ok = match theirs {
                    Some(RoundEntry::Game {
                        opponent: o2,
                        color: c2,
                        result: r2,
                        kind: k2,
                    }) => {
                        o2 == p.id
                            && c2 == color.opposite()
                            && k2 == kind
                            && if kind == GameKind::Forfeit {
                                matches!(
                                    (result, r2),
                                    (GameResult::Win, GameResult::Loss)
                                        | (GameResult::Loss, GameResult::Win)
                                        | (GameResult::Loss, GameResult::Loss)
                                )
                            } else {
                                r2 == result.complement()
                            }
                    }
                    _ => false,
                };
                if !ok {
                    let expected_result = match (kind, result) {
                        (GameKind::Forfeit, GameResult::Loss) => "+ or -".to_string(),
                        _ => writer::result_code(&RoundEntry::Game {
                            opponent: p.id,
                            color: color.opposite(),
                            result: result.complement(),
                            kind,
                        })
                        .to_string(),
                    };
                    let found = theirs.map_or("nothing".to_string(), |e| {
                        quoted(writer::block(&e).trim_end())
                    });
                    return Err(TrfError::new(
                        ErrorKind::AsymmetricGame,
                        line,
                        col,
                        format!("round {r}"),
                        format!(
                            "player {opponent}'s round {r} to read '{:>4} {} {expected_result}' (the other side of this game)",
                            p.id,
                            writer::color_code(color.opposite()),
                        ),
                        Some(found),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The points column agrees with the results (blank = not checked).
    fn check_points(&self) -> Result<(), TrfError> {
        let t = &self.t;
        let paired = t.rounds_paired();
        for p in &t.players {
            let Some(col_points) = p.points else { continue };
            let upto: Score = p
                .rounds
                .iter()
                .take(paired)
                .map(|e| t.points.points(e))
                .sum();
            let all: Score = p.rounds.iter().map(|e| t.points.points(e)).sum();
            let accs = [
                Score::ZERO,
                t.acceleration_for(p.id, paired.saturating_add(1)),
                t.acceleration_for(p.id, paired),
            ];
            let ok = [upto, all]
                .iter()
                .any(|base| accs.iter().any(|a| *base + *a == col_points));
            if !ok {
                return Err(TrfError::new(
                    ErrorKind::PointsMismatch,
                    self.line_of(p.id),
                    81,
                    "points",
                    format!(
                        "{all} (computed from the results of player {}){}",
                        p.id,
                        blank_half_byes_hint(t, &p.rounds, all, col_points)
                    ),
                    Some(quoted(&col_points.to_string())),
                ));
            }
        }
        Ok(())
    }
}

/// The value every record of `decls` declares, with the first record's code (`None` when there
/// is none); a record declaring another value is a conflict at its position, the value
/// expected written by `expected`, the value found by `found`.
fn agreed<T: PartialEq + Clone>(
    decls: &[(String, T, At)],
    expected: impl Fn(&T) -> String,
    found: impl Fn(&T) -> String,
) -> Result<Option<(String, T)>, TrfError> {
    let Some((first_code, first, _)) = decls.first() else {
        return Ok(None);
    };
    if let Some((code, v, at)) = decls.iter().find(|(_, v, _)| v != first) {
        return Err(TrfError::new(
            ErrorKind::Conflict,
            at.line,
            at.column,
            code.clone(),
            format!("{}, as {first_code} declares", expected(first)),
            Some(found(v)),
        ));
    }
    Ok(Some((first_code.clone(), first.clone())))
}

/// A win's points: also a forfeit win's, a full-point bye's and the pairing-allocated bye's,
/// unless a later record sets them.
fn set_win(ps: &mut PointSystem, w: Score) {
    ps.win = w;
    ps.forfeit_win = w;
    ps.full_bye = w;
    ps.pab = w;
}

/// A draw's points: also a half-point bye's.
fn set_draw(ps: &mut PointSystem, d: Score) {
    ps.draw = d;
    ps.half_bye = d;
}

/// What a points column larger than the results probably means, when it is: blank rounds
/// counted as byes (old Krause exports; the usual repair, `repair`, writes them `0000 - H`,
/// or `0000 - F` when half a point per blank round is not enough).
fn blank_half_byes_hint(t: &Tournament, rounds: &[RoundEntry], all: Score, col: Score) -> String {
    let blanks = rounds
        .iter()
        .filter(|e| matches!(e, RoundEntry::Unplayed(Unplayed::Absent)))
        .count();
    let Some(byes) = repair::byes_for(col - all, blanks, t) else {
        return String::new();
    };
    let fulls = byes.iter().filter(|&&c| c == 'F').count();
    let what = match (byes.len() - fulls, fulls) {
        (h, 0) => format!(
            "as half-point byes: probably meant as `0000 - H`{}",
            if h > 1 { " each" } else { "" }
        ),
        (0, _) => "as full-point byes: probably meant as `0000 - F`".to_string(),
        (h, f) => format!("as byes: probably meant as {f} `0000 - F` and {h} `0000 - H`"),
    };
    format!(
        "; the points written count {} of the player's {blanks} blank round(s) {what} \
         (`swisslab trf --repair` writes that repair)",
        byes.len()
    )
}
