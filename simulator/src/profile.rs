//! Event profiles: the parameters of the event model that `swisslab fit` measures on real
//! tournaments, as the configuration sections `simulate --config` and `forecast` read.
//!
//! - [`FittedResults`] (`[results.fitted]`, with `results.model = "fitted"`): the results of a
//!   game as a Davidson model, the draw propensity and White's edge as functions of the mean
//!   rating and the rating gap ([`crate::model::probabilities`]);
//! - [`Presence`] (`[events.fitted]`, with `events.model = "fitted"`): who plays each round —
//!   late entries, absences by round position and by a player's own earlier absences and score,
//!   returns after an absence, the kind of an absence (`H`, `F`, or none) — see
//!   [`crate::presence`];
//! - the spread of true strength around rating (`ratings.strength_noise`, and for unrated
//!   players `ratings.unrated_offset` / `ratings.unrated_noise`);
//! - [`ProfileInfo`] (`[profile]`): what the profile was fitted on and how to refit it.
//!
//! Two profiles ship with swisslab ([`Kind`]): over-the-board opens (the embedded default of
//! `simulate`, `profiles/otb.toml`) and online events (`profiles/online.toml`).

use serde::{Deserialize, Serialize};
use swisslab_engine::Tournament;

/// The over-the-board profile (the embedded default of every configuration).
pub const OTB: &str = include_str!("../profiles/otb.toml");
/// The online profile.
pub const ONLINE: &str = include_str!("../profiles/online.toml");

/// Which of the shipped profiles suits an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Played over the board.
    Otb,
    /// Played online (lichess, chess.com, a club's online events).
    Online,
}

impl Kind {
    /// The profile's name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Otb => "otb",
            Kind::Online => "online",
        }
    }

    /// The shipped profile's text.
    pub fn text(self) -> &'static str {
        match self {
            Kind::Otb => OTB,
            Kind::Online => ONLINE,
        }
    }

    /// The kind named `name` (`otb`, `online`).
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "otb" => Some(Kind::Otb),
            "online" => Some(Kind::Online),
            _ => None,
        }
    }

    /// The kind of an event by what its file says of it: online when its name (`012`), city
    /// (`022`), federation (`032`) or a comment names an online platform or the word
    /// "online" (lichess exports write the event's URL as its city); over the board
    /// otherwise. Returns the kind and the record that decided it.
    pub fn of(t: &Tournament) -> (Kind, Option<String>) {
        const MARKS: &[&str] = &["lichess", "chess.com", "online", "chess24", "playchess"];
        for (code, text) in &t.records {
            if !matches!(code.as_str(), "012" | "022" | "032" | "102") {
                continue;
            }
            let lower = text.to_lowercase();
            if MARKS.iter().any(|m| lower.contains(m)) {
                return (Kind::Online, Some(format!("{code}{}", text.trim_end())));
            }
        }
        (Kind::Otb, None)
    }
}

/// What a profile was fitted on (`[profile]`); informational.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProfileInfo {
    /// The profile's name (`otb`, `online`, or the user's).
    pub name: String,
    /// The command that fitted it.
    pub command: String,
    /// The events it was fitted on (one file per event).
    pub events: Vec<String>,
    /// Games, player-rounds and players it was fitted on.
    pub games: u64,
    pub player_rounds: u64,
    pub players: u64,
    /// swisslab version and date of the fit.
    pub version: String,
}

/// The results model of a profile (Davidson's model of a game with draws).
///
/// With the two true strengths Sw, Sb (rating points), the mean M = (Sw + Sb) / 2 and
/// m = (M - 2000) / 400, White's edge is E = `white_edge` + `white_edge_slope` · m rating
/// points, D = `scale` · (Sw - Sb) + E, y = 10^(D / 800), and the draw propensity is
/// ν = exp(`draw` + `draw_slope` · m + `draw_gap` · |Sw - Sb| / 400). Then P(White wins) =
/// y / (y + 1/y + ν), P(draw) = ν / (y + 1/y + ν), P(Black wins) = (1/y) / (y + 1/y + ν):
/// without draws (ν = 0) White's expected score is the Elo expectation of D; the draw share of
/// two equal players is ν / (2 + ν).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FittedResults {
    /// White's edge at a mean rating of 2000, rating points.
    pub white_edge: f64,
    /// Change of White's edge per 400 points of mean rating.
    pub white_edge_slope: f64,
    /// The log draw propensity at a mean rating of 2000 between equal players.
    pub draw: f64,
    /// Change of the log draw propensity per 400 points of mean rating.
    pub draw_slope: f64,
    /// Change of the log draw propensity per 400 points of strength gap (besides the fall
    /// Davidson's model itself gives).
    pub draw_gap: f64,
    /// How many Elo points one rating point is worth: D = `scale` · (Sw - Sb) + E (1: the
    /// ratings are on the Elo scale; below 1 when they spread wider than results do).
    pub scale: f64,
    /// Weight of the profile's draw rate against an event's own, in games: an event that has
    /// played G games with O draws where the profile expects E is given draws at the profile's
    /// rate times (k + O) / (k + E).
    pub event_draw_prior: f64,
}

