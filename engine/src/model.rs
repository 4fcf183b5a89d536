//! The tournament model: players, the point system and what happened to each player in each round.
//!
//! This is the data a TRF file carries (see `trf`), kept close to the file so that reading and
//! writing round-trip, but typed: a round is either a game (played, unrated or forfeited) or one
//! of the unplayed kinds of C.04.1 / C.04.2 (pairing-allocated bye, requested byes, absence).
//! Facts derived from the history (scores, colours, floats, byes) live in `history`.

use crate::score::Score;
use std::collections::BTreeSet;

/// A player's pairing number (TRF "starting rank", columns 5-8), 1-based.
pub type PlayerId = u32;

/// A colour in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The colour's letter in a colour history, as the explanations print it: `W` or `B`.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

/// A game's result from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    /// The result the opponent must have.
    pub fn complement(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// How a paired game ended up being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Played and rated: TRF `1 = 0`.
    Rated,
    /// Played but unrated (game lasted less than one move): TRF `W D L`. Counts for pairing.
    Unrated,
    /// Paired but not played: TRF `+ -`. Not a meeting and no colour (C.04.2, forfeits).
    Forfeit,
}

/// A round in which the player had no game (no opponent on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unplayed {
    /// Pairing-allocated bye (C.04.1.c), TRF `U`.
    Pab,
    /// Requested half-point bye, TRF `H`.
    HalfBye,
    /// Requested full-point bye (deprecated by FIDE), TRF `F`.
    FullBye,
    /// Zero-point bye, a known absence, TRF `Z`.
    ZeroBye,
    /// Nothing recorded (a blank field, equivalent to `Z`).
    Absent,
    /// Withdrawn from the tournament: never paired again (written as `Z`).
    Withdrawn,
    /// Not yet entered: a late entry's rounds before arrival (written as `Z`, or `H` by
    /// configuration through `HalfBye`).
    NotEntered,
    /// A forfeit win recorded without an opponent (`0000 - +`).
    ForfeitWin,
    /// A forfeit loss recorded without an opponent (`0000 - -`).
    ForfeitLoss,
}

/// What happened to a player in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundEntry {
    /// The player was paired against `opponent` with `color` (for a forfeit: the scheduled colour).
    Game {
        opponent: PlayerId,
        color: Color,
        result: GameResult,
        kind: GameKind,
    },
    /// No opponent this round.
    Unplayed(Unplayed),
}

impl RoundEntry {
    /// True for a game actually played over the board (rated or not): these count for colours,
    /// floats and meetings. Forfeits do not (C.04.2).
    pub fn is_played_game(&self) -> bool {
        matches!(self, RoundEntry::Game { kind, .. } if *kind != GameKind::Forfeit)
    }

    /// The opponent in a played game, if any.
    pub fn played_opponent(&self) -> Option<PlayerId> {
        match self {
            RoundEntry::Game { opponent, kind, .. } if *kind != GameKind::Forfeit => {
                Some(*opponent)
            }
            _ => None,
        }
    }

    /// The colour in a played game, if any.
    pub fn played_color(&self) -> Option<Color> {
        match self {
            RoundEntry::Game { color, kind, .. } if *kind != GameKind::Forfeit => Some(*color),
            _ => None,
        }
    }

    /// True when the player took part in that round's pairing: a game (even forfeited), the
    /// pairing-allocated bye, or a forfeit win recorded without its opponent (`0000 - +` in a
    /// TRF-16 file): a forfeit win presupposes a pairing (C.04.1.b counts it with the bye),
    /// and bbpPairings counts it as paired too. A forfeit loss without opponent (`0000 - -`,
    /// how lichess writes an absence) is not.
    pub fn was_paired(&self) -> bool {
        matches!(
            self,
            RoundEntry::Game { .. } | RoundEntry::Unplayed(Unplayed::Pab | Unplayed::ForfeitWin)
        )
    }

    /// True for a forfeit win, with or without an opponent (C.04.1.d).
    pub fn is_forfeit_win(&self) -> bool {
        matches!(
            self,
            RoundEntry::Game {
                kind: GameKind::Forfeit,
                result: GameResult::Win,
                ..
            } | RoundEntry::Unplayed(Unplayed::ForfeitWin)
        )
    }
}

/// Points awarded for each kind of round (C.04.1.c; JaVaFo `XXS`, bbpPairings `BB*`, TRF-2026 `162`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSystem {
    pub win: Score,
    pub draw: Score,
    pub loss: Score,
    pub forfeit_win: Score,
    pub forfeit_loss: Score,
    pub pab: Score,
    pub half_bye: Score,
    pub full_bye: Score,
    pub zero_bye: Score,
}

