//! The statistics gathered while simulating into the rows of the output contract (declared in
//! the `swisslab-schema` crate, documented in `simulator/OUTPUT.md`), and the per-round and
//! per-player quality measures.
//!
//! Definitions (C.04.3 A.4, A.6, A.7 and C.04.2, through the engine's `history` facts):
//! - colour preference of a player before the round (A.6: absolute, strong, mild); it is
//!   *denied* when the pairing gives him the other colour;
//! - floats of a round's pairing (A.4.b): in a game between different scores the higher one
//!   downfloats and the lower one upfloats; the pairing-allocated bye is a downfloat. A float is
//!   *repeated* when the player received a float of the same kind in the previous round, and
//!   "two before" when he did two rounds before — where, as A.4.b says, a round in which the
//!   player did not play counts as a downfloat;
//! - topscorers (A.7): in the final round, players whose score exceeds half the maximum
//!   possible before it;
//! - rank: score, then Buchholz Cut-1 (sum of the final scores of the opponents met over the
//!   board, without the lowest; unplayed rounds add nothing), then pairing number;
//! - ARO, the average rating of a player's opponents (Dubov 1997 art. 1; C.04.4.1 (2026)
//!   1.7.1): the ratings of the opponents met over the board (forfeits left out), averaged and
//!   rounded to the nearest integer, halves up; none before a first game (1.7.3 pairs such a
//!   player as ARO 0, but a statistic of spread leaves him out). The ARO spread of a group is
//!   the population standard deviation and the range (max - min) of its players' AROs.

use swisslab_engine::history::{Float, PlayerHistory, PreferenceStrength};
use swisslab_engine::{Color, GameKind, GameResult, RoundEntry, Score, Tournament, Unplayed};

pub use swisslab_schema::write::{
    DisagreementRow, GroupRow, PlayerRow, RoundRow, RunRow, SummaryRow, TournamentRow,
};

/// How a tournament ended, as the summary counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Completed,
    /// No valid pairing existed (not a failure; the rules leave it to the arbiter).
    Stopped,
    Failed,
}

/// Counts one tournament's row in the summary (its games are counted from rounds.csv by the
/// caller).
pub fn count(s: &mut SummaryRow, t: &TournamentRow) -> Outcome {
    s.tournaments += 1;
    s.rounds_paired += t.rounds_paired as u64;
    s.byes += u64::from(t.pabs);
    if t.failed != 0 {
        s.failed += 1;
        Outcome::Failed
    } else if t.rounds_paired < t.rounds {
        Outcome::Stopped
    } else {
        s.completed += 1;
        Outcome::Completed
    }
}

/// Per-player float counters accumulated over the rounds.
#[derive(Clone, Copy, Debug, Default)]
pub struct FloatCounts {
    pub down: u32,
    pub up: u32,
    pub repeated_down: u32,
    pub repeated_up: u32,
}

