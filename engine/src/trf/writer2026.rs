//! Writing the TRF-2026 records that pairing needs (trf-formats.md §E.1, §E.2, §E.4): `142`
//! rounds, `152` initial colour, `162` point system, `240` byes of the round to pair, `250`
//! acceleration, `260` prohibited pairings. The reader (`records2026` and `mod.rs`) reads
//! each of them back into the same [`Tournament`].
//!
//! - `162` (written before the `BB*` lines that bbpPairings v5 reads): code at column 6, points at 7-10, every 9 columns (`162  W 3.0    D 1.0`); only
//!   the codes whose value differs from the TRF-2026 default (W 1.0, D 0.5, L 0.0, A 0.0,
//!   P = W). `162` gives one value to a win, a forfeit win and a full-point bye (W), to a draw
//!   and a half-point bye (D), to a zero-point bye and a forfeit loss (A); a system that splits
//!   them, or a value wider than four columns, is also written whole as `XXS`.
//! - `240`: one record per bye type of the round to pair (`240 H 005    3   17`); the same byes
//!   stay in the player columns (`0000 - H`) for readers that know no `240`.
//! - `250`: the acceleration of each player, round by round, as runs of equal fictitious
//!   points over consecutive rounds, grouped into ranges of consecutive players
//!   (`250       1.0 001 003 0001 0020`); a value wider than four columns stays `XXA`.
//! - `260`: one record per prohibited pairing (`260 001 011    3    9`).

use super::writer::{fit, xxa_line, xxs_line};
use crate::model::{Color, PlayerId, PointSystem, RoundEntry, Tournament, Unplayed};
use crate::score::Score;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Most pairing numbers written on one `240` line.
const IDS_PER_LINE: usize = 20;

/// `142` (total rounds) and `152` (initial colour).
pub(super) fn rounds_and_colour(t: &Tournament) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(n) = t.total_rounds {
        lines.push(format!("142 {n}"));
    }
    match t.initial_color {
        Some(Color::White) => lines.push("152 W".into()),
        Some(Color::Black) => lines.push("152 B".into()),
        None => {}
    }
    lines
}

/// `162`, and `XXS` when `162` cannot hold the system: (the `162` lines, the `XXS` lines).
pub(super) fn point_system(ps: &PointSystem) -> (Vec<String>, Vec<String>) {
    if ps.is_default() {
        return (Vec::new(), Vec::new());
    }
    let defaults = PointSystem::default();
    let codes = [
        ('W', ps.win, defaults.win),
        ('D', ps.draw, defaults.draw),
        ('L', ps.loss, defaults.loss),
        ('A', ps.zero_bye, defaults.zero_bye),
        ('P', ps.pab, ps.win),
    ];
    let mut line = String::from("162");
    let mut fits = true;
    let mut first = true;
    for (code, v, default) in codes {
        if v == default {
            continue;
        }
        let text = v.to_string();
        if text.len() > 4 {
            fits = false;
            continue;
        }
        let _ = write!(line, "{}{code}{text:>4}", if first { "  " } else { "    " });
        first = false;
    }
    let expressible = ps.forfeit_win == ps.win
        && ps.full_bye == ps.win
        && ps.half_bye == ps.draw
        && ps.forfeit_loss == ps.zero_bye;
    let p162 = if first { Vec::new() } else { vec![line] };
    let xxs = if expressible && fits {
        Vec::new()
    } else {
        vec![xxs_line(ps)]
    };
    (p162, xxs)
}

/// `240` for the requested byes and absences of the round to pair (the first round after the
/// last paired one), when its column is recorded.
pub(super) fn byes(t: &Tournament) -> Vec<String> {
    let col = t.rounds_paired();
    let mut by_type: BTreeMap<char, Vec<PlayerId>> = BTreeMap::new();
    for p in &t.players {
        let kind = match p.rounds.get(col) {
            Some(RoundEntry::Unplayed(Unplayed::FullBye)) => 'F',
            Some(RoundEntry::Unplayed(Unplayed::HalfBye)) => 'H',
            Some(RoundEntry::Unplayed(
                Unplayed::ZeroBye | Unplayed::Withdrawn | Unplayed::NotEntered,
            )) => 'Z',
            _ => continue,
        };
        by_type.entry(kind).or_default().push(p.id);
    }
    let round = col + 1;
    let mut lines = Vec::new();
    for (kind, ids) in by_type {
        for chunk in ids.chunks(IDS_PER_LINE) {
            let mut l = format!("240 {kind} {round:03}");
            for id in chunk {
                let _ = write!(l, " {id:>4}");
            }
            lines.push(l);
        }
    }
    lines
}

