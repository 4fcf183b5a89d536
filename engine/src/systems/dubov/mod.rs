//! The Dubov system (C.04.4.1): what its editions share.
//!
//! - ARO, the average rating of a player's over-the-board opponents, computed after each round
//!   as the basis of the next pairing (1997 art. 1; 2026 art. 1.7): [`Aro`].
//! - The players of a round with their derived history (score, colours, opponents, upfloats,
//!   ARO), in score order, and the compatibility of every pair under the edition's absolute
//!   limitations (1997 2.1, 2.3, 2.4; 2026 C1, C3): [`Round`].
//! - The exact helpers the "try the next row" procedures need so that they never backtrack
//!   exponentially: whether a set of players can be paired completely ([`Round::pairable`],
//!   a greedy pass, else a maximum matching), and the first assignment of the "black" column to
//!   the "white" rows in row order that meets the limitations (1997 6.2-6.3, 2026 3.2.5:
//!   [`first_assignment`]).
//! - The first round's pairing, top half against bottom half (1997 art. 5; in 2026 it is what
//!   3.2.3-3.2.5 give when nobody has played): [`first_round`].
//!
//! Each edition's module holds what differs: `edition_1997` (limitations 2.2-2.6, the colour
//! allocation of 3, the bye of 4, the standard procedure of 6, the transfers of 7-8) and
//! `edition_2026` (the bye of 3.1, the bracket procedure of 3.2 with C5-C10, the colours of
//! 5.2).

pub mod edition_1997;
pub mod edition_2026;

use crate::history::{histories_in, Edition, Preference};
use crate::model::{Color, PlayerId, Tournament};
use crate::pairing::{PairingError, Request};
use crate::score::Score;
use crate::systems::common::bye::first_bye;
use crate::systems::common::completion::pairable;
use crate::systems::common::round::present;
use std::cmp::Ordering;

/// A player's ARO: the sum and number of the ratings of the opponents met over the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aro {
    pub sum: u64,
    pub games: u64,
}

impl Aro {
    /// 2026 art. 1.7.1: rounded to the nearest integer, the higher on .5; 1.7.3: zero without
    /// games.
    pub fn rounded(self) -> u64 {
        if self.games == 0 {
            0
        } else {
            (2 * self.sum + self.games) / (2 * self.games)
        }
    }

    /// 1997 art. 1: the exact average (the 6.2 table shows decimals), compared as a fraction; a
    /// player without games has ARO 0.
    pub fn cmp_exact(self, o: Aro) -> Ordering {
        let (a, ag) = (self.sum, self.games.max(1));
        let (b, bg) = (o.sum, o.games.max(1));
        (u128::from(a) * u128::from(bg)).cmp(&(u128::from(b) * u128::from(ag)))
    }
}

/// One player of the round, with the history the Dubov rules read.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub id: PlayerId,
    pub name: String,
    pub rating: u32,
    pub score: Score,
    pub aro: Aro,
    /// Colours of played games, oldest first.
    pub colors: Vec<Color>,
    /// The 2026 colour preference (Dutch 1.7.1-1.7.3), `None` without games.
    pub preference: Option<Preference>,
    /// Whites minus blacks.
    pub difference: i32,
    /// Rounds in which the player was paired against a higher score (upfloated, "transferred to
    /// a higher score group").
    pub upfloats: u32,
    /// Upfloated in the previous round.
    pub upfloated_last: bool,
    /// May receive the pairing-allocated bye (the edition's rule).
    pub bye_ok: bool,
    pub played: usize,
    pub met: Vec<PlayerId>,
    /// Received a point without playing (1997 2.2).
    pub unplayed_point: bool,
}

/// The players of one round, in score order (score descending, pairing number ascending), and
/// the compatibility of every pair.
pub(crate) struct Round {
    pub players: Vec<Entrant>,
    pub compat: Vec<Vec<bool>>,
    pub round: usize,
    pub total_rounds: Option<u32>,
    pub initial: Color,
}

