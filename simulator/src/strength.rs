//! How strong each player of a real event is, learnt from the games he has played: a Gaussian
//! belief about his true strength around his rating (the prior of the profile:
//! `ratings.strength_noise`; for an unrated player the event's 20th rating percentile plus
//! `ratings.unrated_offset`, spread `ratings.unrated_noise`), updated game by game by
//! assumed-density filtering under the fitted result model ([`crate::model::davidson`]): the
//! distribution of the strength difference of the two players is multiplied by the
//! probability of the result and replaced by the Gaussian of the same mean and variance
//! (computed by Gauss-Hermite quadrature), each player taking his share of the change.
//!
//! `forecast` draws each run's strengths from the beliefs after the rounds played; `fit`
//! measures the profile's parameters by the probability this filter gave each result before
//! it was played (the prequential likelihood, [`Filter::play_round`]).

use crate::config::Config;
use swisslab_engine::{Color, GameKind, GameResult, RoundEntry, Tournament};

/// Nodes and weights of the 10-point Gauss-Hermite rule (weight e^(-x²)).
const GH: [(f64, f64); 5] = [
    (0.342_901_327_223_704_6, 0.610_862_633_735_325_8),
    (1.036_610_829_789_513_7, 0.240_138_611_082_314_7),
    (1.756_683_649_299_881_8, 0.033_874_394_455_481_1),
    (2.532_731_674_232_789_7, 0.001_343_645_746_781_2),
    (3.436_159_118_837_737_6, 7.640_432_855_232_62e-6),
];

/// A belief about a player's strength: mean and variance, rating points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Belief {
    pub mean: f64,
    pub var: f64,
}

/// A game's result from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    White,
    Draw,
    Black,
}

/// The beliefs of every player of an event (by index), and the event's draws against the
/// profile's.
#[derive(Clone, Debug)]
pub struct Filter {
    pub beliefs: Vec<Belief>,
    /// Draws seen, and draws the profile expected, in the games filtered.
    pub draws: f64,
    pub expected_draws: f64,
    pub games: u64,
}

/// The 20th percentile of the event's ratings (1500 when nobody is rated): where an unrated
/// player's strength is put before his games.
pub fn anchor(t: &Tournament) -> f64 {
    let mut r: Vec<u16> = t
        .players
        .iter()
        .map(|p| p.rating)
        .filter(|&r| r > 0)
        .collect();
    if r.is_empty() {
        return 1500.0;
    }
    r.sort_unstable();
    f64::from(r[(r.len() - 1) / 5])
}

impl Filter {
    /// The prior beliefs of `t`'s players under `cfg`'s profile.
    pub fn new(t: &Tournament, cfg: &Config) -> Filter {
        let a = anchor(t);
        let r = &cfg.ratings;
        let beliefs = t
            .players
            .iter()
            .map(|p| {
                if p.rating > 0 {
                    Belief {
                        mean: f64::from(p.rating),
                        var: r.strength_noise * r.strength_noise,
                    }
                } else {
                    Belief {
                        mean: a + r.unrated_offset,
                        var: r.unrated_noise * r.unrated_noise,
                    }
                }
            })
            .collect();
        Filter {
            beliefs,
            draws: 0.0,
            expected_draws: 0.0,
            games: 0,
        }
    }

    /// The beliefs given every game of rounds `1..=played` (a second pass): each player's prior
    /// updated by each of his games against the opponent's belief after the first pass (the
    /// filter's, which saw only the rounds before each game). `self` is the first pass.
    pub fn smoothed(&self, t: &Tournament, played: usize, cfg: &Config) -> Vec<Belief> {
        let f = &cfg.results.fitted;
        let factor = self.draw_factor(f.event_draw_prior);
        let mut out = Filter::new(t, cfg).beliefs;
        for r in 1..=played {
            for (i, p) in t.players.iter().enumerate() {
                let Some(&RoundEntry::Game {
                    opponent,
                    color,
                    result,
                    kind,
                }) = p.rounds.get(r - 1)
                else {
                    continue;
                };
                let Some(j) = t.index_of(opponent) else {
                    continue;
                };
                if kind == GameKind::Forfeit {
                    continue;
                }
                let mine = match result {
                    GameResult::Win => Result3::White,
                    GameResult::Draw => Result3::Draw,
                    GameResult::Loss => Result3::Black,
                };
                // From White's side: the player's colour decides who is White.
                let opp = self.beliefs[j];
                out[i] = if color == Color::White {
                    update(f, factor, out[i], opp, mine).1
                } else {
                    let y = match mine {
                        Result3::White => Result3::Black,
                        Result3::Draw => Result3::Draw,
                        Result3::Black => Result3::White,
                    };
                    update(f, factor, opp, out[i], y).2
                };
            }
        }
        out
    }

