//! Reading the TRF-2026 records that pairing needs beyond `142`/`152`/`162`
//! (trf-formats.md §E.2, §E.4): `240` byes, `250` acceleration, `260` prohibited pairings.
//!
//! - `240 T RRR IIII IIII …` (type `F`/`H`/`Z` at column 5, round at 7-9, pairing numbers from
//!   column 11, every 5 columns): a bye of a round already recorded or of the round to pair (the
//!   round after the last paired one) is written into that round's column of each player, as
//!   `0000 - F|H|Z` would be, so it counts for the points and makes the player absent from the
//!   round to pair (C.04.1 requested byes). A player whose column already holds the same bye is
//!   fine; one holding anything else is a [`ErrorKind::Conflict`]. A `240` of a later round
//!   pairs nothing yet and is kept verbatim in [`Tournament::records`].
//! - `250 MMMM GGGG FFF LLL AAAA BBBB` (match points 5-8, blank or zero for individuals; game
//!   points 10-13; first and last round 15-17 and 19-21; first and last pairing number 23-26 and
//!   28-31): every player numbered from AAAA to BBBB gets GGGG fictitious points in rounds FFF to
//!   LLL, merged into one [`Tournament::acceleration`] entry per player (sorted by pairing
//!   number, after any `XXA` entries). "These records cause any acceleration method in record
//!   192 to be disregarded" (TRF-2026); swisslab applies none from 192 anyway.
//! - `260 FFF LLL IIII IIII …` (first and last round 5-7 and 9-11, pairing numbers from 13,
//!   every 5): the players must not meet in those rounds ([`Tournament::prohibited`], applied by
//!   [`Tournament::is_forbidden`]).

use super::error::quoted;
use super::{parse_uint, At, ErrorKind, IdList, Line, Parser, TrfError, MAX_PLAYER_ID};
use crate::model::{PlayerId, Prohibited, RoundEntry, Unplayed};
use crate::score::Score;
use std::collections::BTreeMap;

/// The `240` and `250` records read, applied once every player is known.
#[derive(Default)]
pub(super) struct Pending {
    byes: Vec<Bye>,
    accelerations: Vec<Acceleration>,
}

/// One `240` record.
struct Bye {
    kind: Unplayed,
    round: usize,
    ids: Vec<(PlayerId, At)>,
    /// Index of its verbatim copy in `Tournament::records` (removed when applied).
    record: usize,
    at: At,
}

/// One `250` record.
struct Acceleration {
    points: Score,
    /// Where the record is (its points at column 10).
    at: At,
    first_round: usize,
    last_round: usize,
    first_id: PlayerId,
    last_id: PlayerId,
}

/// A `240`'s bye type (column 5): `F`, `H` or `Z` (upper case), of a player or of a team.
pub(super) fn bye_type(l: &Line) -> Result<char, TrfError> {
    match l.at(5).map(|c| c.to_ascii_uppercase()) {
        Some(c @ ('F' | 'H' | 'Z')) => Ok(c),
        other => Err(l.err(
            ErrorKind::BadValue,
            5,
            "240 bye type",
            "F, H or Z in column 5",
            Some(quoted(&other.map_or(String::new(), |c| c.to_string()))),
        )),
    }
}

impl Parser {
    /// `240`: requested byes of one round.
    pub(super) fn byes_2026(&mut self, l: &Line) -> Result<(), TrfError> {
        let kind = match bye_type(l)? {
            'F' => Unplayed::FullBye,
            'H' => Unplayed::HalfBye,
            _ => Unplayed::ZeroBye,
        };
        let round = self.round_field(l, 7, 9, "240 round")?;
        let ids = self.ids_from(l, 11, "240")?;
        self.id_lists.push(IdList {
            code: "240",
            ids: ids.clone(),
        });
        let rest = l
            .chars
            .get(3..)
            .map_or(String::new(), |s| s.iter().collect());
        self.t.records.push(("240".into(), rest));
        self.y2026.byes.push(Bye {
            kind,
            round,
            ids,
            record: self.t.records.len() - 1,
            at: At {
                line: l.no,
                column: 7,
            },
        });
        Ok(())
    }