impl Round {
    /// Prepares round `req.round` of `t`; `compatible` is the edition's absolute limitation on
    /// a pair beyond "not met before" and the file's forbidden pairs.
    pub fn prepare(
        t: &Tournament,
        req: &Request,
        edition: Edition,
        compatible: fn(&Entrant, &Entrant) -> bool,
    ) -> Result<Round, PairingError> {
        let hist = histories_in(t, req.round.saturating_sub(1), edition);
        let mut players = Vec::with_capacity(req.present.len());
        for (id, i) in present(t, req)? {
            let h = &hist[i];
            let mut aro = Aro::default();
            for o in &h.opponents {
                if let Some(p) = t.player(*o) {
                    aro.sum += u64::from(p.rating);
                    aro.games += 1;
                }
            }
            let upfloats = h
                .floats
                .iter()
                .filter(|f| **f == crate::history::Float::Up)
                .count() as u32;
            players.push(Entrant {
                id,
                name: t.players[i].name.clone(),
                rating: u32::from(t.players[i].rating),
                score: h.pairing_score(),
                aro,
                colors: h.colors.clone(),
                preference: h.preference(),
                difference: h.color_difference(),
                upfloats,
                upfloated_last: h.float_before(1) == crate::history::Float::Up,
                bye_ok: h.may_get_pab(edition),
                played: h.games_played(),
                met: h.opponents.clone(),
                // 1997 2.2 "a point without playing": a round not played over the board that
                // scored a win's points (a forfeit win worth less is not one), or the bye.
                unplayed_point: h.had_pab || h.had_unplayed_win,
            });
        }
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
        let n = players.len();
        let mut compat = vec![vec![false; n]; n];
        let forbidden = crate::forbidden::ForbiddenPairs::new(t, req.round);
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (&players[i], &players[j]);
                let ok =
                    !a.met.contains(&b.id) && !forbidden.contains(a.id, b.id) && compatible(a, b);
                compat[i][j] = ok;
                compat[j][i] = ok;
            }
        }
        Ok(Round {
            players,
            compat,
            round: req.round,
            total_rounds: t.total_rounds,
            initial: crate::colour::initial_colour(t),
        })
    }

    /// True in the tournament's last round (1997 2.5 "apart from the last round"; 2026 C8-C10
    /// "unless it is the last round").
    pub fn last_round(&self) -> bool {
        self.total_rounds.is_some_and(|r| r as usize == self.round)
    }

    /// The first of `candidates` (in the edition's bye order) whose bye leaves the other
    /// players of `left` pairable.
    pub fn first_bye(&self, left: &[usize], candidates: &[usize]) -> Option<usize> {
        first_bye(left, candidates, |rest| self.pairable(rest))
    }

    /// True when the players `who` (indices) can all be paired among themselves.
    pub fn pairable(&self, who: &[usize]) -> bool {
        pairable(who, |a, b| self.compat[a][b])
    }
}

/// The first assignment of `cols` to `rows` in row order (each row takes the first column, in
/// the order of `cols`, that still lets every later row be assigned), with `ok(row, col)` the
/// allowed pairs; `None` when no complete assignment exists. This is 1997 6.3 ("the white player
/// is paired with the first black player whom he has not played before, from the lower rows";
/// when row k finds none, row k-1 changes, …) and 2026 3.2.5 (the first transposition of G2
/// that yields a legal pairing), computed exactly: a maximum bipartite matching proves that a
/// complete assignment exists, and each row keeps the first column that an alternating path
/// through the unfixed rows can give it.
pub(crate) fn first_assignment(
    rows: &[usize],
    cols: &[usize],
    ok: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    let n = rows.len();
    if cols.len() != n {
        return None;
    }
    let adj: Vec<Vec<bool>> = rows
        .iter()
        .map(|&r| cols.iter().map(|&c| ok(r, c)).collect())
        .collect();
    // col_of[row], row_of[col]
    let mut col_of: Vec<Option<usize>> = vec![None; n];
    let mut row_of: Vec<Option<usize>> = vec![None; n];
    for r in 0..n {
        let mut seen = vec![false; n];
        if !augment(r, &adj, &mut col_of, &mut row_of, &mut seen, 0) {
            return None;
        }
    }
    // Fix the rows in order: row r takes the first column c it can have with rows < r fixed.
    for r in 0..n {
        for c in 0..n {
            if !adj[r][c] {
                continue;
            }
            if col_of[r] == Some(c) {
                break;
            }
            // Try: r takes c; c's row r2 (> r, unfixed) must find another column by an
            // alternating path over rows > r, ending in r's old column.
            let Some(r2) = row_of[c] else { continue };
            if r2 < r {
                continue;
            }
            let old = col_of[r];
            let (saved_c, saved_r) = (col_of.clone(), row_of.clone());
            col_of[r] = Some(c);
            row_of[c] = Some(r);
            col_of[r2] = None;
            if let Some(o) = old {
                row_of[o] = None;
            }
            let mut seen = vec![false; n];
            seen[c] = true;
            if augment(r2, &adj, &mut col_of, &mut row_of, &mut seen, r + 1) {
                break;
            }
            col_of = saved_c;
            row_of = saved_r;
        }
    }
    col_of.iter().map(|c| c.map(|c| cols[c])).collect()
}

