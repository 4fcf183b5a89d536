//! The old TRF-06 dialect (as JaVaFo 1.4 and the tournament managers of 2006-2016 wrote it)
//! and the point system inferred from the points column.
//!
//! **Unplayed rounds.** TRF-06 has no `U`/`H`/`Z`/`F` codes: a round without an opponent is
//! `0000 - +` (the pairing-allocated bye: a point without playing), `0000 - =` (a half-point
//! bye) or `0000 - -` (absent, no points). A file is read in this dialect when none of its
//! round blocks uses `U`, `F` or `Z` and it carries no record TRF-2026 introduced
//! ([`TRF2026_CODES`]: a team file whose only unplayed boards are forfeits is TRF-2026); then `0000 - +` is the pairing-allocated bye and
//! `0000 - -` a zero-point bye. In a TRF-16 file (one of those codes present) they keep their
//! TRF-16 meaning, a forfeit win or loss recorded without an opponent. `0000 - =` means the
//! half-point bye in both.
//!
//! **Point system.** When no record declares one (`XXS`, `BB*`, `162`) and the points column
//! does not fit 1 / ½ / 0, the win and draw points are inferred from the points column, as
//! JaVaFo does: every player's points are `wins x W + draws x D` (a forfeit win, the
//! pairing-allocated bye and a full-point bye count as wins, a half-point bye as a draw, losses
//! and absences 0). `W` and `D` are solved from the players' rows; a column that no single
//! (`W`, `D`) with `W > 0` and `0 <= D <= W` explains is an error. When no draw decides `D`, it
//! is the usual one for `W` (1 for 3 / 1 / 0, else half a win); no score depends on it.

use crate::model::{GameKind, GameResult, PointSystem, RoundEntry, Tournament, Unplayed};
use crate::score::Score;

/// The record codes TRF-2026 introduced (the shared data set's `reference/trf-formats.md`,
/// E.1 and E.2): a file that carries one is not in the TRF-06 dialect, whatever its round
/// blocks hold.
pub(super) const TRF2026_CODES: &[&str] = &[
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
    "300", "310", "320", "330", "352", "362", "801", "802",
];

/// True when the file uses none of the TRF-16 unplayed codes `U`, `F`, `Z`.
fn is_trf06(t: &Tournament) -> bool {
    !t.players.iter().flat_map(|p| &p.rounds).any(|e| {
        matches!(
            e,
            RoundEntry::Unplayed(Unplayed::Pab | Unplayed::FullBye | Unplayed::ZeroBye)
        )
    })
}

/// Gives `0000 - +` and `0000 - -` their TRF-06 meaning when the file is in that dialect.
pub(super) fn apply_dialect(t: &mut Tournament) {
    if !is_trf06(t) {
        return;
    }
    for e in t.players.iter_mut().flat_map(|p| p.rounds.iter_mut()) {
        match e {
            RoundEntry::Unplayed(Unplayed::ForfeitWin) => *e = RoundEntry::Unplayed(Unplayed::Pab),
            RoundEntry::Unplayed(Unplayed::ForfeitLoss) => {
                *e = RoundEntry::Unplayed(Unplayed::ZeroBye)
            }
            _ => {}
        }
    }
}

/// One player's equation: `wins x W + draws x D = points`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Row {
    pub wins: i64,
    pub draws: i64,
    pub points: i64,
}

/// The row of a player's results over `rounds` and his points column (tenths).
pub(super) fn row(rounds: &[RoundEntry], points: Score) -> Row {
    let (mut wins, mut draws) = (0, 0);
    for e in rounds {
        match *e {
            RoundEntry::Game { result, kind, .. } => match (kind, result) {
                (_, GameResult::Win) => wins += 1,
                (GameKind::Forfeit, _) | (_, GameResult::Loss) => {}
                (_, GameResult::Draw) => draws += 1,
            },
            RoundEntry::Unplayed(u) => match u {
                Unplayed::Pab | Unplayed::FullBye | Unplayed::ForfeitWin => wins += 1,
                Unplayed::HalfBye => draws += 1,
                _ => {}
            },
        }
    }
    Row {
        wins,
        draws,
        points: i64::from(points.tenths()),
    }
}

/// `a / b` when it is a whole number.
fn exact_div(a: i64, b: i64) -> Option<i64> {
    (b != 0 && a % b == 0).then(|| a / b)
}

/// The point system (W, D in tenths) that every row fits, if there is one.
pub(super) fn infer(rows: &[Row]) -> Option<PointSystem> {
    let (w, d) = solve(rows)?;
    let fits = |r: &Row| r.wins * w + r.draws * d == r.points;
    let valid = w > 0 && (0..=w).contains(&d) && rows.iter().all(fits);
    valid.then(|| PointSystem::with_win_draw(Score(clamp(w)), Score(clamp(d))))
}

