//! Who plays each round under a fitted profile ([`Presence`], `[events.fitted]`): a player
//! arrives (late entries), then each round is present or absent, leaving and returning with the
//! probabilities of the profile's logistic models, and an absence is a half-point bye, a
//! full-point bye or a zero-point absence.
//!
//! The same probabilities serve three users: `simulate` draws each player's rounds before
//! round 1 ([`plan_rounds`], from the tournament's generator, so that the plan never depends
//! on a pairing); `forecast` draws the remaining rounds of each run from the file's state
//! ([`Status`], [`next`]); `fit` measures them ([`crate::fit`]).

use crate::profile::{logistic, position, Presence};
use rand::Rng;
use swisslab_engine::Unplayed;

/// Where a player stands before a round.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Status {
    /// Has played (been in the pairing) at least once.
    pub arrived: bool,
    /// Rounds absent in a row just before this one (0: present in the previous round).
    pub absent_run: usize,
    /// Absent at least once since he arrived.
    pub had_absence: bool,
    /// His last absence was a bye worth points (a half- or full-point bye he asked for), not a
    /// zero-point absence.
    pub last_bye: bool,
    /// Points since he arrived, and rounds since he arrived.
    pub points: f64,
    pub rounds: usize,
}

impl Status {
    /// His points per round since he arrived, less one half (0 before any).
    pub fn score(&self) -> f64 {
        if self.rounds == 0 {
            0.0
        } else {
            self.points / self.rounds as f64 - 0.5
        }
    }

    /// The status after a round: present (`Some(points)`) or absent (`None`, or the bye's
    /// points for a bye).
    pub fn after(&mut self, present: bool, points: f64) {
        if present {
            self.arrived = true;
            self.absent_run = 0;
        } else if self.arrived {
            self.absent_run += 1;
            self.had_absence = true;
            self.last_bye = points > 0.0;
        }
        if self.arrived {
            self.points += points;
            self.rounds += 1;
        }
    }
}

/// An event's own rates against the profile's (1: the profile's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Factors {
    pub leave: f64,
    pub ret: f64,
}

impl Default for Factors {
    fn default() -> Self {
        Factors {
            leave: 1.0,
            ret: 1.0,
        }
    }
}

/// The probability that a player in `s` plays round `r` of `total`. A player of an entry list
/// plays round 1 (late entries are planned apart, [`plan_rounds`]).
pub fn p_present(p: &Presence, f: Factors, s: &Status, r: usize, total: usize) -> f64 {
    let x = position(r, total);
    if r == 1 {
        return 1.0;
    }
    if !s.arrived {
        return logistic(p.arrive + p.arrive_position * x);
    }
    if s.absent_run == 0 {
        1.0 - (p_leave(p, s, r, total) * f.leave).min(1.0)
    } else {
        (p_return(p, s, r, total) * f.ret).min(1.0)
    }
}

/// The probability that a player present in the previous round is absent in round `r`.
pub fn p_leave(p: &Presence, s: &Status, r: usize, total: usize) -> f64 {
    let x = position(r, total);
    logistic(
        p.leave
            + p.leave_position * x
            + p.leave_last_round * f64::from(u8::from(r == total))
            + p.leave_after_absence * f64::from(u8::from(s.had_absence))
            + p.leave_score * s.score(),
    )
}

/// The probability that a player absent in the previous round plays round `r`.
pub fn p_return(p: &Presence, s: &Status, r: usize, total: usize) -> f64 {
    let x = position(r, total);
    logistic(
        p.return_
            + p.return_long * f64::from(u8::from(s.absent_run >= 2))
            + p.return_position * x
            + p.return_after_bye * f64::from(u8::from(s.last_bye)),
    )
}

/// The probability that an absence in round `r` is a half-point bye.
pub fn p_half_bye(p: &Presence, arrived: bool, r: usize, total: usize) -> f64 {
    let x = position(r, total);
    logistic(
        p.half_bye
            + p.half_bye_position * x
            + p.half_bye_before_arrival * f64::from(u8::from(!arrived)),
    )
}

