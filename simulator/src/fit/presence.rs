//! The presence model measured ([`Presence`]): logistic regressions of leaving, returning,
//! arriving and of the kind of an absence, on every player-round of the events, and the
//! weight of an event's own rates (its prequential likelihood, as the forecast uses them).

use super::events::Event;
use super::optim;
use super::Estimate;
use crate::presence::Status;
use crate::profile::{logistic, position, Presence};
use swisslab_engine::{GameKind, RoundEntry, Unplayed};

/// One player-round of one kind of decision: features, outcome, and the event and round it
/// belongs to (for the event's own rates).
#[derive(Clone, Debug)]
struct Row {
    x: Vec<f64>,
    y: bool,
    event: usize,
    round: usize,
}

/// Every player-round of the events, by decision.
#[derive(Default)]
struct Rows {
    leave: Vec<Row>,
    ret: Vec<Row>,
    arrive: Vec<Row>,
    half: Vec<Row>,
    full: (u64, u64),
    late: (u64, u64),
    forfeits: (u64, u64),
}

/// The share of a win an entry is worth under the event's point system.
fn share(ev: &Event, e: &RoundEntry) -> f64 {
    let win = f64::from(ev.t.points.win.0.max(1));
    f64::from(ev.t.points.points(e).0) / win
}

fn collect(events: &[Event]) -> Rows {
    let mut rows = Rows::default();
    for (k, ev) in events.iter().enumerate() {
        let (played, total) = (ev.played, ev.total);
        for p in &ev.t.players {
            let part: Vec<bool> = (0..played)
                .map(|r| p.rounds.get(r).is_some_and(RoundEntry::was_paired))
                .collect();
            let arrival = part.iter().position(|&b| b);
            rows.late.1 += 1;
            rows.late.0 += u64::from(arrival != Some(0));
            let mut s = Status::default();
            for r in 1..=played {
                let x = position(r, total);
                let e = p.rounds.get(r - 1).copied();
                let present = part[r - 1];
                if !s.arrived && r >= 2 {
                    rows.arrive.push(Row {
                        x: vec![1.0, x],
                        y: present,
                        event: k,
                        round: r,
                    });
                } else if s.arrived && s.absent_run == 0 {
                    let last = f64::from(u8::from(r == total));
                    let had = f64::from(u8::from(s.had_absence));
                    let x = vec![1.0, x, last, had, s.score()];
                    rows.leave.push(Row {
                        x,
                        y: !present,
                        event: k,
                        round: r,
                    });
                } else if s.arrived {
                    let long = f64::from(u8::from(s.absent_run >= 2));
                    let bye = f64::from(u8::from(s.last_bye));
                    rows.ret.push(Row {
                        x: vec![1.0, long, x, bye],
                        y: present,
                        event: k,
                        round: r,
                    });
                }
                if !present {
                    let kind = match e {
                        Some(RoundEntry::Unplayed(u)) => u,
                        _ => Unplayed::Absent,
                    };
                    let before = f64::from(u8::from(!s.arrived));
                    let half = kind == Unplayed::HalfBye;
                    rows.half.push(Row {
                        x: vec![1.0, x, before],
                        y: half,
                        event: k,
                        round: r,
                    });
                    if !half {
                        rows.full.1 += 1;
                        rows.full.0 += u64::from(kind == Unplayed::FullBye);
                    }
                }
                if let Some(RoundEntry::Game { kind, opponent, .. }) = e {
                    if p.id < opponent {
                        rows.forfeits.1 += 1;
                        rows.forfeits.0 += u64::from(kind == GameKind::Forfeit);
                    }
                }
                s.after(present, e.map_or(0.0, |e| share(ev, &e)));
            }
        }
    }
    rows
}

/// A share with its 95% Wilson interval.
fn proportion(name: &str, (k, n): (u64, u64), meaning: &str) -> (f64, Estimate) {
    let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let (lo, hi) = swisslab_reports::stats::wilson(k, n).unwrap_or((0.0, 1.0));
    (p, Estimate::new(name, p, lo, hi, meaning))
}

/// Fits a logistic model, naming its coefficients.
fn coefficients(rows: &[Row], names: &[(&str, &str)], out: &mut Vec<Estimate>) -> Vec<f64> {
    let data: Vec<(Vec<f64>, bool)> = rows.iter().map(|r| (r.x.clone(), r.y)).collect();
    let (beta, se) = optim::logistic(&data, names.len(), 0.5);
    for (i, (name, meaning)) in names.iter().enumerate() {
        out.push(Estimate::new(
            name,
            beta[i],
            beta[i] - 1.96 * se[i],
            beta[i] + 1.96 * se[i],
            meaning,
        ));
    }
    beta
}