/// The float a pairing gives `me` against an opponent (scores before the round).
pub fn game_float(me: Score, opponent: Score) -> Float {
    match me.cmp(&opponent) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// Counts a float received by a player with history `h` into the round row and his counters.
pub fn count_float(row: &mut RoundRow, acc: &mut FloatCounts, h: &PlayerHistory, f: Float) {
    match f {
        Float::Down => {
            row.downfloats += 1;
            acc.down += 1;
            if h.float_before(1) == Float::Down {
                row.repeated_downfloats += 1;
                acc.repeated_down += 1;
            }
            if h.float_before(2) == Float::Down {
                row.downfloats_two_before += 1;
            }
        }
        Float::Up => {
            row.upfloats += 1;
            acc.up += 1;
            if h.float_before(1) == Float::Up {
                row.repeated_upfloats += 1;
                acc.repeated_up += 1;
            }
            if h.float_before(2) == Float::Up {
                row.upfloats_two_before += 1;
            }
        }
        Float::None => {}
    }
}

/// The histories `hist` (of the `rounds` round columns of `t` before this one) as a system of
/// `per` columns a pairing round reads them (Double-Swiss: a match of two games, C.04.5): one
/// float per match, the float of its game-1 column (scores before the match), and one colour
/// per match in which a game was played, the game-1 colour (1.6). The "previous round" of a
/// repeated float and the colour preference are then the previous match's, not game 2 of it.
pub fn per_match(
    t: &Tournament,
    mut hist: Vec<PlayerHistory>,
    rounds: usize,
    per: usize,
) -> Vec<PlayerHistory> {
    if per <= 1 {
        return hist;
    }
    for (h, p) in hist.iter_mut().zip(&t.players) {
        h.floats = h.floats.iter().step_by(per).copied().collect();
        h.colors = (0..rounds)
            .step_by(per)
            .filter_map(|k| {
                let cols =
                    &p.rounds[k.min(p.rounds.len())..(k + per).min(rounds).min(p.rounds.len())];
                let played = cols.iter().any(
                    |e| matches!(e, RoundEntry::Game { kind, .. } if *kind != GameKind::Forfeit),
                );
                match cols.first() {
                    Some(RoundEntry::Game { color, .. }) if played => Some(*color),
                    _ => None,
                }
            })
            .collect();
    }
    hist
}

/// Counts the colour preference of a player who receives `c`.
pub fn count_preference(row: &mut RoundRow, h: &PlayerHistory, c: Color) {
    tally_preference(
        h,
        c,
        [
            (&mut row.pref_absolute, &mut row.denied_absolute),
            (&mut row.pref_strong, &mut row.denied_strong),
            (&mut row.pref_mild, &mut row.denied_mild),
        ],
    );
}

/// The same count for a score group's row.
pub fn count_group_preference(row: &mut GroupRow, h: &PlayerHistory, c: Color) {
    tally_preference(
        h,
        c,
        [
            (&mut row.pref_absolute, &mut row.denied_absolute),
            (&mut row.pref_strong, &mut row.denied_strong),
            (&mut row.pref_mild, &mut row.denied_mild),
        ],
    );
}

/// Adds one preference, and one denial when `c` is not the preferred colour, to the (count,
/// denied) pair of its strength: absolute, strong, mild.
fn tally_preference(h: &PlayerHistory, c: Color, counts: [(&mut u32, &mut u32); 3]) {
    if let Some(p) = h.preference() {
        let [absolute, strong, mild] = counts;
        let (pref, denied) = match p.strength {
            PreferenceStrength::Absolute => absolute,
            PreferenceStrength::Strong => strong,
            PreferenceStrength::Mild => mild,
        };
        *pref += 1;
        *denied += u32::from(p.color != c);
    }
}

/// One row per score group of the players to pair in round `round` (highest score first), with
/// the group sizes; the preference counts are filled in as the games are counted.
pub fn group_rows(
    tournament: u64,
    round: usize,
    scores: impl Iterator<Item = Score>,
) -> std::collections::BTreeMap<std::cmp::Reverse<Score>, GroupRow> {
    let mut groups: std::collections::BTreeMap<std::cmp::Reverse<Score>, GroupRow> =
        Default::default();
    for s in scores {
        groups
            .entry(std::cmp::Reverse(s))
            .or_insert_with(|| GroupRow {
                tournament,
                round,
                score: s.to_string(),
                ..GroupRow::default()
            })
            .players += 1;
    }
    let mut above = 0;
    for g in groups.values_mut() {
        g.players_above = above;
        above += g.players;
    }
    groups
}

/// Counts a topscorer receiving `c` in the final round.
pub fn count_topscorer(row: &mut RoundRow, h: &PlayerHistory, c: Option<Color>) {
    row.topscorers += 1;
    if let Some(c) = c {
        if matches!(h.colors.as_slice(), [.., a, b] if *a == c && *b == c) {
            row.topscorers_three_in_row += 1;
        }
        let d = h.color_difference() + if c == Color::White { 1 } else { -1 };
        if d.abs() > 2 {
            row.topscorers_diff_over_2 += 1;
        }
    }
}

/// Final scores and ranks (score, Buchholz Cut-1, pairing number) of the players of `t`,
/// indexed like `t.players`: (score, Buchholz Cut-1, rank).
pub fn standings(t: &Tournament) -> Vec<(Score, Score, usize)> {
    let scores: Vec<Score> = t
        .players
        .iter()
        .map(|p| p.rounds.iter().map(|e| t.points.points(e)).sum())
        .collect();
    let buchholz: Vec<Score> = t
        .players
        .iter()
        .map(|p| {
            let opp: Vec<Score> = p
                .rounds
                .iter()
                .filter_map(|e| e.played_opponent())
                .filter_map(|o| t.index_of(o).map(|j| scores[j]))
                .collect();
            let sum: Score = opp.iter().copied().sum();
            sum - opp.iter().copied().min().unwrap_or_default()
        })
        .collect();
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by(|&a, &b| {
        scores[b]
            .cmp(&scores[a])
            .then(buchholz[b].cmp(&buchholz[a]))
            .then(t.players[a].id.cmp(&t.players[b].id))
    });
    let mut rank = vec![0; t.players.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r + 1;
    }
    (0..t.players.len())
        .map(|i| (scores[i], buchholz[i], rank[i]))
        .collect()
}

/// The final standing of `t` by points then the tie-breaks `list` (C.07; PTS put first when
/// missing), indexed like `t.players`: (place, 1 = winner, ties by pairing number; the
/// tie-break values after points, blank-separated).
pub fn tiebreak_standing(t: &Tournament, list: &str) -> Vec<(usize, String)> {
    use swisslab_engine::tiebreak;
    let mut specs = tiebreak::parse_list(list).unwrap_or_default();
    tiebreak::with_points_first(&mut specs);
    let st = swisslab_engine::standings::standings(t, &specs, tiebreak::Edition::Fide2026);
    let mut out = vec![(0, String::new()); t.players.len()];
    for (place, row) in st.rows.iter().enumerate() {
        if let Some(i) = t.index_of(row.id) {
            let vals: Vec<String> = row.values[1..].iter().map(|v| v.to_string()).collect();
            out[i] = (place + 1, vals.join(" "));
        }
    }
    out
}

/// The ARO of a player with entries `rounds` in `t` (Dubov 1997 art. 1; 2026 1.7.1: opponents
/// met over the board, the mean rounded half up); `None` before his first game.
pub fn aro(t: &Tournament, rounds: &[RoundEntry]) -> Option<u32> {
    let ratings: Vec<u32> = rounds
        .iter()
        .filter_map(RoundEntry::played_opponent)
        .filter_map(|o| t.index_of(o))
        .map(|j| u32::from(t.players[j].rating))
        .collect();
    let n = ratings.len() as u32;
    // Rounded to the nearest integer, the higher one at .5 (2026 1.7.1).
    (n > 0).then(|| (2 * ratings.iter().sum::<u32>() + n) / (2 * n))
}

/// The mean, population standard deviation and range of a group's AROs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub n: u32,
    pub mean: f64,
    pub sd: f64,
    pub range: u32,
}