impl Default for FittedResults {
    fn default() -> Self {
        FittedResults {
            white_edge: 35.0,
            white_edge_slope: 0.0,
            draw: -0.5,
            draw_slope: 0.5,
            draw_gap: 0.0,
            scale: 1.0,
            event_draw_prior: 100.0,
        }
    }
}

/// Who plays each round (`[events.fitted]`): logistic models of a player's status, each term a
/// change of log-odds. A player **arrives** in his first round in the pairing (a game, a
/// forfeit, the pairing-allocated bye); before it he is a late entry. After it, each round he
/// is present or absent. x is the round's position, 0 in round 1 and 1 in the last round.
///
/// - leaving: P(absent in round r | present in round r-1) = logistic(`leave` +
///   `leave_position` · x + `leave_last_round` · [r is the last round] + `leave_after_absence`
///   · [absent at least once since he arrived] + `leave_score` · (s - 1/2)), s his points so
///   far per round since he arrived;
/// - returning: P(present in round r | absent in round r-1) = logistic(`return` +
///   `return_long` · [absent two rounds or more] + `return_position` · x +
///   `return_after_bye` · [his last absence a half- or full-point bye]);
/// - late entries: a player is a late entry with probability `late_entry`; a late entry not yet
///   arrived arrives in round r with probability logistic(`arrive` + `arrive_position` · x);
/// - the kind of an absence: a half-point bye (`H`) with probability logistic(`half_bye` +
///   `half_bye_position` · x + `half_bye_before_arrival` · [not yet arrived]), a full-point
///   bye (`F`) with probability `full_bye`, else a zero-point absence (`Z`, `-`, blank).
///
/// An event's own rates weigh in against the profile's as its draws do
/// ([`FittedResults::event_draw_prior`]): `event_leave_prior` and `event_return_prior` are
/// the weights, in player-rounds, of the profile's leaving and returning rates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Presence {
    pub leave: f64,
    pub leave_position: f64,
    pub leave_last_round: f64,
    pub leave_after_absence: f64,
    pub leave_score: f64,
    pub event_leave_prior: f64,
    #[serde(rename = "return")]
    pub return_: f64,
    pub return_long: f64,
    pub return_position: f64,
    pub return_after_bye: f64,
    pub event_return_prior: f64,
    pub late_entry: f64,
    pub arrive: f64,
    pub arrive_position: f64,
    pub half_bye: f64,
    pub half_bye_position: f64,
    pub half_bye_before_arrival: f64,
    pub full_bye: f64,
}

impl Default for Presence {
    fn default() -> Self {
        Presence {
            leave: -4.7,
            leave_position: 0.0,
            leave_last_round: 0.5,
            leave_after_absence: 0.8,
            leave_score: -2.0,
            event_leave_prior: 200.0,
            return_: -0.3,
            return_long: -2.0,
            return_position: 0.0,
            return_after_bye: 0.0,
            event_return_prior: 10.0,
            late_entry: 0.02,
            arrive: -1.0,
            arrive_position: 0.0,
            half_bye: -3.0,
            half_bye_position: -2.0,
            half_bye_before_arrival: 1.0,
            full_bye: 0.0,
        }
    }
}

/// The logistic function.
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The position of round `r` of `total`: 0 in round 1, 1 in the last round.
pub fn position(r: usize, total: usize) -> f64 {
    if total <= 1 {
        0.0
    } else {
        (r.saturating_sub(1)) as f64 / (total - 1) as f64
    }
}
