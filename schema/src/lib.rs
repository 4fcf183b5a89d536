//! The output contract of `swisslab simulate` (`simulator/OUTPUT.md`): the columns of each CSV
//! file, declared once.
//!
//! Each file's row is declared by one [`rows!`] entry that lists its columns in file order,
//! each with two types: the one the simulator writes (module [`write`]: text for points, so
//! that they keep one decimal, `2.5`; integers as counted) and the one a reader gets
//! (module [`read`]: numbers as `f64`, optional cells as `Option`, booleans as `bool`). Adding
//! a column is one line here; `simulator/OUTPUT.md` is tested against [`FILES`].
//!
//! The readers match columns by header name, so a reader ignores columns it does not know and
//! a column marked `serde(default)` may be missing (a run written before it).

use serde::Deserialize;

/// A 0/1 cell (`true`/`false` accepted too) as a `bool`.
fn bool01<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let s = String::deserialize(d)?;
    match s.trim() {
        "0" | "false" => Ok(false),
        "1" | "true" => Ok(true),
        other => Err(serde::de::Error::custom(format!(
            "expected 0 or 1, found '{other}'"
        ))),
    }
}

/// One CSV file of the output contract: its name and its columns in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File {
    pub name: &'static str,
    pub columns: &'static [&'static str],
}