    /// Games played over the board (not forfeited) in `t`, each once.
    pub fn games_played(t: &Tournament) -> u64 {
        t.players
            .iter()
            .flat_map(|p| &p.rounds)
            .filter(|e| {
                matches!(e, RoundEntry::Game { color: Color::White, kind, .. } if *kind != GameKind::Forfeit)
            })
            .count() as u64
    }

    /// The event's draw propensity against the profile's, its own draws weighed against
    /// `prior` games at the profile's rate.
    pub fn draw_factor(&self, prior: f64) -> f64 {
        (prior + self.draws) / (prior + self.expected_draws)
    }

    /// Filters round `round` (1-based column) of `t`: each game played over the board (rated
    /// or not; forfeits say nothing of strength) updates its two players. Returns the sum of
    /// the log-probabilities the beliefs before the round gave the results (each game once).
    pub fn play_round(&mut self, t: &Tournament, round: usize, cfg: &Config, prior: f64) -> f64 {
        let f = &cfg.results.fitted;
        let factor = self.draw_factor(prior);
        let mut ll = 0.0;
        for (i, p) in t.players.iter().enumerate() {
            let Some(&RoundEntry::Game {
                opponent,
                color: Color::White,
                result,
                kind,
            }) = p.rounds.get(round - 1)
            else {
                continue;
            };
            if kind == GameKind::Forfeit {
                continue;
            }
            let Some(j) = t.index_of(opponent) else {
                continue;
            };
            let y = match result {
                GameResult::Win => Result3::White,
                GameResult::Draw => Result3::Draw,
                GameResult::Loss => Result3::Black,
            };
            let (w, b) = (self.beliefs[i], self.beliefs[j]);
            let plugin = crate::model::davidson(f, 1.0, w.mean, b.mean).1;
            let (lp, nw, nb) = update(f, factor, w, b, y);
            ll += lp;
            self.beliefs[i] = nw;
            self.beliefs[j] = nb;
            self.expected_draws += plugin;
            self.draws += f64::from(u8::from(y == Result3::Draw));
            self.games += 1;
        }
        ll
    }
}

/// One game: the log-probability of result `y` under the beliefs `w`, `b` and the beliefs
/// after it.
pub fn update(
    f: &crate::profile::FittedResults,
    factor: f64,
    w: Belief,
    b: Belief,
    y: Result3,
) -> (f64, Belief, Belief) {
    let mu = w.mean - b.mean;
    let v = (w.var + b.var).max(1e-9);
    let s = (2.0 * v).sqrt();
    let mid = (w.mean + b.mean) / 2.0;
    let (mut z, mut m1, mut m2) = (0.0, 0.0, 0.0);
    for &(x, weight) in &GH {
        for sign in [-1.0, 1.0] {
            let d = mu + sign * s * x;
            let (pw, pd, pb) = crate::model::davidson(f, factor, mid + d / 2.0, mid - d / 2.0);
            let p = match y {
                Result3::White => pw,
                Result3::Draw => pd,
                Result3::Black => pb,
            };
            let k = weight * p;
            z += k;
            m1 += k * d;
            m2 += k * d * d;
        }
    }
    let z = z.max(1e-300);
    let mean = m1 / z;
    let var = (m2 / z - mean * mean).max(0.0);
    let lp = (z / std::f64::consts::PI.sqrt()).ln();
    let (sw, sb) = (w.var / v, b.var / v);
    let shift = mean - mu;
    let shrink = v - var;
    let nw = Belief {
        mean: w.mean + sw * shift,
        var: (w.var - sw * sw * shrink).max(1.0),
    };
    let nb = Belief {
        mean: b.mean - sb * shift,
        var: (b.var - sb * sb * shrink).max(1.0),
    };
    (lp, nw, nb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::FittedResults;

    #[test]
    fn a_win_raises_the_winner_and_narrows_both() {
        let f = FittedResults::default();
        let a = Belief {
            mean: 2000.0,
            var: 150.0 * 150.0,
        };
        let (lp, w, b) = update(&f, 1.0, a, a, Result3::White);
        assert!(w.mean > 2000.0 && b.mean < 2000.0);
        assert!(w.var < a.var && b.var < a.var);
        // Equal players: White's win is somewhat under one half (draws), above a third.
        assert!(lp < 0.5f64.ln() && lp > (1.0f64 / 3.0).ln(), "{lp}");
        // With no uncertainty nothing moves and the probability is the model's.
        let sure = Belief {
            mean: 2000.0,
            var: 1e-6,
        };
        let (lp, w, _) = update(&f, 1.0, sure, sure, Result3::Draw);
        let pd = crate::model::davidson(&f, 1.0, 2000.0, 2000.0).1;
        assert!((lp - pd.ln()).abs() < 1e-6);
        assert!((w.mean - 2000.0).abs() < 1e-3);
    }
}