    /// `250`: fictitious points for a range of players and rounds.
    pub(super) fn acceleration_2026(&mut self, l: &Line) -> Result<(), TrfError> {
        let match_points = l.cols(5, 8);
        if !match_points.trim().is_empty() && Score::parse(&match_points) != Some(Score::ZERO) {
            return Err(l.err(
                ErrorKind::Unsupported,
                5,
                "250 match points",
                "blank or 0.0 (team competitions are not supported)",
                Some(quoted(match_points.trim())),
            ));
        }
        let text = l.cols(10, 13);
        let points = Score::parse(&text).ok_or_else(|| {
            l.err(
                ErrorKind::BadScore,
                10,
                "250 game points",
                "points like 1.0 in columns 10-13",
                Some(quoted(text.trim())),
            )
        })?;
        let first_round = self.round_field(l, 15, 17, "250 first round")?;
        let last_round = self.round_field(l, 19, 21, "250 last round")?;
        let first_id = self.id_field(l, 23, 26, "250 first player")?;
        let last_id = self.id_field(l, 28, 31, "250 last player")?;
        if last_round < first_round || last_id < first_id {
            let (column, field) = if last_round < first_round {
                (19, "250 last round")
            } else {
                (28, "250 last player")
            };
            return Err(l.err(
                ErrorKind::OutOfRange,
                column,
                field,
                "a range whose end is not before its start",
                Some(quoted(l.cols(column, column + 3).trim())),
            ));
        }
        self.y2026.accelerations.push(Acceleration {
            points,
            at: At {
                line: l.no,
                column: 10,
            },
            first_round,
            last_round,
            first_id,
            last_id,
        });
        Ok(())
    }

    /// `260`: players who must not meet in a range of rounds.
    pub(super) fn prohibited_2026(&mut self, l: &Line) -> Result<(), TrfError> {
        let first_round = self.round_field(l, 5, 7, "260 first round")?;
        let last_round = self.round_field(l, 9, 11, "260 last round")?;
        if last_round < first_round {
            return Err(l.err(
                ErrorKind::OutOfRange,
                9,
                "260 last round",
                format!("a round from {first_round} on (the first round)"),
                Some(quoted(l.cols(9, 11).trim())),
            ));
        }
        let ids = self.ids_from(l, 13, "260")?;
        self.t.prohibited.push(Prohibited {
            // Both at most `max_rounds`, checked by `round_field`.
            first_round: u32::try_from(first_round).unwrap_or(u32::MAX),
            last_round: u32::try_from(last_round).unwrap_or(u32::MAX),
            players: ids.iter().map(|(id, _)| *id).collect(),
        });
        self.id_lists.push(IdList { code: "260", ids });
        Ok(())
    }

    /// A round number 1..=max_rounds in fixed columns.
    fn round_field(
        &self,
        l: &Line,
        from: usize,
        to: usize,
        field: &str,
    ) -> Result<usize, TrfError> {
        let max = u32::try_from(self.opts.max_rounds).unwrap_or(u32::MAX);
        bounded(l, from, to, field, max, "a round").map(|n| n as usize)
    }

    /// A pairing number 1..=9999 in fixed columns.
    fn id_field(
        &self,
        l: &Line,
        from: usize,
        to: usize,
        field: &str,
    ) -> Result<PlayerId, TrfError> {
        bounded(l, from, to, field, MAX_PLAYER_ID, "a pairing number")
    }

    /// Pairing numbers from column `from` on (written every 5 columns; read as blank-separated
    /// numbers).
    fn ids_from(&self, l: &Line, from: usize, code: &str) -> Result<Vec<(PlayerId, At)>, TrfError> {
        let ids = self.id_tokens_from(l, from, code)?;
        if ids.is_empty() {
            return Err(l.err(
                ErrorKind::Truncated,
                l.len().saturating_add(1).max(from),
                code,
                format!("pairing numbers from column {from}"),
                Some(quoted("")),
            ));
        }
        Ok(ids)
    }

