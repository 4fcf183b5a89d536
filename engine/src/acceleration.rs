//! Accelerated pairings: the virtual points a method adds to the pairing score, applied once
//! for every pairing system.
//!
//! The Baku Acceleration Method (C.04.7, in force from 1 February 2026; the older text is
//! C.04.5.1, same method for 1 / ½ / 0):
//! - 1.1 premise: the points for a win equal two draws and a loss scores nothing, otherwise the
//!   method cannot be used ([`AccelerationError::PointSystem`]);
//! - 1.2 groups: before round 1 the first 2 x ceil(N/4) participants of the initial order form
//!   group A (161 players: 82), the others group B;
//! - 1.3 late entries: inserted by the initial order (C.04.2), "the last GA participant shall be
//!   the same participant as in the previous round": group A is every player up to him;
//! - 1.4 virtual points: the accelerated rounds are the first ceil(R/2); in the first
//!   ceil(ceil(R/2)/2) of them group A gets the points for a win, in the others half of that;
//!   group B and every round after the accelerated ones get none;
//! - a round is a pairing round and a win is the point system's win: for the Double-Swiss
//!   System (C.04.5), which pairs a match of two games per round and scores per game (Preface),
//!   R counts matches and the virtual points are a game won's, the same in both round columns
//!   of the match ([`baku`], `columns_per_round`; docs/systems/double-swiss.md, "Acceleration");
//! - 1.5 pairing score = score + virtual points (scoregroups, their order, floats, board order:
//!   [`crate::history::PlayerHistory::pairing_score`]); the float history uses each past
//!   round's pairing score, which is why the points of every round are kept.
//!
//! Where the method comes from ([`apply`]): the command line (`--acceleration baku|none`) wins;
//! else explicit `250` (TRF-2026) or `XXA` (TRF(x)) lines, which "cause any acceleration method
//! in record 192 to be disregarded"; else a `192` tournament type ending in `_BAKU`. The points
//! are written into [`Tournament::acceleration`], so that every system, the checker and the TRF
//! writers (explicit `250` / `XXA` lines) see the same figures.

use crate::model::{PlayerId, RoundEntry, Tournament, Unplayed};
use crate::score::Score;
use std::fmt;
use std::str::FromStr;

/// An acceleration method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// No virtual points (the file's explicit `250` / `XXA` lines are dropped when the command
    /// line says so).
    #[default]
    None,
    /// The Baku Acceleration Method, C.04.7.
    Baku,
}

impl Method {
    /// Every method, in the order `--help` lists them.
    pub const ALL: &'static [Method] = &[Method::None, Method::Baku];

    /// The name used on the command line and in output files.
    pub fn name(self) -> &'static str {
        match self {
            Method::None => "none",
            Method::Baku => "baku",
        }
    }

    /// One line saying what the method is.
    pub fn title(self) -> &'static str {
        match self {
            Method::None => "no acceleration (explicit 250/XXA lines of the file are dropped)",
            Method::Baku => "Baku Acceleration Method, C.04.7 (C.04.5.1 before 2026)",
        }
    }

    /// The method a `192` tournament type asks for: `_BAKU` at its end.
    pub fn from_code(code: &str) -> Method {
        if code.trim().to_ascii_uppercase().ends_with("_BAKU") {
            Method::Baku
        } else {
            Method::None
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an acceleration method's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown acceleration method {found:?}: expected one of none, baku")]
pub struct UnknownMethod {
    pub found: String,
}

impl FromStr for Method {
    type Err = UnknownMethod;

    fn from_str(s: &str) -> Result<Method, UnknownMethod> {
        Method::ALL
            .iter()
            .copied()
            .find(|m| m.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownMethod {
                found: s.to_string(),
            })
    }
}

/// Why a method cannot be applied to a tournament.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccelerationError {
    /// C.04.7 1.1: the method needs a win worth two draws and a loss worth nothing.
    #[error(
        "the Baku Acceleration (C.04.7 1.1) needs a point system where a win equals two draws \
         and a loss scores nothing; this tournament scores win {win}, draw {draw}, loss {loss}"
    )]
    PointSystem {
        win: Score,
        draw: Score,
        loss: Score,
    },
    /// C.04.7 1.4: the accelerated rounds are the first half of the tournament, so its length
    /// must be known.
    #[error(
        "the Baku Acceleration (C.04.7 1.4) needs the number of rounds of the tournament: \
         declare it with XXR or 142"
    )]
    RoundsUnknown,
}

/// Where the acceleration of a tournament came from (for messages and reports).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// No acceleration at all.
    None,
    /// The file's explicit `250` / `XXA` lines.
    Explicit,
    /// The method, computed by [`apply`].
    Method(Method),
}

