//! `swisslab fit`: the event model measured on real events, written as a profile
//! (configuration sections that `simulate --config` and `forecast` read).
//!
//! - [`events`]: the events of a fitting set (one file per event, its length, what is left
//!   out and why);
//! - [`presence`]: who plays each round (late entries, absences by round position, by a
//!   player's earlier absences and score, returns, the kind of an absence, forfeits);
//! - [`results`]: White's edge and the draw rate as functions of the mean rating and the gap,
//!   the spread of true strength around rating;
//! - [`optim`]: the small numerical tools.
//!
//! Every estimate carries a 95% interval: Wilson's for a share, else from the curvature of the
//! likelihood at its maximum (player-rounds and games taken as independent given the model).

pub mod events;
pub mod optim;
pub mod presence;
pub mod results;

use crate::config::{Config, EventModel};
use std::fmt::Write as _;

/// One estimate and its 95% interval.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Estimate {
    pub name: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
    pub meaning: String,
}

impl Estimate {
    pub fn new(name: &str, value: f64, low: f64, high: f64, meaning: &str) -> Estimate {
        Estimate {
            name: name.into(),
            value,
            low,
            high,
            meaning: meaning.into(),
        }
    }

    /// An estimate without an interval (a weight found by a search).
    pub fn point(name: &str, value: f64, meaning: &str) -> Estimate {
        Estimate::new(name, value, f64::NAN, f64::NAN, meaning)
    }
}

/// A fitted profile.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The profile over [`Config::base`].
    pub config: Config,
    pub estimates: Vec<Estimate>,
    /// Withdrawals and absences by round position ([`presence::withdrawals`]).
    pub withdrawals: Vec<(usize, u64, u64, u64, u64)>,
}

/// Fits the events of `set` into a profile named `name`; `command` is recorded in it.
pub fn fit(set: &events::Set, name: &str, command: &str) -> Fit {
    let evs = &set.events;
    let mut config = Config::base();
    let mut estimates = Vec::new();
    let (presence, forfeit) = presence::fit(evs, &mut estimates);
    config.events.model = EventModel::Fitted;
    config.events.fitted = presence;
    config.results.forfeit_rate = forfeit;
    let games = results::fit(evs, &mut config, &mut estimates);
    let info = &mut config.profile;
    info.name = name.into();
    info.command = command.into();
    info.events = evs.iter().map(|e| e.file.display().to_string()).collect();
    info.games = games;
    info.players = evs.iter().map(|e| e.t.players.len() as u64).sum();
    info.player_rounds = evs
        .iter()
        .map(|e| (e.t.players.len() * e.played) as u64)
        .sum();
    info.version = env!("CARGO_PKG_VERSION").into();
    Fit {
        config,
        estimates,
        withdrawals: presence::withdrawals(evs),
    }
}

/// A number for the profile (enough digits to refit nothing away).
fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.4}")
    } else {
        "0.0".into()
    }
}

/// The profile as a configuration file, each value with its 95% interval and meaning in a
/// comment.
pub fn profile_text(fit: &Fit) -> String {
    let c = &fit.config;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# swisslab event profile `{}`: measured by `swisslab fit` (swisslab {}) on {} events,\n\
         # {} players, {} player-rounds, {} games. Read by `simulate --config` and `forecast \
         --profile`.\n# Refit: {}\n",
        c.profile.name,
        c.profile.version,
        c.profile.events.len(),
        c.profile.players,
        c.profile.player_rounds,
        c.profile.games,
        c.profile.command
    );
    let est = |name: &str| fit.estimates.iter().find(|e| e.name == name);
    let line = |s: &mut String, key: &str, name: &str, v: f64| {
        let _ = match est(name) {
            Some(e) if e.low.is_finite() => writeln!(
                s,
                "{key} = {}  # 95% {} .. {}: {}",
                num(v),
                num(e.low),
                num(e.high),
                e.meaning
            ),
            Some(e) => writeln!(s, "{key} = {}  # {}", num(v), e.meaning),
            None => writeln!(s, "{key} = {}", num(v)),
        };
    };
    let _ = writeln!(
        s,
        "[profile]\nname = {:?}\ncommand = {:?}",
        c.profile.name, c.profile.command
    );
    let _ = writeln!(s, "events = [");
    for e in &c.profile.events {
        let _ = writeln!(s, "    {e:?},");
    }
    let _ = writeln!(
        s,
        "]\ngames = {}\nplayer_rounds = {}\nplayers = {}\nversion = {:?}\n",
        c.profile.games, c.profile.player_rounds, c.profile.players, c.profile.version
    );
    let _ = writeln!(s, "[results]\nmodel = \"fitted\"");
    line(
        &mut s,
        "forfeit_rate",
        "forfeit_rate",
        c.results.forfeit_rate,
    );
    let f = &c.results.fitted;
    let _ = writeln!(s, "\n[results.fitted]");
    for (k, v) in [
        ("white_edge", f.white_edge),
        ("white_edge_slope", f.white_edge_slope),
        ("draw", f.draw),
        ("draw_slope", f.draw_slope),
        ("draw_gap", f.draw_gap),
        ("scale", f.scale),
        ("event_draw_prior", f.event_draw_prior),
    ] {
        line(&mut s, k, k, v);
    }
    let _ = writeln!(s, "\n[ratings]");
    let r = &c.ratings;
    for (k, v) in [
        ("strength_noise", r.strength_noise),
        ("unrated_offset", r.unrated_offset),
        ("unrated_noise", r.unrated_noise),
    ] {
        line(&mut s, k, k, v);
    }
    let _ = writeln!(s, "\n[events]\nmodel = \"fitted\"\n\n[events.fitted]");
    let p = &c.events.fitted;
    for (k, v) in [
        ("leave", p.leave),
        ("leave_position", p.leave_position),
        ("leave_last_round", p.leave_last_round),
        ("leave_after_absence", p.leave_after_absence),
        ("leave_score", p.leave_score),
        ("event_leave_prior", p.event_leave_prior),
        ("return", p.return_),
        ("return_long", p.return_long),
        ("return_position", p.return_position),
        ("return_after_bye", p.return_after_bye),
        ("event_return_prior", p.event_return_prior),
        ("late_entry", p.late_entry),
        ("arrive", p.arrive),
        ("arrive_position", p.arrive_position),
        ("half_bye", p.half_bye),
        ("half_bye_position", p.half_bye_position),
        ("half_bye_before_arrival", p.half_bye_before_arrival),
        ("full_bye", p.full_bye),
    ] {
        line(&mut s, k, k, v);
    }
    s
}