/// The kind of an absence in round `r`, from a uniform draw `u`.
pub fn kind(p: &Presence, arrived: bool, r: usize, total: usize, u: f64) -> Unplayed {
    let h = p_half_bye(p, arrived, r, total);
    if u < h {
        Unplayed::HalfBye
    } else if u < h + p.full_bye.clamp(0.0, 1.0) * (1.0 - h) {
        Unplayed::FullBye
    } else {
        Unplayed::ZeroBye
    }
}

/// The points of an absence of kind `k` (half and full byes at 1/2 and 1, else 0), for the
/// score feature.
pub fn bye_points(k: Unplayed) -> f64 {
    match k {
        Unplayed::HalfBye => 0.5,
        Unplayed::FullBye => 1.0,
        _ => 0.0,
    }
}

/// A player's rounds drawn before round 1 (`simulate`): the round he enters, and his absences
/// after it as (round, kind). `expected` is his expected score per game against the field (in
/// place of his score so far, which the plan cannot know).
pub fn plan_rounds<R: Rng>(
    p: &Presence,
    f: Factors,
    total: usize,
    expected: f64,
    rng: &mut R,
) -> (usize, Vec<(usize, Unplayed)>) {
    let mut entry = 1;
    if total >= 2 && rng.gen_bool(p.late_entry.clamp(0.0, 1.0)) {
        entry = total + 1;
        for r in 2..=total {
            if rng.gen_bool(logistic(p.arrive + p.arrive_position * position(r, total))) {
                entry = r;
                break;
            }
        }
    }
    let mut s = Status {
        arrived: true,
        ..Status::default()
    };
    let mut absences = Vec::new();
    for r in entry + 1..=total {
        let stay = p_present(p, f, &s, r, total);
        let present = rng.gen_bool(stay.clamp(0.0, 1.0));
        let u: f64 = rng.gen();
        if present {
            s.after(true, expected);
        } else {
            let k = kind(p, true, r, total, u);
            absences.push((r, k));
            s.after(false, bye_points(k));
        }
    }
    (entry, absences)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn leaving_follows_the_score_and_returning_the_run() {
        let p = Presence::default();
        let low = Status {
            arrived: true,
            points: 1.0,
            rounds: 5,
            ..Status::default()
        };
        let high = Status { points: 4.0, ..low };
        assert!(p_leave(&p, &low, 6, 9) > p_leave(&p, &high, 6, 9));
        let one = Status {
            absent_run: 1,
            ..low
        };
        let three = Status {
            absent_run: 3,
            ..low
        };
        assert!(p_return(&p, &one, 6, 9) > p_return(&p, &three, 6, 9));
        // The present probability is the complement of leaving, or the return.
        let f = Factors::default();
        assert!((p_present(&p, f, &low, 6, 9) - (1.0 - p_leave(&p, &low, 6, 9))).abs() < 1e-12);
        assert!((p_present(&p, f, &one, 6, 9) - p_return(&p, &one, 6, 9)).abs() < 1e-12);
        // A player who asked for a half-point bye is more likely back than one absent for
        // nothing, when the profile says so.
        let q = Presence {
            return_after_bye: 1.5,
            ..p.clone()
        };
        let (mut bye, mut zero) = (low, low);
        bye.after(false, 0.5);
        zero.after(false, 0.0);
        assert!(bye.last_bye && !zero.last_bye);
        assert!(p_return(&q, &bye, 6, 9) > p_return(&q, &zero, 6, 9));
        assert_eq!(p_return(&p, &bye, 6, 9), p_return(&p, &zero, 6, 9));
    }

    #[test]
    fn planned_rounds_are_after_entry_and_in_range() {
        let p = Presence {
            late_entry: 0.3,
            leave: -1.5,
            ..Presence::default()
        };
        let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(3);
        let (mut late, mut absent) = (0, 0);
        for _ in 0..500 {
            let (entry, abs) = plan_rounds(&p, Factors::default(), 9, 0.5, &mut rng);
            late += usize::from(entry > 1);
            absent += abs.len();
            for &(r, _) in &abs {
                assert!(r > entry && r <= 9);
            }
        }
        assert!((100..=200).contains(&late), "{late}");
        assert!(absent > 100, "{absent}");
    }
}