/// Kuhn's augmenting path from row `r`, moving only rows `>= min_row`.
fn augment(
    r: usize,
    adj: &[Vec<bool>],
    col_of: &mut [Option<usize>],
    row_of: &mut [Option<usize>],
    seen: &mut [bool],
    min_row: usize,
) -> bool {
    for c in 0..adj[r].len() {
        if !adj[r][c] || seen[c] {
            continue;
        }
        seen[c] = true;
        let free = match row_of[c] {
            None => true,
            Some(r2) => r2 >= min_row && augment(r2, adj, col_of, row_of, seen, min_row),
        };
        if free {
            col_of[r] = Some(c);
            row_of[c] = Some(r);
            return true;
        }
    }
    false
}

/// 1997 art. 5: the list (players in pairing-number order) is split into halves; the i-th of
/// the upper half plays the i-th of the lower half. With an odd number the last player gets the
/// bye. Returns the pairs (upper, lower) and the bye.
pub(crate) fn first_round(ids: &[PlayerId]) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let (list, bye) = if ids.len() % 2 == 1 {
        (&ids[..ids.len() - 1], ids.last().copied())
    } else {
        (ids, None)
    };
    let half = list.len() / 2;
    let pairs = (0..half).map(|i| (list[i], list[half + i])).collect();
    (pairs, bye)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aro_rounds_half_up_and_compares_exactly() {
        let a = Aro {
            sum: 4621,
            games: 2,
        };
        assert_eq!(a.rounded(), 2311);
        let b = Aro {
            sum: 4620,
            games: 2,
        };
        assert_eq!(b.rounded(), 2310);
        assert_eq!(Aro::default().rounded(), 0);
        assert_eq!(a.cmp_exact(b), Ordering::Greater);
        assert_eq!(Aro::default().cmp_exact(b), Ordering::Less);
        // 2318.4 = 11592 / 5 against 2318 = 6954 / 3.
        let c = Aro {
            sum: 11592,
            games: 5,
        };
        let d = Aro {
            sum: 6954,
            games: 3,
        };
        assert_eq!(c.cmp_exact(d), Ordering::Greater);
    }

    #[test]
    fn first_assignment_takes_the_next_row_in_order() {
        // Rows 0..3 against columns 10..13; row 0 has met 10, row 2 has met 11 and 12.
        let forbidden = [(0, 10), (2, 11), (2, 12)];
        let ok = |r: usize, c: usize| !forbidden.contains(&(r, c));
        // Row 0 takes 11 (first it has not met), row 1 takes 10, row 2 must take 13, row 3 12.
        assert_eq!(
            first_assignment(&[0, 1, 2, 3], &[10, 11, 12, 13], &ok),
            Some(vec![11, 10, 13, 12])
        );
        // 6.3 "we change the pairing in row k-1": row 1 could take 10 but then row 2 (only 13
        // left for it... here only 10) fails, so row 1 moves on.
        let forbidden = [(2, 11), (2, 12), (2, 13)];
        let ok = |r: usize, c: usize| !forbidden.contains(&(r, c));
        assert_eq!(
            first_assignment(&[0, 1, 2, 3], &[10, 11, 12, 13], &ok),
            Some(vec![11, 12, 10, 13])
        );
        let ok = |r: usize, _c: usize| r != 3;
        assert_eq!(
            first_assignment(&[0, 1, 2, 3], &[10, 11, 12, 13], &ok),
            None
        );
    }

    /// The literal 3.2.5 / 6.3: the transpositions of the columns in lexicographic order, the
    /// first that pairs every row legally.
    fn literal_first(n: usize, ok: &dyn Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
        fn go(
            row: usize,
            n: usize,
            used: &mut Vec<bool>,
            out: &mut Vec<usize>,
            ok: &dyn Fn(usize, usize) -> bool,
        ) -> bool {
            if row == n {
                return true;
            }
            for c in 0..n {
                if !used[c] && ok(row, c) {
                    used[c] = true;
                    out.push(c);
                    if go(row + 1, n, used, out, ok) {
                        return true;
                    }
                    out.pop();
                    used[c] = false;
                }
            }
            false
        }
        let mut out = Vec::new();
        go(0, n, &mut vec![false; n], &mut out, ok).then_some(out)
    }

    #[test]
    fn first_assignment_matches_the_literal_transpositions() {
        let mut rng = crate::test_rng::Rng::new(97);
        for _ in 0..2000 {
            let n = rng.range(1, 8);
            let adj: Vec<Vec<bool>> = (0..n)
                .map(|_| (0..n).map(|_| !rng.chance(2, 5)).collect())
                .collect();
            let ok = |r: usize, c: usize| adj[r][c];
            let rows: Vec<usize> = (0..n).collect();
            assert_eq!(
                first_assignment(&rows, &rows, &ok),
                literal_first(n, &ok),
                "{adj:?}"
            );
        }
    }

    #[test]
    fn first_round_top_half_against_bottom_half() {
        assert_eq!(
            first_round(&[1, 2, 3, 4, 5]),
            (vec![(1, 3), (2, 4)], Some(5))
        );
        assert_eq!(first_round(&[1, 2, 3, 4]), (vec![(1, 3), (2, 4)], None));
    }
}