/// Declares each file's row twice from one list: `write::Row` and `read::Row`, and its
/// [`File`]. A column is `name: WriteType => ReadType`, optionally followed by `| meta` items
/// applied to the read side only (`| serde(default)`).
macro_rules! rows {
    ($(
        $(#[doc = $sdoc:literal])*
        $row:ident $file:literal {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $w:ty => $r:ty $(| $ra:meta)*,
            )*
        }
    )*) => {
        /// The rows as the simulator writes them (and `swisslab merge` reads them back).
        pub mod write {
            $(
                $(#[doc = $sdoc])*
                #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
                pub struct $row {
                    $( $(#[doc = $doc])* pub $field: $w, )*
                }

                impl $row {
                    /// The file's name and columns.
                    pub const FILE: $crate::File = $crate::File {
                        name: $file,
                        columns: &[$(stringify!($field)),*],
                    };
                }
            )*
        }

        /// The rows as a reader of an output folder gets them.
        pub mod read {
            $(
                $(#[doc = $sdoc])*
                #[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
                pub struct $row {
                    $( $(#[doc = $doc])* $(#[$ra])* pub $field: $r, )*
                }
            )*
        }

        /// Every CSV file of the output contract, in the order `simulator/OUTPUT.md` lists them.
        pub const FILES: &[File] = &[$(write::$row::FILE),*];
    };
}

rows! {
    /// One row of `run.csv`: the run's parameters (a reader keeps them as text: they label it).
    RunRow "run.csv" {
        seed: u64 => String,
        tournaments: u64 => String,
        players: String => String,
        rounds: u32 => String,
        system: String => String,
        result_model: String => String,
        draw_rate: String => String,
        /// The configuration file's path, or `embedded`.
        config: String => String,
        swisslab_version: String => String,
        /// This folder holds shard `shard` of `shards` (0 of 1: the whole run) ...
        shard: u64 => String | serde(default),
        shards: u64 => String | serde(default),
        /// ... that is tournaments `first_tournament .. first_tournament + shard_tournaments`.
        first_tournament: u64 => String | serde(default),
        shard_tournaments: u64 => String | serde(default),
        /// `shard::config_hash` of the configuration.
        config_hash: String => String | serde(default),
        /// 1 when the timing columns are measured, 0 when written as 0 (`--no-timing`).
        timing: u8 => String | serde(default),
        /// The engine that paired (`swisslab:dutch-2026`, `cmd:…`).
        engine: String => String | serde(default),
        /// The engine every round was compared with (`--compare-engine`), empty when none.
        compare_engine: String => String | serde(default),
        /// The acceleration method (C.04.7): `none` or `baku`; empty for a run written before
        /// the column.
        acceleration: String => String | serde(default),
    }

    /// One row of `summary.csv`: the run's totals.
    SummaryRow "summary.csv" {
        tournaments: u64 => u64,
        completed: u64 => u64,
        failed: u64 => u64,
        rounds_paired: u64 => u64,
        games: u64 => u64,
        byes: u64 => u64,
        wall_seconds: String => f64,
        pair_us_p50: u64 => f64,
        pair_us_p90: u64 => f64,
        pair_us_p99: u64 => f64,
        pair_us_max: u64 => f64,
    }

    /// One row of `tournaments.csv`: one tournament.
    TournamentRow "tournaments.csv" {
        tournament: u64 => u64,
        seed: u64 => u64,
        players: usize => u32,
        rounds: usize => u32,
        rounds_paired: usize => u32,
        failed: u8 => bool | serde(deserialize_with = "crate::bool01"),
        failure: String => String,
        late_entries: u32 => u32,
        withdrawals: u32 => u32,
        forfeits: u32 => u32,
        requested_byes: u32 => u32,
        pabs: u32 => u32,
        pair_us_total: u64 => f64,
        pair_us_max: u64 => f64,
        /// Dutch 2012: level searches that reached the node limit and were taken as not met
        /// (the rounds with one may not be paired as JaVaFo 1.4 pairs them); 0 for the other
        /// systems. Missing in a run written before the column.
        searches_given_up: u64 => u64 | serde(default),
    }

    /// One row of `players.csv`: one player of one tournament.
    PlayerRow "players.csv" {
        tournament: u64 => u64,
        player: u32 => u32,
        rating: u16 => f64,
        strength: i64 => f64,
        entered_round: usize => u32,
        /// 0 when the player did not withdraw.
        withdrawn_after: usize => Option<u32>,
        score: String => f64,
        rank: usize => u32,
        buchholz_cut1: String => f64,
        games: u32 => u32,
        whites: u32 => u32,
        blacks: u32 => u32,
        colour_diff: i32 => i32,
        longest_same_colour_run: u32 => u32,
        downfloats: u32 => u32,
        upfloats: u32 => u32,
        repeated_downfloats: u32 => u32,
        repeated_upfloats: u32 => u32,
        pabs: u32 => u32,
        half_byes: u32 => u32,
        zero_byes: u32 => u32,
        forfeit_wins: u32 => u32,
        forfeit_losses: u32 => u32,
        score_white: String => f64,
        score_black: String => f64,
        /// The final ARO; empty when the player played no game.
        aro: String => Option<f64> | serde(default),
        /// The values of the run's tie-breaks (C.07) after points, in its list's order,
        /// blank-separated, as `swisslab standings` prints them; `rank` orders by points then
        /// these (empty for a run written before the column).
        tiebreaks: String => String | serde(default),
        /// The player's acceleration group (C.04.7 1.2): `A` or `B`; empty when unaccelerated.
        acceleration_group: String => String | serde(default),
        /// The distinct players met over the board (forfeits left out), each once however many
        /// games or rounds they were met in (a match of two games is one opponent).
        opponents: u32 => u32 | serde(default),
        /// The mean true strength of those opponents, one decimal; empty without one.
        opp_strength: String => Option<f64> | serde(default),
        /// Their pairing numbers, blank-separated, in the order first met (empty for a run
        /// written before the column, and for a player who played no game).
        opponent_ids: String => String | serde(default),
        /// With `--team-field` (the field is a team event's players): the player's team, its
        /// pairing number in the team event of the same seed and index, and his place in the
        /// team's board order (1 = first board); empty otherwise.
        team: String => Option<u32> | serde(default),
        team_board: String => Option<u32> | serde(default),
    }

    /// One row of `rounds.csv`: one round of one tournament.
    RoundRow "rounds.csv" {
        tournament: u64 => u64,
        round: usize => u32,
        players_paired: usize => u32,
        games: usize => u32,
        /// 0 when the round has no pairing-allocated bye.
        bye_player: u32 => u32,
        bye_player_score: String => Option<f64>,
        bye_player_rating: u16 => Option<f64>,
        pair_us: u64 => f64,
        pref_absolute: u32 => u32,
        pref_strong: u32 => u32,
        pref_mild: u32 => u32,
        denied_absolute: u32 => u32,
        denied_strong: u32 => u32,
        denied_mild: u32 => u32,
        downfloats: u32 => u32,
        upfloats: u32 => u32,
        repeated_downfloats: u32 => u32,
        repeated_upfloats: u32 => u32,
        downfloats_two_before: u32 => u32,
        upfloats_two_before: u32 => u32,
        floated_pairs: u32 => u32,
        floated_score_diff: String => f64,
        white_wins: u32 => u32,
        draws: u32 => u32,
        black_wins: u32 => u32,
        forfeits: u32 => u32,
        last_round: u8 => bool | serde(deserialize_with = "crate::bool01"),
        topscorers: u32 => u32,
        topscorers_three_in_row: u32 => u32,
        topscorers_diff_over_2: u32 => u32,
        /// Mean absolute rating difference of the round's games (one decimal); empty without
        /// games or for a run written before the column.
        rating_gap: String => Option<f64> | serde(default),
        /// The virtual points group A holds in this round (C.04.7), `0.0` when unaccelerated.
        virtual_points: String => String | serde(default),
    }

    /// One row of `groups.csv`: the colour preferences of one score group in one round.
    GroupRow "groups.csv" {
        tournament: u64 => u64,
        round: usize => u32,
        /// The group's pairing score (score plus acceleration), in points.
        score: String => f64,
        /// Players to pair with that score, and with a higher one.
        players: u32 => u32,
        players_above: u32 => u32,
        pref_absolute: u32 => u32,
        pref_strong: u32 => u32,
        pref_mild: u32 => u32,
        denied_absolute: u32 => u32,
        denied_strong: u32 => u32,
        denied_mild: u32 => u32,
        /// The group's players with an ARO after the round (they have played a game), and the
        /// mean, standard deviation and range of those AROs (empty when there are none).
        aro_players: u32 => u32 | serde(default),
        aro_mean: String => Option<f64> | serde(default),
        aro_sd: String => Option<f64> | serde(default),
        aro_range: String => Option<f64> | serde(default),
    }

    /// One row of `disagreements.csv` (`simulate --compare-engine`): a round the compared
    /// engine paired differently from the engine.
    DisagreementRow "disagreements.csv" {
        tournament: u64 => u64,
        round: usize => u32,
        /// Players to pair in the round.
        players: usize => u32 | serde(default),
        /// The engine's pairing (played): `white-black` per board, then `bye N`.
        engine: String => String | serde(default),
        /// The compared engine's pairing, or `error: …` when it gave none.
        compared: String => String | serde(default),
        /// The games only the engine has, and only the compared engine has.
        engine_only: String => String | serde(default),
        compared_only: String => String | serde(default),
        /// The first criterion, by article, on which the two pairings differ, judged by the
        /// swisslab system among the engines (the compared one first), as `check` reports it;
        /// or that they tie on every criterion and differ by the generation order. Empty when
        /// neither engine is swisslab's.
        first_difference: String => String | serde(default),
    }

    /// One row of `teams.csv` (`simulate --system swiss-team`): one team event.
    TeamRow "teams.csv" {
        tournament: u64 => u64,
        seed: u64 => u64,
        teams: usize => u32,
        boards: usize => u32,
        rounds: usize => u32,
        /// Rounds paired and played.
        rounds_paired: usize => u32,
        /// 1 when a round admitted no pairing meeting C1 and C2 (3.3.3), checked independently.
        stopped: u8 => bool | serde(deserialize_with = "crate::bool01"),
        /// 1 when a round failed (engine error or panic, a broken invariant).
        failed: u8 => bool | serde(deserialize_with = "crate::bool01"),
        /// Why the event stopped or failed, empty otherwise.
        failure: String => String,
        /// Pairing-allocated byes given.
        pabs: u32 => u32,
        /// Team-rounds absent (a whole team not paired).
        team_absences: u32 => u32,
        /// Matches forfeited as a whole (`330`).
        match_forfeits: u32 => u32,
        /// Boards forfeited (a player who did not show, or an empty board).
        board_forfeits: u32 => u32,
        /// Mean over the teams of |board-1 Whites - board-1 Blacks| in matches played (1.6),
        /// three decimals.
        board1_cd_mean: String => f64,
        /// Largest such difference of one team.
        board1_cd_max: u32 => u32,
        /// Pairs of teams that met twice in matches played (C1: must be 0).
        rematches: u32 => u32,
        /// Spearman correlation of the final standing (match points, then game points) with
        /// team strength (the TPN order); empty with fewer than two teams or no spread.
        standing_strength_spearman: String => Option<f64>,
        /// Pairing time of the rounds, microseconds (0 with --no-timing).
        pair_us_total: u64 => f64,
        pair_us_max: u64 => f64,
    }

    /// One row of `team_standings.csv` (`simulate --system swiss-team`): one team of one team
    /// event, after its last round.
    TeamStandingRow "team_standings.csv" {
        tournament: u64 => u64,
        /// The team's pairing number (C.04.6 1.1: by strength, 1 the strongest).
        team: u32 => u32,
        /// The mean rating of its top `boards` members, one decimal.
        strength: String => f64,
        /// Members (board players and reserves).
        members: usize => u32,
        match_points: String => f64,
        game_points: String => f64,
        /// By match points, then game points, then pairing number; 1 = winner.
        rank: usize => u32,
        /// Matches played over the board (at least one game played).
        matches: u32 => u32,
        /// Pairing-allocated byes received.
        pabs: u32 => u32,
        /// Rounds the whole team was absent (not paired).
        absences: u32 => u32,
        /// Its matches forfeited as a whole (`330`), won or lost.
        match_forfeits: u32 => u32,
        /// Matches played with White, and with Black, on board 1 (the team's colour, C.04.6
        /// 1.6).
        board1_whites: u32 => u32,
        board1_blacks: u32 => u32,
        /// The team's first-board player (the first member of its `310` order), his pairing
        /// number in the event, and his games played over the board with White and with Black.
        lead_player: u32 => u32,
        lead_whites: u32 => u32,
        lead_blacks: u32 => u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the simulator writes, a reader reads back, column for column.
    #[test]
    fn a_written_row_reads_back() {
        let row = write::RoundRow {
            tournament: 3,
            round: 2,
            bye_player: 7,
            bye_player_score: "1.5".into(),
            bye_player_rating: 1800,
            floated_score_diff: "2.0".into(),
            last_round: 1,
            ..Default::default()
        };
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(&row).unwrap();
        let bytes = w.into_inner().unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert_eq!(
            text.lines().next().unwrap().split(',').collect::<Vec<_>>(),
            write::RoundRow::FILE.columns
        );
        let mut r = csv::Reader::from_reader(&bytes[..]);
        let back: read::RoundRow = r.deserialize().next().unwrap().unwrap();
        assert_eq!((back.tournament, back.round, back.bye_player), (3, 2, 7));
        assert_eq!(back.bye_player_score, Some(1.5));
        assert_eq!(back.bye_player_rating, Some(1800.0));
        assert_eq!(back.floated_score_diff, 2.0);
        assert!(back.last_round);
    }

    #[test]
    fn a_boolean_cell_other_than_0_or_1_is_refused() {
        let text =
            write::TournamentRow::FILE.columns.join(",") + "\n1,1,10,5,5,yes,,0,0,0,0,0,0,0,0\n";
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let err = r.deserialize::<read::TournamentRow>().next().unwrap();
        assert!(err.unwrap_err().to_string().contains("expected 0 or 1"));
    }

    #[test]
    fn every_file_has_its_columns_once() {
        for f in FILES {
            let mut c = f.columns.to_vec();
            c.sort_unstable();
            c.dedup();
            assert_eq!(c.len(), f.columns.len(), "{}", f.name);
        }
        assert_eq!(FILES.len(), 9);
    }
}