/// The spread of `aros`; `None` when empty.
pub fn spread(aros: &[u32]) -> Option<Spread> {
    let n = aros.len();
    let (&min, &max) = (aros.iter().min()?, aros.iter().max()?);
    let mean = aros.iter().map(|&a| f64::from(a)).sum::<f64>() / n as f64;
    let var = aros
        .iter()
        .map(|&a| (f64::from(a) - mean).powi(2))
        .sum::<f64>()
        / n as f64;
    Some(Spread {
        n: n as u32,
        mean,
        sd: var.sqrt(),
        range: max - min,
    })
}

/// Writes the spread of a group's AROs into its row (all empty when nobody has an ARO).
pub fn set_group_aro(row: &mut GroupRow, aros: &[u32]) {
    if let Some(s) = spread(aros) {
        row.aro_players = s.n;
        row.aro_mean = format!("{:.2}", s.mean);
        row.aro_sd = format!("{:.2}", s.sd);
        row.aro_range = s.range.to_string();
    }
}

/// The colour and result facts of one player's round entries.
#[derive(Clone, Copy, Debug, Default)]
pub struct EntryCounts {
    pub games: u32,
    pub whites: u32,
    pub blacks: u32,
    pub longest_run: u32,
    pub pabs: u32,
    pub half_byes: u32,
    pub zero_byes: u32,
    pub forfeit_wins: u32,
    pub forfeit_losses: u32,
    pub score_white: Score,
    pub score_black: Score,
}

