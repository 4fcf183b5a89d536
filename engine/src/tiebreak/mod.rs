//! FIDE tie-breaks (Handbook C.07, "Tie-Break Regulations", 2024 edition with the
//! amendments in force from 1 March 2026) for individual tournaments, and standings ranked by
//! points then an ordered list of tie-breaks (C.07 4.2).
//!
//! The tie-breaks are computed from the [`Tournament`] model alone (results, opponents,
//! colours, ratings, point system), so any pairing system can use them. One module per
//! family: [`counts`] (PTS, WIN, WON, BPG, BWG, GE/REP), [`buchholz`] (BH, FB, AOB),
//! [`sonneborn`] (SB), [`progressive`] (PS), [`koya`] (KS), [`rating`] (ARO, TPR, PTP,
//! APRO, APPO), [`encounter`] (DE); [`rounds`] and [`opponents`] hold the unplayed-round
//! rules of Article 16 (voluntary unplayed rounds, the dummy opponent, cuts).
//!
//! Values are exact decimals ([`Value`]) printed as FIDE's calculator (TieBreakServer) prints
//! them, so that `swisslab standings --format tsv` can be compared with it value for value;
//! `docs/tiebreaks.md` lists where the two differ and which article decides.

mod buchholz;
mod counts;
mod encounter;
mod fide_tables;
mod koya;
mod opponents;
pub(crate) mod pairing_index;
mod progressive;
mod rating;
mod rounds;
mod sonneborn;
mod spec;
pub mod team;
mod value;

pub use rounds::as_finished;
pub use spec::{parse_list, Kind, Spec, SpecError};
pub use value::Value;

use crate::model::{PlayerId, Tournament};
use rounds::Context;

/// The edition of C.07 applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Edition {
    /// Regulations applied from 1 August 2024: a round without a game counts, in the
    /// participant's Buchholz, as a game against a dummy opponent with his own score (16.4).
    Fide2024,
    /// The 2024 regulations with the amendments applied from 1 March 2026 (FIDE Council,
    /// 2 February 2026): the dummy's score is capped (16.4.1, 16.4.2). In force.
    #[default]
    Fide2026,
}

impl Edition {
    pub const ALL: [Edition; 2] = [Edition::Fide2024, Edition::Fide2026];

    /// `2024` or `2026`.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Fide2024 => "2024",
            Edition::Fide2026 => "2026",
        }
    }

    /// The edition in force when `t` started: its `042` start date (read in any of the forms
    /// of [`crate::trf::dates`], with the `052` end date deciding an order the digits leave
    /// open) before 1 March 2026 gives 2024, otherwise 2026. A date that cannot be read, or
    /// whose readings fall under both editions, gives the edition in force today, 2026 (the
    /// reader warns about such a date, naming its line). Earlier editions of C.07 are not
    /// implemented: older tournaments get 2024.
    pub fn for_tournament(t: &Tournament) -> Edition {
        let dates = crate::trf::dates::EventDates::of(t);
        let candidates = dates
            .start
            .map(|r| r.reading.candidates())
            .unwrap_or_default();
        let of = |d: &crate::trf::dates::Date| {
            if (d.year, d.month, d.day) < (2026, 3, 1) {
                Edition::Fide2024
            } else {
                Edition::Fide2026
            }
        };
        match candidates.first().map(of) {
            Some(e) if candidates.iter().all(|d| of(d) == e) => e,
            _ => Edition::Fide2026,
        }
    }

    /// The edition named `2024` or `2026`.
    pub fn from_name(s: &str) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.name() == s.trim())
    }
}

/// The tie-breaks applied when neither the command line nor the file gives a list: a
/// Buchholz-first order for an individual Swiss tournament.
pub const DEFAULT_LIST: &str = "BH/C1 BH SB DE WIN BWG";

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub id: PlayerId,
    /// Rank after points and every tie-break (tied players share the rank of the first).
    pub rank: usize,
    /// One value per specifier, in the order of the list.
    pub values: Vec<Value>,
}

/// Standings: the rows in rank order (ties by pairing number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub specs: Vec<Spec>,
    pub edition: Edition,
    pub rows: Vec<Row>,
}

impl Standings {
    /// FIDE's calculator's `-r -dT` layout: `Rank<TAB>StartNo<TAB>` and the specifiers as
    /// given, then one line per player in rank order.
    pub fn tsv(&self) -> String {
        let mut out = String::from("Rank\tStartNo");
        for s in &self.specs {
            out.push('\t');
            out.push_str(&s.text);
        }
        out.push('\n');
        for r in &self.rows {
            out.push_str(&format!("{}\t{}", r.rank, r.id));
            for v in &r.values {
                out.push_str(&format!("\t{v}"));
            }
            out.push('\n');
        }
        out
    }
}

/// `a / b` rounded to the nearest integer, halves up (`b > 0`).
pub(crate) fn div_round_half_up(a: i64, b: i64) -> i64 {
    (2 * a + b).div_euclid(2 * b)
}