    /// Applies the `240` byes of recorded rounds and of the round to pair to the player
    /// columns (the verbatim copies of those records are dropped), then merges the `250`
    /// accelerations. Called once all `001` lines are read and padded; unknown pairing numbers
    /// are skipped here and reported by the id checks.
    pub(super) fn apply_2026(&mut self) -> Result<(), TrfError> {
        let next = self.t.rounds_paired().saturating_add(1);
        let mut applied = Vec::new();
        for bye in &self.y2026.byes {
            if bye.round > next {
                continue;
            }
            let width = self.t.rounds_recorded().max(bye.round);
            for p in &mut self.t.players {
                p.rounds
                    .resize(width, RoundEntry::Unplayed(Unplayed::Absent));
            }
            let entry = RoundEntry::Unplayed(bye.kind);
            for (id, at) in &bye.ids {
                let Some(i) = self.t.index_of(*id) else {
                    continue;
                };
                let Some(slot) = self
                    .t
                    .players
                    .get_mut(i)
                    .and_then(|p| p.rounds.get_mut(bye.round - 1))
                else {
                    continue;
                };
                match *slot {
                    RoundEntry::Unplayed(Unplayed::Absent) => *slot = entry,
                    e if e == entry => {}
                    e => {
                        return Err(TrfError::new(
                            ErrorKind::Conflict,
                            at.line,
                            at.column,
                            "240",
                            format!(
                                "player {id}'s round {} to be blank or the same bye (line {}, column {})",
                                bye.round, bye.at.line, bye.at.column
                            ),
                            Some(quoted(super::writer::block(&e).trim_end())),
                        ));
                    }
                }
            }
            applied.push(bye.record);
        }
        applied.sort_unstable();
        for i in applied.into_iter().rev() {
            if i < self.t.records.len() {
                self.t.records.remove(i);
            }
        }
        let mut per_player: BTreeMap<PlayerId, Vec<Score>> = BTreeMap::new();
        for a in &self.y2026.accelerations {
            for p in &self.t.players {
                if p.id < a.first_id || p.id > a.last_id {
                    continue;
                }
                let v = per_player.entry(p.id).or_default();
                if v.len() < a.last_round {
                    v.resize(a.last_round, Score::ZERO);
                }
                for (r, x) in v
                    .iter_mut()
                    .enumerate()
                    .take(a.last_round)
                    .skip(a.first_round - 1)
                {
                    *x += a.points;
                    // A total the four columns of `250` and `XXA` cannot hold would be
                    // written as a blank and read back as nothing.
                    if super::writer::fit(*x, 4).is_empty() {
                        return Err(TrfError::new(
                            ErrorKind::TooLarge,
                            a.at.line,
                            a.at.column,
                            "250 game points",
                            format!(
                                "player {}'s acceleration for round {} to fit in four \
                                 characters (at most 99.9, or 9999 whole) once the 250 \
                                 records for it are added up",
                                p.id,
                                r + 1
                            ),
                            Some(quoted(&x.to_string())),
                        ));
                    }
                }
            }
        }
        self.t.acceleration.extend(per_player);
        Ok(())
    }
}