impl Default for PointSystem {
    /// 1 / ½ / 0, the pairing-allocated bye and the forfeit win scoring as a win.
    fn default() -> Self {
        PointSystem {
            win: Score(10),
            draw: Score(5),
            loss: Score(0),
            forfeit_win: Score(10),
            forfeit_loss: Score(0),
            pab: Score(10),
            half_bye: Score(5),
            full_bye: Score(10),
            zero_bye: Score(0),
        }
    }
}

impl PointSystem {
    /// A system with `win` and `draw` points, losses 0, byes and forfeits following win and draw
    /// (the shape of 3/1/0 and 2/1/0).
    pub fn with_win_draw(win: Score, draw: Score) -> PointSystem {
        PointSystem {
            win,
            draw,
            forfeit_win: win,
            pab: win,
            half_bye: draw,
            full_bye: win,
            ..PointSystem::default()
        }
    }

    /// Points a round entry is worth.
    pub fn points(&self, entry: &RoundEntry) -> Score {
        match *entry {
            RoundEntry::Game { result, kind, .. } => match (kind, result) {
                (GameKind::Forfeit, GameResult::Win) => self.forfeit_win,
                (GameKind::Forfeit, GameResult::Loss) => self.forfeit_loss,
                // A "forfeit draw" does not exist in TRF; the reader never builds one.
                (GameKind::Forfeit, GameResult::Draw) => self.draw,
                (_, GameResult::Win) => self.win,
                (_, GameResult::Draw) => self.draw,
                (_, GameResult::Loss) => self.loss,
            },
            RoundEntry::Unplayed(u) => match u {
                Unplayed::Pab => self.pab,
                Unplayed::HalfBye => self.half_bye,
                Unplayed::FullBye => self.full_bye,
                Unplayed::ForfeitWin => self.forfeit_win,
                Unplayed::ForfeitLoss => self.forfeit_loss,
                Unplayed::ZeroBye
                | Unplayed::Absent
                | Unplayed::Withdrawn
                | Unplayed::NotEntered => self.zero_bye,
            },
        }
    }

    /// True for the default 1 / ½ / 0 system.
    pub fn is_default(&self) -> bool {
        *self == PointSystem::default()
    }
}

/// A prohibited pairing with a round range (TRF-2026 `260`): no two of `players` may meet in
/// rounds `first_round..=last_round`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Prohibited {
    pub first_round: u32,
    pub last_round: u32,
    pub players: Vec<PlayerId>,
}

/// One player: the static data of a TRF `001` line and the round-by-round record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    /// Pairing number (starting rank).
    pub id: PlayerId,
    /// Sex (`m`, `w`, …) as written, if any.
    pub sex: Option<char>,
    /// Title as written (`g`, `GM`, `wm`, …), empty if none.
    pub title: String,
    pub name: String,
    /// FIDE rating, 0 if unrated.
    pub rating: u16,
    pub federation: String,
    pub fide_id: String,
    pub birth_date: String,
    /// The points column of the file (81-84), if present. `history` computes the real score.
    pub points: Option<Score>,
    /// The rank column (86-89), if present.
    pub rank: Option<u32>,
    /// One entry per round, round 1 first; every player has the same number of entries.
    pub rounds: Vec<RoundEntry>,
}

/// A FIDE title in the form of the TRF specification's list (`GM IM WGM FM WIM CM WFM WCM`),
/// which py4swiss requires and bbpPairings and JaVaFo ignore: the one-letter codes many files
/// use (`g m f c wg wm wf wc`, the JaVaFo manual's samples) and any case are mapped to it; any
/// other text is kept as it is.
pub fn fide_title(title: &str) -> String {
    let t = title.trim();
    let long = match t.to_ascii_lowercase().as_str() {
        "g" | "gm" => "GM",
        "m" | "im" => "IM",
        "f" | "fm" => "FM",
        "c" | "cm" => "CM",
        "wg" | "wgm" => "WGM",
        "wm" | "wim" => "WIM",
        "wf" | "wfm" => "WFM",
        "wc" | "wcm" => "WCM",
        _ => return t.to_string(),
    };
    long.to_string()
}

