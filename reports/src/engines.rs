//! Two engines compared: how often the engine under test and the compared engine
//! (`simulate --compare-engine`) paired a round differently, overall, by field size and by the
//! events of the tournament (forfeits, requested byes, late entries, withdrawals).
//!
//! Reads `disagreements.csv` (one row per round paired differently) beside `tournaments.csv`
//! (the events of each tournament and `rounds_paired`, the rounds both engines were asked).
//! The section exists only when the run has `disagreements.csv`. The rate of rounds is the
//! pooled share `Σ differing rounds / Σ rounds paired`, clustered by tournament as every share
//! of the report ([`crate::stats`]); the share of tournaments with at least one differing round
//! is a share of independent tournaments (Wilson, Clopper-Pearson below 10).

use crate::load::{RunData, Tournament};
use crate::model::{bar_chart, ci_cells, group_digits, num, ChartText, Metric, Section, Table};
use crate::stats::Estimate;
use std::collections::BTreeMap;

/// Field-size classes of the rate by field size: lower bounds, each class up to the next.
const FIELD_CLASSES: [u32; 6] = [0, 25, 50, 100, 200, 500];

/// The index in [`FIELD_CLASSES`] of the class of a field of `players`.
fn field_class(players: u32) -> usize {
    FIELD_CLASSES
        .iter()
        .rposition(|&lo| players >= lo)
        .unwrap_or(0)
}

/// The label of field class `i`: `100-199`, `500+`.
fn class_label(i: usize) -> String {
    match FIELD_CLASSES.get(i + 1) {
        Some(hi) => format!("{}-{}", FIELD_CLASSES[i], hi - 1),
        None => format!("{}+", FIELD_CLASSES[i]),
    }
}

/// The events a tournament may hold, with how to tell it from its `tournaments.csv` row.
type EventTest = fn(&Tournament) -> bool;
const EVENTS: [(&str, EventTest); 4] = [
    ("forfeits", |t| t.row.forfeits > 0),
    ("requested byes", |t| t.row.requested_byes > 0),
    ("late entries", |t| t.row.late_entries > 0),
    ("withdrawals", |t| t.row.withdrawals > 0),
];

/// One group of tournaments: the rate of rounds paired differently and the share of
/// tournaments with at least one.
struct Group {
    rounds: Estimate,
    tournaments: Estimate,
    count: usize,
}

fn group<'a>(
    run: &'a RunData,
    differing: &BTreeMap<u64, f64>,
    keep: impl Fn(&'a Tournament) -> bool,
) -> Group {
    let members: Vec<&Tournament> = run.tournaments.iter().filter(|t| keep(t)).collect();
    let rounds: Vec<(u64, f64, f64)> = members
        .iter()
        .map(|t| {
            let id = t.row.tournament;
            let k = differing.get(&id).copied().unwrap_or(0.0);
            (id, k, f64::from(t.row.rounds_paired))
        })
        .collect();
    let tournaments: Vec<(u64, bool)> = members
        .iter()
        .map(|t| (t.row.tournament, differing.contains_key(&t.row.tournament)))
        .collect();
    Group {
        rounds: Estimate::ratio(&rounds),
        tournaments: Estimate::proportion(&tournaments),
        count: members.len(),
    }
}

fn table_row(label: String, g: &Group) -> Vec<String> {
    let [lo, hi] = ci_cells(g.rounds.ci());
    let [tlo, thi] = ci_cells(g.tournaments.ci());
    let (k, n) = g.rounds.counts().unwrap_or((0.0, 0.0));
    vec![
        label,
        g.count.to_string(),
        num(n),
        num(k),
        num(g.rounds.value()),
        lo,
        hi,
        num(g.tournaments.value()),
        tlo,
        thi,
    ]
}

const HEADER: [&str; 10] = [
    "group",
    "tournaments",
    "rounds",
    "rounds_differing",
    "share",
    "ci_low",
    "ci_high",
    "tournaments_differing_share",
    "t_ci_low",
    "t_ci_high",
];