/// `250` ranges for the acceleration (`XXA` for a player whose points do not fit).
pub(super) fn acceleration(t: &Tournament) -> Vec<String> {
    let mut lines = Vec::new();
    let mut per_player: BTreeMap<PlayerId, usize> = BTreeMap::new();
    for (id, values) in &t.acceleration {
        let len = per_player.entry(*id).or_default();
        *len = (*len).max(values.len());
    }
    // (points, first round, last round) -> indices of the players in `t.players`.
    let mut runs: BTreeMap<(Score, usize, usize), Vec<usize>> = BTreeMap::new();
    for (&id, &len) in &per_player {
        let values: Vec<Score> = (1..=len).map(|r| t.acceleration_for(id, r)).collect();
        let index = t.index_of(id);
        let Some(index) = index.filter(|_| values.iter().all(|v| fit(*v, 4) == v.to_string()))
        else {
            lines.extend(
                t.acceleration
                    .iter()
                    .filter(|(i, _)| *i == id)
                    .map(|(i, v)| xxa_line(*i, v)),
            );
            continue;
        };
        let mut r = 0;
        while r < values.len() {
            let v = values[r];
            let mut end = r;
            while end + 1 < values.len() && values[end + 1] == v {
                end += 1;
            }
            if v != Score::ZERO {
                runs.entry((v, r + 1, end + 1)).or_default().push(index);
            }
            r = end + 1;
        }
    }
    for ((v, first, last), indices) in runs {
        // Indices are increasing; a range is a maximal run of consecutive players.
        let mut start = 0;
        while start < indices.len() {
            let mut end = start;
            while end + 1 < indices.len() && indices[end + 1] == indices[end] + 1 {
                end += 1;
            }
            let (a, b) = (t.players[indices[start]].id, t.players[indices[end]].id);
            lines.push(format!(
                "250      {v:>4} {first:03} {last:03} {a:04} {b:04}"
            ));
            start = end + 1;
        }
    }
    lines
}

/// `260` for each prohibited pairing with its rounds.
pub(super) fn prohibited(t: &Tournament) -> Vec<String> {
    t.prohibited
        .iter()
        .map(|p| {
            let mut l = format!("260 {:03} {:03}", p.first_round, p.last_round);
            for id in &p.players {
                let _ = write!(l, " {id:>4}");
            }
            l
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::{read_str, write_with, Format, WriteOptions};

    const TRF26: WriteOptions = WriteOptions {
        line_ending: crate::trf::LineEnding::Lf,
        format: Format::Trf26,
    };

    #[test]
    fn point_system_columns() {
        let ps = PointSystem::with_win_draw(Score(30), Score(10));
        assert_eq!(point_system(&ps).0, vec!["162  W 3.0    D 1.0"]);
        assert!(point_system(&ps).1.is_empty());
        let mut odd = ps;
        odd.zero_bye = Score(5);
        odd.forfeit_loss = Score(5);
        odd.pab = Score(20);
        assert_eq!(
            point_system(&odd).0,
            vec!["162  W 3.0    D 1.0    A 0.5    P 2.0"]
        );
        odd.forfeit_win = Score(25);
        let (p162, xxs) = point_system(&odd);
        assert_eq!(p162.len(), 1);
        assert!(xxs[0].starts_with("XXS "), "{xxs:?}");
        assert_eq!(point_system(&PointSystem::default()), (vec![], vec![]));
    }

    #[test]
    fn records_round_trip() {
        let text = "\
012 Round trip
092 FIDE_DUTCH_2025
142 5
152 B
162  W 3.0    D 1.0
001    1      A                                 2100                             3.0    1     2 w 1
001    2      B                                 2000                             0.0    2     1 b 0
001    3      C                                 1900                             1.0    3  0000 - H
001    4      D                                 1800                             0.0    4  0000 - Z
240 H 002    3
240 Z 002    4
240 F 004    1
250       1.0 001 002 0001 0002
250       0.5 002 002 0003 0004
260 001 005    1    3
";
        let t = read_str(text).unwrap();
        assert_eq!(t.total_rounds, Some(5));
        assert_eq!(t.initial_color, Some(Color::Black));
        assert_eq!(t.system_code(), Some("FIDE_DUTCH_2025"));
        assert_eq!(
            t.players[2].rounds[1],
            RoundEntry::Unplayed(Unplayed::HalfBye)
        );
        let written = write_with(&t, &TRF26);
        assert_eq!(read_str(&written).unwrap(), t, "{written}");
        for line in [
            "142 5",
            "152 B",
            "XXR 5",
            "XXC black1",
            "162  W 3.0    D 1.0",
            "240 H 002    3",
            "240 Z 002    4",
            "250       1.0 001 002 0001 0002",
            "250       0.5 002 002 0003 0004",
            "260 001 005    1    3",
            "240 F 004    1",
        ] {
            assert!(written.lines().any(|l| l == line), "{line} in\n{written}");
        }
        // The TRF-16 writer keeps what TRF-16 can hold, and 260.
        let t16 = read_str(&crate::trf::write(&t)).unwrap();
        assert_eq!(t16.prohibited, t.prohibited);
        assert_eq!(t16.points, t.points);
    }
}