/// A whole tournament as a TRF file describes it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tournament {
    /// Header and unrecognised records in file order (`012 …`, `022 …`, `092 …`, …), kept
    /// verbatim for writing: `(code, rest of the line after the code)`.
    pub records: Vec<(String, String)>,
    /// Players sorted by pairing number.
    pub players: Vec<Player>,
    /// Total number of rounds (`XXR`, TRF-2026 `142`), when declared.
    pub total_rounds: Option<u32>,
    /// Initial colour (`XXC white1/black1`, TRF-2026 `152`), when declared.
    pub initial_color: Option<Color>,
    /// `XXC rank`: pair by position of the 001 lines rather than by pairing number.
    pub by_rank: bool,
    /// With `XXC rank`: the pairing numbers in the order of their `001` lines (the positions
    /// bbpPairings pairs by, see [`crate::positional`]); empty otherwise.
    pub rank_order: Vec<PlayerId>,
    /// Forfeits the file wrote with an opponent but colour `-` (`153 - -`), as (player, round):
    /// read as forfeits with a colour given only to keep the game two-sided (a forfeit has no
    /// colour for the pairing), written back with `-`.
    pub uncoloured_forfeits: Vec<(PlayerId, u32)>,
    pub points: PointSystem,
    /// True when no record declared the point system and the reader inferred it from the
    /// points column (old TRF-06 files, see `trf`). It tells how the file gave the point system,
    /// not what the system is: the writer declares it (`BB*`, `XXS`, `162`) so that every engine
    /// reading the output scores the same, and the file written reads back with `false`.
    pub points_inferred: bool,
    /// Acceleration (`XXA`): per player, fictitious points per round (index 0 = round 1).
    pub acceleration: Vec<(PlayerId, Vec<Score>)>,
    /// Forbidden pairs (`XXP`): all players of one list must not be paired together.
    pub forbidden: Vec<Vec<PlayerId>>,
    /// Prohibited pairings for a range of rounds (TRF-2026 `260`); see [`Tournament::is_forbidden`].
    pub prohibited: Vec<Prohibited>,
    /// Players declared absent for the next round (`XXZ`).
    pub absent_next: BTreeSet<PlayerId>,
}

impl Tournament {
    /// Number of round columns recorded (the same for every player).
    pub fn rounds_recorded(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// Number of rounds already paired: the last round column holding a game, a forfeit or a
    /// pairing-allocated bye. Later columns hold only pre-known absences for the next round.
    pub fn rounds_paired(&self) -> usize {
        (0..self.rounds_recorded())
            .rev()
            .find(|&r| {
                self.players
                    .iter()
                    .any(|p| p.rounds.get(r).is_some_and(|e| e.was_paired()))
            })
            .map_or(0, |r| r + 1)
    }

    /// The player with pairing number `id`.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        match self.players.binary_search_by_key(&id, |p| p.id) {
            Ok(i) => Some(&self.players[i]),
            Err(_) => None,
        }
    }

    /// Index of player `id` in `players`.
    pub fn index_of(&self, id: PlayerId) -> Option<usize> {
        self.players.binary_search_by_key(&id, |p| p.id).ok()
    }

    /// The acceleration (fictitious points) of player `id` for round `round` (1-based).
    pub fn acceleration_for(&self, id: PlayerId, round: usize) -> Score {
        self.acceleration
            .iter()
            .filter(|(p, _)| *p == id)
            .filter_map(|(_, v)| v.get(round.wrapping_sub(1)).copied())
            .sum()
    }

    /// True when `a` and `b` must not be paired in round `round` (1-based): both on one `XXP`
    /// list (every round), or on one `260` record whose rounds include `round`.
    pub fn is_forbidden(&self, a: PlayerId, b: PlayerId, round: usize) -> bool {
        let both = |l: &[PlayerId]| l.contains(&a) && l.contains(&b);
        self.forbidden.iter().any(|l| both(l))
            || self.prohibited.iter().any(|p| {
                (p.first_round as usize..=p.last_round as usize).contains(&round)
                    && both(&p.players)
            })
    }

    /// The pairing system's code as the file names it: the TRF-2026 tournament type (`192`,
    /// e.g. `FIDE_DUTCH_2025`), else the tournament type of `092` (free text, e.g.
    /// `FIDE_DUTCH_2025` as bbpPairings writes it, or `Individual Swiss Dutch 2017 rules`), if
    /// any, trimmed. Which system a code means is for the caller to decide.
    pub fn system_code(&self) -> Option<&str> {
        let record = |code: &str| {
            self.records
                .iter()
                .find(|(c, t)| c == code && !t.trim().is_empty())
                .map(|(_, t)| t.trim())
        };
        record("192").or_else(|| record("092"))
    }

    /// The tournament name from the `012` record, if any.
    pub fn name(&self) -> Option<&str> {
        self.records
            .iter()
            .find(|(c, _)| c == "012")
            .map(|(_, t)| t.trim())
    }

    /// A copy keeping only the first `rounds` rounds of every player (the state before round
    /// `rounds + 1`). Points columns and ranks are recomputed by `history` when needed.
    pub fn truncated(&self, rounds: usize) -> Tournament {
        let mut t = self.clone();
        for p in &mut t.players {
            p.rounds.truncate(rounds);
        }
        t.absent_next.clear();
        t
    }
}