/// The method in force for `t`: the command line's, else (when the file has no explicit
/// `250` / `XXA` lines) the one its `192` tournament type names.
pub fn method_for(cli: Option<Method>, t: &Tournament) -> Option<Method> {
    match cli {
        Some(m) => Some(m),
        None if !t.acceleration.is_empty() => None,
        None => t
            .records
            .iter()
            .find(|(c, v)| c == "192" && !v.trim().is_empty())
            .map(|(_, v)| Method::from_code(v))
            .filter(|m| *m != Method::None),
    }
}

/// Fills `t.acceleration` with the virtual points of every round column: the command line's
/// method wins (`none` drops the file's explicit lines), else the file's explicit `250` / `XXA`
/// lines stay, else the `192` tournament type's `_BAKU` applies the Baku method.
/// `columns_per_round` is the number of round columns the system pairs at once
/// ([`crate::system::System::columns_per_round`]: 2 for the Double-Swiss match, else 1); the
/// file's declared length (`XXR` / `142`) counts columns.
pub fn apply(
    t: &mut Tournament,
    cli: Option<Method>,
    columns_per_round: usize,
) -> Result<Source, AccelerationError> {
    match method_for(cli, t) {
        None if t.acceleration.is_empty() => Ok(Source::None),
        None => Ok(Source::Explicit),
        Some(Method::None) => {
            t.acceleration.clear();
            Ok(Source::None)
        }
        Some(Method::Baku) => {
            let columns = t.total_rounds.ok_or(AccelerationError::RoundsUnknown)?;
            let per = columns_per_round.max(1);
            let rounds = columns.div_ceil(u32::try_from(per).unwrap_or(u32::MAX));
            let entered = |p: &crate::model::Player| {
                p.rounds.first() != Some(&RoundEntry::Unplayed(Unplayed::NotEntered))
            };
            let starters: Vec<PlayerId> = t
                .players
                .iter()
                .filter(|p| entered(p))
                .map(|p| p.id)
                .collect();
            t.acceleration = baku(t, &starters, rounds, per)?;
            Ok(Source::Method(Method::Baku))
        }
    }
}

/// The last player of group A (C.04.7 1.2): the 2 x ceil(N/4)-th of `starters`, the `N`
/// players of the initial order (by pairing number) entered before round 1. `None` when
/// nobody is.
pub fn last_of_group_a(starters: &[PlayerId]) -> Option<PlayerId> {
    let size = 2 * starters.len().div_ceil(4);
    let mut sorted = starters.to_vec();
    sorted.sort_unstable();
    sorted.get(size.min(sorted.len()).checked_sub(1)?).copied()
}

/// The number of accelerated rounds of an `rounds`-round tournament and how many of them
/// give the full virtual points (C.04.7 1.4): ceil(R/2) and ceil(ceil(R/2)/2).
pub fn accelerated_rounds(rounds: u32) -> (u32, u32) {
    let accelerated = rounds.div_ceil(2);
    (accelerated, accelerated.div_ceil(2))
}

/// The Baku virtual points of every player of `t` for pairing rounds `1..=rounds`, one value
/// per round column: group A is every player whose pairing number is not above that of the
/// last group-A player among `starters` (late entries inserted above him join it, C.04.7 1.3).
/// Players with no virtual points in any round get no entry.
///
/// A system that pairs a round in `columns_per_round` columns gets each round's value in every
/// one of its columns. For the Double-Swiss System (2 columns, a match) this is the reading of
/// C.04.7 1.4 with C.04.5: "the rounds" are the matches, the rounds C.04.5 pairs (C7, C8 and
/// "the last round" count matches), so R is the number of matches and the first ceil(R/2)
/// matches are accelerated; "the points for a win" are the point system's win, a game won,
/// since C.04.5 scores per game (Preface) and has no match result of its own (1.4 values the
/// PAB as "a match winning a game and drawing the other"). 5 matches: 1 point in matches 1-2,
/// ½ in match 3, columns 1-4 and 5-6.
pub fn baku(
    t: &Tournament,
    starters: &[PlayerId],
    rounds: u32,
    columns_per_round: usize,
) -> Result<Vec<(PlayerId, Vec<Score>)>, AccelerationError> {
    let ps = &t.points;
    // C.04.7 1.1.
    if ps.loss != Score::ZERO || ps.draw + ps.draw != ps.win {
        return Err(AccelerationError::PointSystem {
            win: ps.win,
            draw: ps.draw,
            loss: ps.loss,
        });
    }
    let Some(last) = last_of_group_a(starters) else {
        return Ok(Vec::new());
    };
    let (accelerated, full) = accelerated_rounds(rounds);
    let virtual_points: Vec<Score> = (1..=accelerated)
        .map(|r| if r <= full { ps.win } else { ps.draw })
        .flat_map(|v| vec![v; columns_per_round.max(1)])
        .collect();
    if virtual_points.iter().all(|v| *v == Score::ZERO) {
        return Ok(Vec::new());
    }
    Ok(t.players
        .iter()
        .filter(|p| p.id <= last)
        .map(|p| (p.id, virtual_points.clone()))
        .collect())
}