/// A whole number 1..=`max` in columns `from..=to`.
fn bounded(
    l: &Line,
    from: usize,
    to: usize,
    field: &str,
    max: u32,
    what: &str,
) -> Result<u32, TrfError> {
    let n = parse_uint(l, from, to, field)?.unwrap_or(0);
    if n == 0 || n > max {
        return Err(l.err(
            ErrorKind::OutOfRange,
            from,
            field,
            format!("{what} from 1 to {max} in columns {from}-{to}"),
            Some(quoted(l.cols(from, to).trim())),
        ));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use crate::model::{Prohibited, RoundEntry, Unplayed};
    use crate::score::Score;
    use crate::trf::{read_str, ErrorKind};

    const PLAYERS: &str = "\
001    1      A                                 2100                             1.0    1     2 w 1
001    2      B                                 2000                             0.0    2     1 b 0
001    3      C                                 1900                             0.0    3  0000 - Z
";

    #[test]
    fn byes_of_the_round_to_pair_fill_its_column() {
        let t = read_str(&format!("{PLAYERS}240 H 002    3\n240 Z 005    1    2\n")).unwrap();
        assert_eq!(
            t.players[2].rounds[1],
            RoundEntry::Unplayed(Unplayed::HalfBye)
        );
        assert_eq!(
            t.players[0].rounds[1],
            RoundEntry::Unplayed(Unplayed::Absent)
        );
        assert_eq!(
            t.records,
            vec![("240".to_string(), " Z 005    1    2".to_string())]
        );
        // The points column may include the bye of the round to pair.
        let with_bye = PLAYERS.replace("0.0    3", "0.5    3");
        assert!(read_str(&format!("{with_bye}240 H 002    3\n")).is_ok());
        // A bye of a round already recorded must agree with the column.
        let e = read_str(&format!("{PLAYERS}240 H 001    2\n")).unwrap_err();
        assert_eq!((e.kind, e.line, e.column), (ErrorKind::Conflict, 4, 14));
        assert!(read_str(&format!("{PLAYERS}240 Z 001    3\n")).is_ok());
        let e = read_str(&format!("{PLAYERS}240 X 002    3\n")).unwrap_err();
        assert_eq!((e.kind, e.column), (ErrorKind::BadValue, 5));
        let e = read_str(&format!("{PLAYERS}240 H 002    9\n")).unwrap_err();
        assert_eq!((e.kind, e.column), (ErrorKind::UnknownPlayer, 14));
    }

    #[test]
    fn acceleration_ranges_merge_per_player() {
        let t = read_str(&format!(
            "{PLAYERS}250      1.0 001 002 0001 0002\n250      0.5 002 003 0002 0003\n"
        ))
        .unwrap();
        let s = |v: &[i32]| v.iter().map(|&x| Score(x)).collect::<Vec<_>>();
        assert_eq!(
            t.acceleration,
            vec![(1, s(&[10, 10])), (2, s(&[10, 15, 5])), (3, s(&[0, 5, 5]))]
        );
        assert_eq!(t.acceleration_for(2, 2), Score(15));
        let e = read_str(&format!("{PLAYERS}250  1.0 1.0 001 002 0001 0002\n")).unwrap_err();
        assert_eq!((e.kind, e.column), (ErrorKind::Unsupported, 5));
        let e = read_str(&format!("{PLAYERS}250      1.0 001 002 0003 0002\n")).unwrap_err();
        assert_eq!((e.kind, e.column), (ErrorKind::OutOfRange, 28));
        // Totals the four columns cannot hold are refused at the record that passes them
        // (they would be written as a blank): 99.5 fits, 925 + 0.5 does not.
        let fits = "250      99.0 001 001 0001 0001\n250      0.5 001 002 0001 0001\n";
        assert!(read_str(&format!("{PLAYERS}{fits}")).is_ok());
        let e = read_str(&format!(
            "{PLAYERS}250      0925 001 002 0001 0001\n250      0.5 002 003 0001 0001\n"
        ))
        .unwrap_err();
        assert_eq!((e.kind, e.line, e.column), (ErrorKind::TooLarge, 5, 10));
        assert!(e.to_string().contains("925.5"), "{e}");
    }

    #[test]
    fn prohibited_pairings_hold_in_their_rounds() {
        let t = read_str(&format!("{PLAYERS}260 002 003    1    3\n")).unwrap();
        assert_eq!(
            t.prohibited,
            vec![Prohibited {
                first_round: 2,
                last_round: 3,
                players: vec![1, 3]
            }]
        );
        assert!(!t.is_forbidden(1, 3, 1));
        assert!(t.is_forbidden(3, 1, 2));
        assert!(!t.is_forbidden(1, 2, 2));
        let e = read_str(&format!("{PLAYERS}260 003 002    1    3\n")).unwrap_err();
        assert_eq!((e.kind, e.column), (ErrorKind::OutOfRange, 9));
    }
}