/// The values of one tie-break for every player (in the order of `t.players`). Direct
/// Encounter needs the ranking before it: `order` (player indices in rank order) and `rank`.
fn values(
    ctx: &Context,
    spec: &Spec,
    edition: Edition,
    order: &[usize],
    rank: &[usize],
) -> Vec<Value> {
    match spec.kind {
        Kind::Pts | Kind::Win | Kind::Won | Kind::Bpg | Kind::Bwg | Kind::Ge | Kind::Rep => {
            counts::compute(ctx, spec.kind)
        }
        Kind::Bh => buchholz::compute(ctx, spec, false, edition),
        Kind::Fb => buchholz::compute(ctx, spec, true, edition),
        Kind::Aob => buchholz::average_of_opponents(ctx, spec, edition),
        Kind::Sb => sonneborn::compute(ctx, spec, edition),
        Kind::Ps => progressive::compute(ctx, spec),
        Kind::Ks => koya::compute(ctx, spec),
        Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Apro | Kind::Appo => rating::compute(ctx, spec),
        Kind::De => encounter::compute(ctx, order, rank),
    }
}

/// Ranks `t`'s players by the tie-breaks of `specs` in order (C.07 4.2); the first is
/// usually PTS. A tie left after the last is shared (same rank, listed by pairing number).
///
/// `t` is the tournament as its system has standings see it: a system that changes which
/// games count as played (Double-Swiss) does so before ([`crate::standings::standings`] reads
/// the system from the file and does both).
pub fn standings(t: &Tournament, specs: &[Spec], edition: Edition) -> Standings {
    let ctx = Context::new(t);
    let n = ctx.players.len();
    let mut order: Vec<usize> = (0..n).collect();
    let mut rank = vec![1usize; n];
    let mut table: Vec<Vec<Value>> = vec![Vec::with_capacity(specs.len()); n];
    for spec in specs {
        let vals = values(&ctx, spec, edition, &order, &rank);
        refine(&mut order, &mut rank, &vals, spec.kind.lower_is_better());
        for (i, v) in vals.into_iter().enumerate() {
            table[i].push(v);
        }
    }
    let rows = order
        .iter()
        .map(|&i| Row {
            id: t.players[i].id,
            rank: rank[i],
            values: std::mem::take(&mut table[i]),
        })
        .collect();
    Standings {
        specs: specs.to_vec(),
        edition,
        rows,
    }
}

/// Breaks the ties of `rank` by `vals` (C.07 4.2): sorts `order` (indices in rank order, ties
/// by index) and gives tied entries the rank of the first of them.
pub(crate) fn refine(order: &mut [usize], rank: &mut Vec<usize>, vals: &[Value], lower: bool) {
    let n = order.len();
    order.sort_by(|&a, &b| {
        let by_value = if lower {
            vals[a].cmp(&vals[b])
        } else {
            vals[b].cmp(&vals[a])
        };
        rank[a].cmp(&rank[b]).then(by_value).then(a.cmp(&b))
    });
    let mut new_rank = rank.clone();
    for k in 1..n {
        let (p, q) = (order[k], order[k - 1]);
        new_rank[p] = if rank[p] != rank[q] || vals[p] != vals[q] {
            k + 1
        } else {
            new_rank[q]
        };
    }
    if let Some(&first) = order.first() {
        new_rank[first] = 1;
    }
    *rank = new_rank;
}

/// Where the file gives its tie-breaks: a TRF-2026 `212` record (the standings' list, PTS
/// included) or `202` (the tie-breaks after points).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileList {
    /// `"212"` or `"202"`.
    pub record: String,
    /// The record's text after the code.
    pub text: String,
}

/// A damaged tie-break record: which record, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record {record} ('{text}'): {source}")]
pub struct RecordError {
    pub record: String,
    pub text: String,
    #[source]
    pub source: SpecError,
}

/// The file's tie-break record, unread: its `212`, else its `202`, else `None`. A team file's
/// record names team tie-breaks (`tiebreak::team`), an individual file's players' ones.
pub fn file_record(t: &Tournament) -> Option<FileList> {
    ["212", "202"].into_iter().find_map(|code| {
        t.records
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, text)| FileList {
                record: code.to_string(),
                text: text.trim().to_string(),
            })
    })
}

/// The file's own list of tie-breaks, PTS first: from `212`, else `202` (PTS added in
/// front); `Ok(None)` when the file has neither.
pub fn file_list(t: &Tournament) -> Result<Option<(FileList, Vec<Spec>)>, RecordError> {
    let Some(fl) = file_record(t) else {
        return Ok(None);
    };
    let error = |source| RecordError {
        record: fl.record.clone(),
        text: fl.text.clone(),
        source,
    };
    let mut specs = parse_list(&fl.text).map_err(error)?;
    if specs.is_empty() {
        return Err(error(SpecError {
            spec: String::new(),
            reason: "the record lists no tie-break".to_string(),
        }));
    }
    with_points_first(&mut specs);
    Ok(Some((fl, specs)))
}

/// Puts PTS in front of a list that does not start with it.
pub fn with_points_first(specs: &mut Vec<Spec>) {
    if specs.first().map(|s| s.kind) != Some(Kind::Pts) {
        specs.insert(0, Spec::plain(Kind::Pts));
    }
}

#[cfg(test)]
mod tests;