/// Hand-made rounds for the editions' tests: players built field by field, compatibility from
/// the edition's limitation and the opponents listed.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Aro, Entrant, Round};
    use crate::model::Color;
    use crate::score::Score;

    /// A player: pairing number, rating, score in half points, ARO (exact average of `aro`
    /// ratings), colours of his games (`"WBW"`), opponents met.
    pub fn entrant(id: u32, rating: u32, half_points: i32, aro: &[u32], colours: &str) -> Entrant {
        let colors: Vec<Color> = colours
            .chars()
            .map(|c| if c == 'W' { Color::White } else { Color::Black })
            .collect();
        let h = crate::history::PlayerHistory {
            id,
            score: Score(half_points * 5),
            acceleration: Score::ZERO,
            colors: colors.clone(),
            floats: vec![],
            opponents: vec![],
            had_pab: false,
            had_forfeit_win: false,
            had_unplayed_win: false,
        };
        Entrant {
            id,
            name: format!("Player {id:03}"),
            rating,
            score: h.score,
            aro: Aro {
                sum: aro.iter().map(|&r| u64::from(r)).sum(),
                games: aro.len() as u64,
            },
            preference: h.preference(),
            difference: h.color_difference(),
            played: colors.len(),
            colors,
            upfloats: 0,
            upfloated_last: false,
            bye_ok: true,
            met: vec![],
            unplayed_point: false,
        }
    }

    /// The round of `players` (sorted by score, then pairing number, as `Round::prepare`
    /// does), with `met` the pairs who have played each other.
    pub fn round(
        mut players: Vec<Entrant>,
        met: &[(u32, u32)],
        compatible: fn(&Entrant, &Entrant) -> bool,
        round: usize,
        total: u32,
    ) -> Round {
        for &(a, b) in met {
            for p in &mut players {
                if p.id == a {
                    p.met.push(b);
                }
                if p.id == b {
                    p.met.push(a);
                }
            }
        }
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
        let n = players.len();
        let mut compat = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                compat[i][j] = i != j
                    && !players[i].met.contains(&players[j].id)
                    && compatible(&players[i], &players[j]);
            }
        }
        Round {
            players,
            compat,
            round,
            total_rounds: Some(total),
            initial: Color::White,
        }
    }

    /// The pairing numbers of index pairs.
    pub fn ids(r: &Round, pairs: &[(usize, usize)]) -> Vec<(u32, u32)> {
        pairs
            .iter()
            .map(|&(a, b)| (r.players[a].id, r.players[b].id))
            .collect()
    }

    /// The index of pairing number `id`.
    pub fn at(r: &Round, id: u32) -> usize {
        r.players.iter().position(|p| p.id == id).expect("player")
    }
}