/// The log-likelihood of `rows` when each event's own rate (observed against expected over its
/// earlier rounds) weighs in against the model's with weight `prior`.
fn own_rate_likelihood(rows: &[Row], beta: &[f64], prior: f64) -> f64 {
    let mut ll = 0.0;
    let mut i = 0;
    while i < rows.len() {
        let ev = rows[i].event;
        let j = rows[i..]
            .iter()
            .position(|r| r.event != ev)
            .map_or(rows.len(), |k| i + k);
        let mut by_round: Vec<&Row> = rows[i..j].iter().collect();
        by_round.sort_by_key(|r| r.round);
        let (mut obs, mut exp) = (0.0, 0.0);
        let mut k = 0;
        while k < by_round.len() {
            let round = by_round[k].round;
            let factor = (prior + obs) / (prior + exp);
            let (mut o, mut e) = (0.0, 0.0);
            while k < by_round.len() && by_round[k].round == round {
                let r = by_round[k];
                let eta: f64 = r.x.iter().zip(beta).map(|(a, b)| a * b).sum();
                let p = logistic(eta);
                let q = (p * factor).clamp(1e-6, 1.0 - 1e-6);
                ll += if r.y { q.ln() } else { (1.0 - q).ln() };
                o += f64::from(u8::from(r.y));
                e += p;
                k += 1;
            }
            obs += o;
            exp += e;
        }
        i = j;
    }
    ll
}

/// The weight (in player-rounds) that maximises [`own_rate_likelihood`], searched on a log
/// scale from 1 to 100 000.
fn own_rate_weight(rows: &[Row], beta: &[f64]) -> f64 {
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.event);
    let f = |lk: f64| own_rate_likelihood(&rows, beta, lk.exp());
    let (mut a, mut b) = (0.0f64, 100_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) > f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The presence model of `events`, with its estimates (95% intervals) into `out`, and the
/// forfeit rate.
pub fn fit(events: &[Event], out: &mut Vec<Estimate>) -> (Presence, f64) {
    let rows = collect(events);
    let leave = coefficients(
        &rows.leave,
        &[
            (
                "leave",
                "log-odds of missing a round after playing the one before, mid-score",
            ),
            ("leave_position", "change from round 1 to the last round"),
            ("leave_last_round", "change in the last round"),
            (
                "leave_after_absence",
                "change for a player absent before (a returner)",
            ),
            ("leave_score", "change per point per round above one half"),
        ],
        out,
    );
    let ret = coefficients(
        &rows.ret,
        &[
            (
                "return",
                "log-odds of playing after missing the round before",
            ),
            ("return_long", "change after two or more rounds missed"),
            ("return_position", "change from round 1 to the last round"),
            (
                "return_after_bye",
                "change when the absence was a half- or full-point bye",
            ),
        ],
        out,
    );
    let arrive = coefficients(
        &rows.arrive,
        &[
            (
                "arrive",
                "log-odds that a late entry plays his first game this round",
            ),
            ("arrive_position", "change from round 1 to the last round"),
        ],
        out,
    );
    let half = coefficients(
        &rows.half,
        &[
            ("half_bye", "log-odds that an absence is a half-point bye"),
            ("half_bye_position", "change from round 1 to the last round"),
            (
                "half_bye_before_arrival",
                "change before the player's first game",
            ),
        ],
        out,
    );
    let (full_bye, e) = proportion(
        "full_bye",
        rows.full,
        "share of full-point byes among the other absences",
    );
    out.push(e);
    let (late_entry, e) = proportion("late_entry", rows.late, "share of players not in round 1");
    out.push(e);
    let (forfeit, e) = proportion(
        "forfeit_rate",
        rows.forfeits,
        "share of paired games forfeited",
    );
    out.push(e);
    let event_leave_prior = own_rate_weight(&rows.leave, &leave);
    let event_return_prior = own_rate_weight(&rows.ret, &ret);
    out.push(Estimate::point(
        "event_leave_prior",
        event_leave_prior,
        "weight of the profile's leaving rate against an event's own, player-rounds",
    ));
    out.push(Estimate::point(
        "event_return_prior",
        event_return_prior,
        "weight of the profile's returning rate against an event's own, player-rounds",
    ));
    let p = Presence {
        leave: leave[0],
        leave_position: leave[1],
        leave_last_round: leave[2],
        leave_after_absence: leave[3],
        leave_score: leave[4],
        event_leave_prior,
        return_: ret[0],
        return_long: ret[1],
        return_position: ret[2],
        return_after_bye: ret[3],
        event_return_prior,
        late_entry,
        arrive: arrive[0],
        arrive_position: arrive[1],
        half_bye: half[0],
        half_bye_position: half[1],
        half_bye_before_arrival: half[2],
        full_bye,
    };
    (p, forfeit)
}

/// Per round position (tenths of the event), players who missed a round after playing the
/// one before and never played again (withdrawals), over the players who played the round
/// before: (position band, withdrawals, players at risk); and the absences of any kind over
/// the player-rounds.
pub fn withdrawals(events: &[Event]) -> Vec<(usize, u64, u64, u64, u64)> {
    let mut bands = vec![(0u64, 0u64, 0u64, 0u64); 10];
    for ev in events {
        for p in &ev.t.players {
            let part: Vec<bool> = (0..ev.played)
                .map(|r| p.rounds.get(r).is_some_and(RoundEntry::was_paired))
                .collect();
            let Some(first) = part.iter().position(|&b| b) else {
                continue;
            };
            for r in first + 1..ev.played {
                let band = ((position(r + 1, ev.total) * 10.0) as usize).min(9);
                bands[band].3 += 1;
                bands[band].2 += u64::from(!part[r]);
                if part[r - 1] {
                    bands[band].1 += 1;
                    bands[band].0 += u64::from(part[r..].iter().all(|&b| !b));
                }
            }
        }
    }
    bands
        .into_iter()
        .enumerate()
        .map(|(i, (w, n, a, m))| (i, w, n, a, m))
        .collect()
}
