//! The results model and the strengths measured: White's edge and the draw propensity as
//! functions of the mean rating and the gap ([`FittedResults`]), the spread of true strength
//! around rating (rated and unrated players) and the weight of an event's own draw rate, all
//! at once by maximising the prequential likelihood of the games: the probability the
//! strength filter ([`crate::strength`]) gave each result before it was played, round by
//! round, as the forecast would have given it. Weak priors keep the parameters an event set
//! says nothing of (an unrated offset where everyone is rated) at plain values.

use super::events::Event;
use super::optim;
use super::Estimate;
use crate::config::Config;
use crate::strength::Filter;

/// The parameters, scaled to about one: White's edge and its slope (hundreds of points), the
/// draw propensity, its slopes, log spread (hundreds), unrated offset (hundreds), log unrated
/// spread (hundreds), log weight of the event's own draws.
const NAMES: [(&str, &str); 10] = [
    (
        "white_edge",
        "White's edge at a mean rating of 2000, rating points",
    ),
    (
        "white_edge_slope",
        "change of White's edge per 400 points of mean rating",
    ),
    (
        "draw",
        "log draw propensity of equal players at 2000 (draw share nu/(2+nu))",
    ),
    (
        "draw_slope",
        "change of the log draw propensity per 400 points of mean rating",
    ),
    (
        "draw_gap",
        "change of the log draw propensity per 400 points of gap",
    ),
    (
        "strength_noise",
        "spread of true strength around rating, points",
    ),
    (
        "unrated_offset",
        "an unrated player's strength above the 20th rating percentile",
    ),
    (
        "unrated_noise",
        "spread of an unrated player's strength, points",
    ),
    (
        "event_draw_prior",
        "weight of the profile's draw rate against an event's own, games",
    ),
    (
        "scale",
        "Elo points per rating point of strength difference",
    ),
];

/// `cfg` with the parameters `x` (scaled as [`NAMES`]).
fn with(cfg: &Config, x: &[f64]) -> Config {
    let mut c = cfg.clone();
    let f = &mut c.results.fitted;
    f.white_edge = 100.0 * x[0];
    f.white_edge_slope = 100.0 * x[1];
    f.draw = x[2];
    f.draw_slope = x[3];
    f.draw_gap = x[4];
    f.event_draw_prior = x[8].exp();
    c.ratings.strength_noise = 100.0 * x[5].exp();
    c.ratings.unrated_offset = 100.0 * x[6];
    c.ratings.unrated_noise = 100.0 * x[7].exp();
    c.results.fitted.scale = x[9].exp();
    c
}

/// The prequential log-likelihood of the games of `events` under `cfg`.
pub fn likelihood(events: &[Event], cfg: &Config) -> f64 {
    let prior = cfg.results.fitted.event_draw_prior;
    events
        .iter()
        .map(|ev| {
            let mut filter = Filter::new(&ev.t, cfg);
            (1..=ev.played)
                .map(|r| filter.play_round(&ev.t, r, cfg, prior))
                .sum::<f64>()
        })
        .sum()
}

/// Weak priors: every scaled parameter near its start, sd 3 (300 rating points, a factor of
/// e^3 in a spread).
fn penalty(x: &[f64], start: &[f64]) -> f64 {
    x.iter()
        .zip(start)
        .map(|(a, b)| -0.5 * ((a - b) / 3.0).powi(2))
        .sum()
}

/// Fits the results model of `events` into `cfg`; the estimates (95% intervals from the
/// curvature of the likelihood) into `out`. Returns the games counted.
pub fn fit(events: &[Event], cfg: &mut Config, out: &mut Vec<Estimate>) -> u64 {
    let start = [0.35, 0.0, -0.5, 0.5, 0.0, 0.0, 0.0, 1.0, 100f64.ln(), 0.0];
    let objective = |x: &[f64]| likelihood(events, &with(cfg, x)) + penalty(x, &start);
    let x = optim::nelder_mead(&objective, &start, 0.3, 2500);
    let se = optim::curvature_errors(&objective, &x, 0.02);
    *cfg = with(cfg, &x);
    cfg.results.model = crate::config::ResultModel::Fitted;
    for (i, (name, meaning)) in NAMES.iter().enumerate() {
        let (lo, hi) = (x[i] - 1.96 * se[i], x[i] + 1.96 * se[i]);
        let scale = |v: f64| match i {
            0 | 1 | 6 => 100.0 * v,
            5 | 7 => 100.0 * v.exp(),
            8 | 9 => v.exp(),
            _ => v,
        };
        out.push(Estimate::new(
            name,
            scale(x[i]),
            scale(lo),
            scale(hi),
            meaning,
        ));
    }
    events
        .iter()
        .map(|ev| {
            let mut f = Filter::new(&ev.t, cfg);
            for r in 1..=ev.played {
                f.play_round(&ev.t, r, cfg, 1.0);
            }
            f.games
        })
        .sum()
}