fn clamp(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

/// The draw points that go with `w` when no row decides them (no draw and no half-point bye
/// anywhere): 1 for the 3 / 1 / 0 system, else half a win. Scores do not depend on it.
fn usual_draw(w: i64) -> i64 {
    if w == 30 {
        10
    } else {
        w / 2
    }
}

/// A candidate (W, D): from two independent rows, else from one direction.
fn solve(rows: &[Row]) -> Option<(i64, i64)> {
    let useful: Vec<&Row> = rows
        .iter()
        .filter(|r| r.wins != 0 || r.draws != 0)
        .collect();
    let first = useful.first()?;
    for r in &useful[1..] {
        let det = first.wins * r.draws - first.draws * r.wins;
        if det != 0 {
            let w = exact_div(first.points * r.draws - first.draws * r.points, det)?;
            let d = exact_div(first.wins * r.points - first.points * r.wins, det)?;
            return Some((w, d));
        }
    }
    // Every row lies on one direction: only wins, only draws, or the same mix everywhere.
    if first.draws == 0 {
        let w = exact_div(first.points, first.wins)?;
        Some((w, usual_draw(w)))
    } else if first.wins == 0 {
        let d = exact_div(first.points, first.draws)?;
        Some((2 * d, d))
    } else {
        // wins x W + draws x D = points with W = 2D: the standard ratio.
        let d = exact_div(first.points, 2 * first.wins + first.draws)?;
        Some((2 * d, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(wins: i64, draws: i64, points: i64) -> Row {
        Row {
            wins,
            draws,
            points,
        }
    }

    /// A `001` line with `points` and round blocks (opponent, colour, result).
    fn player(id: u32, points: &str, blocks: &[(u32, char, char)]) -> String {
        let head = format!("001 {id:>4}      {:<33} {:>4}", format!("P{id}"), 2000);
        let mut l = format!("{head:<80}{points:>4}");
        l = format!("{l:<91}");
        for (o, c, r) in blocks {
            l.push_str(&format!("{o:04} {c} {r}  "));
        }
        l
    }

    fn read(lines: &[String]) -> Result<Tournament, super::super::TrfError> {
        super::super::read_str(&lines.join("\n"))
    }

    #[test]
    fn trf06_unplayed_rounds() {
        let t = read(&[
            player(1, "2.0", &[(2, 'w', '1'), (0, '-', '+')]),
            player(2, "0.5", &[(1, 'b', '0'), (0, '-', '=')]),
            player(3, "1.0", &[(0, '-', '+'), (0, '-', '-')]),
        ])
        .unwrap();
        let e = |i: usize, r: usize| t.players[i].rounds[r];
        assert_eq!(e(0, 1), RoundEntry::Unplayed(Unplayed::Pab));
        assert_eq!(e(1, 1), RoundEntry::Unplayed(Unplayed::HalfBye));
        assert_eq!(e(2, 0), RoundEntry::Unplayed(Unplayed::Pab));
        assert_eq!(e(2, 1), RoundEntry::Unplayed(Unplayed::ZeroBye));
        assert!(!t.points_inferred);
        // With a TRF-16 code elsewhere, `0000 - +` is a forfeit win without opponent.
        let t = read(&[
            player(1, "2.0", &[(2, 'w', '1'), (0, '-', '+')]),
            player(2, "0.0", &[(1, 'b', '0'), (0, '-', 'Z')]),
        ])
        .unwrap();
        assert_eq!(
            t.players[0].rounds[1],
            RoundEntry::Unplayed(Unplayed::ForfeitWin)
        );
        // So it is with a record TRF-2026 introduced (a team file whose empty boards are all
        // forfeits has no `U`, `F` or `Z` code): `0000 - +` and `0000 - -` keep their TRF-16
        // meaning.
        for record in ["192 FIDE_DUTCH_2025", "162  W 1.0    D 0.5", "352 WBWB"] {
            let t = read(&[
                record.to_string(),
                player(1, "2.0", &[(2, 'w', '1'), (0, '-', '+')]),
                player(2, "0.0", &[(1, 'b', '0'), (0, '-', '-')]),
            ])
            .unwrap();
            assert_eq!(
                (t.players[0].rounds[1], t.players[1].rounds[1]),
                (
                    RoundEntry::Unplayed(Unplayed::ForfeitWin),
                    RoundEntry::Unplayed(Unplayed::ForfeitLoss)
                ),
                "{record}"
            );
        }
    }

    #[test]
    fn trf06_point_system_from_the_scores() {
        let t = read(&[
            player(1, "4.0", &[(2, 'w', '1'), (3, 'b', '=')]),
            player(2, "1.0", &[(1, 'b', '0'), (0, '-', '=')]),
            player(3, "4.0", &[(0, '-', '+'), (1, 'w', '=')]),
        ])
        .unwrap();
        assert!(t.points_inferred);
        assert_eq!(t.points, PointSystem::with_win_draw(Score(30), Score(10)));
        // Written, the inferred system is declared and reads back the same, no longer inferred.
        let back = super::super::read_str(&super::super::write(&t)).unwrap();
        assert_eq!((back.points, back.points_inferred), (t.points, false));
        assert_eq!(back.players, t.players);
        let e = read(&[
            player(1, "3.0", &[(2, 'w', '1')]),
            player(2, "1.0", &[(1, 'b', '0')]),
        ])
        .unwrap_err();
        assert_eq!(
            (e.kind, e.line, e.column),
            (super::super::ErrorKind::PointsMismatch, 1, 81)
        );
        assert!(e.to_string().contains("none fits"), "{e}");
    }

    #[test]
    fn infers_three_one_zero() {
        let ps = infer(&[r(2, 1, 70), r(0, 3, 30), r(1, 0, 30)]).unwrap();
        assert_eq!(ps, PointSystem::with_win_draw(Score(30), Score(10)));
    }

    #[test]
    fn infers_from_wins_only() {
        let ps = infer(&[r(2, 0, 40), r(0, 0, 0)]).unwrap();
        assert_eq!(ps, PointSystem::with_win_draw(Score(20), Score(10)));
        let ps = infer(&[r(2, 0, 60), r(1, 0, 30)]).unwrap();
        assert_eq!(ps, PointSystem::with_win_draw(Score(30), Score(10)));
    }

    #[test]
    fn rejects_scores_fitting_no_system() {
        assert_eq!(infer(&[r(1, 0, 30), r(1, 0, 10)]), None);
        assert_eq!(infer(&[r(1, 0, 10), r(0, 1, 20)]), None, "draw above win");
        assert_eq!(infer(&[r(1, 1, 10), r(2, 2, 30)]), None);
    }
}