/// Counts what a player's entries hold (played games only for colours, C.04.2).
pub fn entry_counts(t: &Tournament, rounds: &[RoundEntry]) -> EntryCounts {
    let mut c = EntryCounts::default();
    let mut run = 0;
    let mut last: Option<Color> = None;
    for e in rounds {
        match *e {
            RoundEntry::Game {
                color,
                kind: GameKind::Forfeit,
                result,
                ..
            } => {
                let _ = color;
                match result {
                    GameResult::Win => c.forfeit_wins += 1,
                    _ => c.forfeit_losses += 1,
                }
            }
            RoundEntry::Game { color, .. } => {
                c.games += 1;
                let pts = t.points.points(e);
                if color == Color::White {
                    c.whites += 1;
                    c.score_white += pts;
                } else {
                    c.blacks += 1;
                    c.score_black += pts;
                }
                run = if last == Some(color) { run + 1 } else { 1 };
                last = Some(color);
                c.longest_run = c.longest_run.max(run);
            }
            RoundEntry::Unplayed(Unplayed::Pab) => c.pabs += 1,
            RoundEntry::Unplayed(Unplayed::HalfBye) => c.half_byes += 1,
            RoundEntry::Unplayed(Unplayed::ZeroBye) => c.zero_byes += 1,
            RoundEntry::Unplayed(Unplayed::ForfeitWin) => c.forfeit_wins += 1,
            RoundEntry::Unplayed(Unplayed::ForfeitLoss) => c.forfeit_losses += 1,
            RoundEntry::Unplayed(_) => {}
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use swisslab_engine::history::histories;
    use swisslab_engine::Player;

    /// Two players, two matches of two games (columns W B, then B W; player 1 scores 2-0 in
    /// match 1, so match 2 is between different scores). Per match: one colour per match (the
    /// game-1 colour), one float per match, so the float of match 2 is compared with match 1's
    /// (none), not with game 2 of match 2.
    #[test]
    fn double_swiss_histories_are_read_per_match() {
        let g = |opponent, color, result| RoundEntry::Game {
            opponent,
            color,
            result,
            kind: GameKind::Rated,
        };
        let (w, b) = (Color::White, Color::Black);
        let (win, loss) = (GameResult::Win, GameResult::Loss);
        let t = Tournament {
            players: vec![
                Player {
                    id: 1,
                    rounds: vec![g(2, w, win), g(2, b, win), g(2, b, loss), g(2, w, loss)],
                    ..Player::default()
                },
                Player {
                    id: 2,
                    rounds: vec![g(1, b, loss), g(1, w, loss), g(1, w, win), g(1, b, win)],
                    ..Player::default()
                },
            ],
            ..Tournament::default()
        };
        let h = per_match(&t, histories(&t, 4), 4, 2);
        assert_eq!(h[0].colors, [w, b]);
        assert_eq!(h[1].colors, [b, w]);
        assert_eq!(h[0].floats, [Float::None, Float::Down]);
        assert_eq!(h[0].float_before(1), Float::Down);
        assert_eq!(h[0].float_before(2), Float::None);
        let h = per_match(&t, histories(&t, 2), 2, 2);
        assert_eq!(
            h[0].float_before(1),
            Float::None,
            "match 1 was between equal scores"
        );
    }

    /// Six players (ratings 2000, 1900, 1800, 1700, 1601, 1550), two rounds: 1-3, 2-4 and 5-6
    /// by forfeit (6 absent), then 1-2, 3-5, 4-6. After round 2 the AROs are: 1 (1800+1900)/2
    /// = 1850; 2 (1700+2000)/2 = 1850; 3 (2000+1601)/2 = 1800.5, rounded up to 1801; 4
    /// (1900+1550)/2 = 1725; 5 and 6 one game each (the forfeit is no meeting): 1800 and
    /// 1700. Player 5 had no ARO after round 1. The group {1, 3, 5}: mean 1817, deviations
    /// +33, -16, -17, variance 1634/3, standard deviation 23.338, range 50.
    #[test]
    fn aro_and_its_spread_on_a_hand_made_round() {
        let ratings = [2000, 1900, 1800, 1700, 1601, 1550];
        let played = |o, color, result| RoundEntry::Game {
            opponent: o,
            color,
            result,
            kind: GameKind::Rated,
        };
        let forfeit = |o, color, result| RoundEntry::Game {
            opponent: o,
            color,
            result,
            kind: GameKind::Forfeit,
        };
        use Color::{Black as B, White as W};
        use GameResult::{Draw, Loss, Win};
        let rounds = [
            [played(3, W, Win), played(2, B, Draw)],
            [played(4, W, Loss), played(1, W, Draw)],
            [played(1, B, Loss), played(5, W, Win)],
            [played(2, B, Win), played(6, W, Draw)],
            [forfeit(6, W, Win), played(3, B, Loss)],
            [forfeit(5, B, Loss), played(4, B, Draw)],
        ];
        let t = Tournament {
            players: (0..6)
                .map(|i| Player {
                    id: i as u32 + 1,
                    rating: ratings[i],
                    rounds: rounds[i].to_vec(),
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        };
        let aros: Vec<Option<u32>> = t.players.iter().map(|p| aro(&t, &p.rounds)).collect();
        assert_eq!(
            aros,
            [1850, 1850, 1801, 1725, 1800, 1700].map(Some).to_vec()
        );
        assert_eq!(aro(&t, &t.players[4].rounds[..1]), None);
        let s = spread(&[1850, 1801, 1800]).unwrap();
        assert_eq!((s.n, s.mean, s.range), (3, 1817.0, 50));
        assert!((s.sd - (1634.0f64 / 3.0).sqrt()).abs() < 1e-9);
        let mut row = GroupRow::default();
        set_group_aro(&mut row, &[1850, 1801, 1800]);
        assert_eq!(
            (
                row.aro_players,
                row.aro_mean.as_str(),
                row.aro_sd.as_str(),
                row.aro_range.as_str()
            ),
            (3, "1817.00", "23.34", "50")
        );
        let mut empty = GroupRow::default();
        set_group_aro(&mut empty, &[]);
        assert_eq!((empty.aro_players, empty.aro_sd.as_str()), (0, ""));
    }

    #[test]
    fn longest_run_ignores_unplayed_rounds() {
        let g = |c| RoundEntry::Game {
            opponent: 2,
            color: c,
            result: GameResult::Draw,
            kind: GameKind::Rated,
        };
        let t = Tournament::default();
        let rounds = [
            g(Color::White),
            RoundEntry::Unplayed(Unplayed::HalfBye),
            g(Color::White),
            g(Color::Black),
        ];
        let c = entry_counts(&t, &rounds);
        assert_eq!((c.games, c.whites, c.blacks, c.longest_run), (3, 2, 1, 2));
        assert_eq!(c.half_byes, 1);
        assert_eq!(c.score_white, Score(10));
        let _ = Player::default();
    }
}