/// The section, when the run compared two engines (`disagreements.csv` present).
pub fn section(run: &RunData) -> Option<Section> {
    let rows = run.disagreements.as_ref()?;
    let mut differing: BTreeMap<u64, f64> = BTreeMap::new();
    for r in rows {
        *differing.entry(r.tournament).or_default() += 1.0;
    }
    let all = group(run, &differing, |_| true);
    let metrics = vec![
        Metric::new(
            "engines.rounds_differing",
            "Rounds the two engines paired differently",
            "rounds",
            all.rounds.clone(),
        )
        .percent(),
        Metric::new(
            "engines.tournaments_differing",
            "Tournaments with at least one round paired differently",
            "tournaments",
            all.tournaments.clone(),
        )
        .percent(),
    ];

    let mut by_field = Table::new(
        "disagreements_by_field_size",
        "Rounds paired differently by the two engines, by field size (players)",
        &HEADER,
    );
    let mut classes: Vec<usize> = run
        .tournaments
        .iter()
        .map(|t| field_class(t.row.players))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    let mut field_ests = Vec::new();
    for &c in &classes {
        let g = group(run, &differing, |t| field_class(t.row.players) == c);
        by_field.push(table_row(class_label(c), &g));
        field_ests.push(g.rounds);
    }

    let mut by_event = Table::new(
        "disagreements_by_event",
        "Rounds paired differently by the two engines, in tournaments with and without each event",
        &HEADER,
    );
    let mut event_cats = Vec::new();
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for (name, has) in EVENTS {
        let yes = group(run, &differing, has);
        let no = group(run, &differing, |t| !has(t));
        by_event.push(table_row(format!("with {name}"), &yes));
        by_event.push(table_row(format!("without {name}"), &no));
        event_cats.push(name.to_string());
        with.push(yes.rounds);
        without.push(no.rounds);
    }

    let field_chart = bar_chart(
        ChartText {
            id: "disagreements-by-field",
            title: "Rounds paired differently, by field size",
            caption: "Share of the rounds paired that the compared engine paired differently, by the number of players of the tournament; error bars are 95% clustered intervals (ratio estimator, cluster-robust by tournament; exact Korn-Graubard below 10 rounds).",
            x_label: "players",
            y_label: "rounds paired differently (%)",
            counted: Some("rounds paired differently"),
        },
        classes.into_iter().map(class_label).collect(),
        vec![("rounds".into(), field_ests)],
        100.0,
    );
    let event_chart = bar_chart(
        ChartText {
            id: "disagreements-by-event",
            title: "Rounds paired differently, by event",
            caption: "Share of the rounds paired that the compared engine paired differently, in the tournaments that hold the event and in those that do not; error bars are 95% clustered intervals.",
            x_label: "event in the tournament",
            y_label: "rounds paired differently (%)",
            counted: Some("rounds paired differently"),
        },
        event_cats,
        vec![("with".into(), with), ("without".into(), without)],
        100.0,
    );
    let (k, n) = all.rounds.counts().unwrap_or((0.0, 0.0));
    Some(Section {
        id: "engines",
        title: "Engines compared",
        intro: format!(
            "Every round was paired by the engine under test (the pairing played) and by the compared engine on the same history; {} of {} rounds paired, in {} of {} tournaments, were paired differently (disagreements.csv lists them with both pairings). \
             The events of a tournament come from tournaments.csv; a tournament counts under 'with' an event when it holds at least one.",
            group_digits(k),
            group_digits(n),
            differing.len(),
            run.tournaments.len()
        ),
        metrics,
        charts: vec![field_chart, event_chart],
        tables: vec![by_field, by_event],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_classes_cover_every_size() {
        let label = |n| class_label(field_class(n));
        assert_eq!(label(9), "0-24");
        assert_eq!(label(25), "25-49");
        assert_eq!(label(150), "100-199");
        assert_eq!(label(499), "200-499");
        assert_eq!(label(500), "500+");
        assert_eq!(label(5000), "500+");
    }
}