/// Whether player `id` is in group A, read from the virtual points `t` carries: he is when he
/// has virtual points in some round.
pub fn in_group_a(t: &Tournament, id: PlayerId) -> bool {
    t.acceleration
        .iter()
        .any(|(p, v)| *p == id && v.iter().any(|s| *s != Score::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Player, PointSystem};

    fn field(n: u32, rounds: u32, code: &str) -> Tournament {
        Tournament {
            records: vec![("192".into(), code.into())],
            players: (1..=n)
                .map(|id| Player {
                    id,
                    ..Player::default()
                })
                .collect(),
            total_rounds: Some(rounds),
            ..Tournament::default()
        }
    }

    #[test]
    fn group_a_is_two_times_a_quarter_rounded_up() {
        for (n, size) in [
            (161, 82),
            (16, 8),
            (13, 8),
            (14, 8),
            (15, 8),
            (12, 6),
            (1, 1),
        ] {
            let ids: Vec<PlayerId> = (1..=n).collect();
            assert_eq!(last_of_group_a(&ids), Some(size), "{n} players");
        }
        assert_eq!(last_of_group_a(&[]), None);
    }

    #[test]
    fn nine_rounds_give_one_point_in_three_and_half_in_two() {
        let mut t = field(16, 9, "FIDE_DUTCH_2025_BAKU");
        assert_eq!(apply(&mut t, None, 1), Ok(Source::Method(Method::Baku)));
        let by_round: Vec<Score> = (1..=10).map(|r| t.acceleration_for(1, r)).collect();
        let ten = Score(10);
        let five = Score(5);
        let z = Score::ZERO;
        assert_eq!(by_round, [ten, ten, ten, five, five, z, z, z, z, z]);
        assert_eq!(t.acceleration_for(8, 1), ten);
        assert_eq!(t.acceleration_for(9, 1), z);
        assert!(in_group_a(&t, 8) && !in_group_a(&t, 9));
        // 11 rounds: 6 accelerated, 3 with the full points.
        assert_eq!(accelerated_rounds(11), (6, 3));
        assert_eq!(accelerated_rounds(5), (3, 2));
    }

    #[test]
    fn the_command_line_wins_then_explicit_lines_then_the_code() {
        let explicit = vec![(3, vec![Score(5)])];
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.acceleration = explicit.clone();
        assert_eq!(apply(&mut t, None, 1), Ok(Source::Explicit));
        assert_eq!(t.acceleration, explicit);
        assert_eq!(
            apply(&mut t, Some(Method::Baku), 1),
            Ok(Source::Method(Method::Baku))
        );
        assert_eq!(t.acceleration_for(3, 1), Score(10));
        assert_eq!(apply(&mut t, Some(Method::None), 1), Ok(Source::None));
        assert!(t.acceleration.is_empty());
        let mut plain = field(16, 9, "FIDE_DUTCH_2025");
        assert_eq!(apply(&mut plain, None, 1), Ok(Source::None));
        assert!(plain.acceleration.is_empty());
    }

    #[test]
    fn late_entries_keep_the_last_group_a_player() {
        // 12 starters (group A: 6 players, the last is pairing number 7 once the late entry
        // with pairing number 3 is inserted above him); 13 in the list.
        let mut t = field(13, 7, "FIDE_DUTCH_BAKU");
        for p in &mut t.players {
            p.rounds = vec![if p.id == 3 {
                RoundEntry::Unplayed(Unplayed::NotEntered)
            } else {
                RoundEntry::Unplayed(Unplayed::Absent)
            }];
        }
        apply(&mut t, None, 1).expect("1 / ½ / 0");
        let group_a: Vec<PlayerId> = (1..=13).filter(|&id| in_group_a(&t, id)).collect();
        assert_eq!(group_a, [1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn a_point_system_without_two_draws_to_a_win_is_refused() {
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.points = PointSystem::with_win_draw(Score(30), Score(10));
        let e = apply(&mut t, None, 1).unwrap_err();
        assert!(e.to_string().contains("C.04.7 1.1"), "{e}");
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.points = PointSystem::with_win_draw(Score(20), Score(10));
        apply(&mut t, None, 1).expect("2 / 1 / 0 is allowed");
        assert_eq!(t.acceleration_for(1, 1), Score(20));
        assert_eq!(t.acceleration_for(1, 4), Score(10));
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.total_rounds = None;
        assert_eq!(
            apply(&mut t, None, 1),
            Err(AccelerationError::RoundsUnknown)
        );
    }

    #[test]
    fn a_double_swiss_match_takes_its_round_s_points_in_both_columns() {
        // 5 matches (XXR 10 columns): 3 accelerated matches, a game won's point in matches
        // 1-2, half of it in match 3, nothing after; each value in the match's two columns.
        let mut t = field(16, 10, "FIDE_DOUBLESWISS_BAKU");
        assert_eq!(apply(&mut t, None, 2), Ok(Source::Method(Method::Baku)));
        let (ten, five, z) = (Score(10), Score(5), Score::ZERO);
        let by_column: Vec<Score> = (1..=10).map(|c| t.acceleration_for(1, c)).collect();
        assert_eq!(by_column, [ten, ten, ten, ten, five, five, z, z, z, z]);
        // Game 1's column of match m (the one the engine reads) carries match m's points.
        let by_match: Vec<Score> = (1..=5).map(|m| t.acceleration_for(1, 2 * m - 1)).collect();
        assert_eq!(by_match, [ten, ten, five, z, z]);
        assert_eq!(t.acceleration_for(9, 1), z);
        // The same from the simulator's side: 5 matches, starters 1-16.
        let starters: Vec<PlayerId> = (1..=16).collect();
        let v = baku(&t, &starters, 5, 2).expect("1 / ½ / 0");
        assert_eq!(v[0].1, [ten, ten, ten, ten, five, five]);
        // 11 matches (22 columns): 6 accelerated, 3 with the full point.
        let mut t = field(16, 22, "FIDE_DOUBLESWISS_BAKU");
        apply(&mut t, None, 2).expect("1 / ½ / 0");
        let by_match: Vec<Score> = (1..=11).map(|m| t.acceleration_for(1, 2 * m)).collect();
        assert_eq!(by_match, [ten, ten, ten, five, five, five, z, z, z, z, z]);
    }

    #[test]
    fn methods_are_named_and_parsed_as_on_the_command_line() {
        assert_eq!(Method::Baku.to_string(), "baku");
        assert_eq!(Method::None.to_string(), "none");
        assert_eq!(" BAKU ".parse(), Ok(Method::Baku));
        assert_eq!("None".parse(), Ok(Method::None));
        let e = "swiss".parse::<Method>().unwrap_err();
        assert_eq!(e.found, "swiss");
        assert!(e.to_string().contains("none, baku"), "{e}");
        assert!(Method::Baku.title().contains("C.04.7"));
        assert!(Method::None.title().starts_with("no acceleration"));
        assert_eq!(Method::from_code(" fide_dutch_2025_baku "), Method::Baku);
        assert_eq!(Method::from_code("FIDE_BAKU_DUTCH"), Method::None);
    }

    /// C.04.7 1.1: a loss must score nothing, whatever the win and the draw.
    #[test]
    fn a_loss_that_scores_is_refused() {
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.points = PointSystem::with_win_draw(Score(10), Score(5));
        t.points.loss = Score(5);
        assert_eq!(
            apply(&mut t, None, 1),
            Err(AccelerationError::PointSystem {
                win: Score(10),
                draw: Score(5),
                loss: Score(5),
            })
        );
    }

    /// A `192` line that is blank names no method; a tournament with no starters or whose win
    /// scores nothing gets no virtual points.
    #[test]
    fn no_method_no_starters_or_no_points_give_nothing() {
        let mut t = field(16, 9, "  ");
        assert_eq!(method_for(None, &t), None);
        assert_eq!(apply(&mut t, None, 1), Ok(Source::None));
        let t = field(16, 9, "FIDE_DUTCH_BAKU");
        assert_eq!(baku(&t, &[], 9, 1), Ok(Vec::new()));
        let mut t = field(16, 9, "FIDE_DUTCH_BAKU");
        t.points = PointSystem::with_win_draw(Score::ZERO, Score::ZERO);
        assert_eq!(apply(&mut t, None, 1), Ok(Source::Method(Method::Baku)));
        assert!(t.acceleration.is_empty());
        assert!(!in_group_a(&t, 1));
        // Only the `192` record names the method, not a `_BAKU` elsewhere.
        let mut t = field(16, 9, "FIDE_DUTCH_2025");
        t.records.insert(0, ("012".into(), "Open_BAKU".into()));
        assert_eq!(method_for(None, &t), None);
        // Zero points in every round is not group A.
        let mut t = field(4, 2, "");
        t.acceleration = vec![(1, vec![Score::ZERO, Score::ZERO])];
        assert!(!in_group_a(&t, 1));
    }
}
