//! The tally of a peer corpus (a third-party engine's files, not an oracle): every round (or
//! match) re-paired by `check` either is flagged by the corpus manifest as the peer's failure,
//! agrees, is adjudicated under the cause its first difference names, or is unexplained. The
//! summary, the tables for the adjudication page, the 5% bound on the unexplained and the
//! ratchet are the same for every peer corpus.

use super::Adjudicated;
use rayon::prelude::*;
use std::collections::BTreeMap;
use swisslab_engine::checker::{self, CheckReport, Discrepancy};
use swisslab_engine::{trf, System};

/// `check` of every TRF file of a corpus (`files` as [`super::corpus_or_folder`] reads them)
/// under `system`, in parallel, by file name.
pub fn check_all(files: &[(String, Vec<u8>)], system: System) -> Vec<(String, CheckReport)> {
    let trfs: Vec<&(String, Vec<u8>)> = files.iter().filter(|(p, _)| p.ends_with(".trf")).collect();
    trfs.par_iter()
        .map(|(name, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.clone(), checker::check(&t, system))
        })
        .collect()
}

/// The rounds (or matches) of a peer corpus, by how they compare.
#[derive(Default)]
pub struct Tally {
    /// Flagged by the manifest as the peer's failures: left out of the figures.
    pub flagged: usize,
    /// Every other one.
    pub unflagged: usize,
    /// Unflagged and paired alike.
    pub agree: usize,
    /// Unflagged, differing, and adjudicated: by cause.
    pub by_cause: BTreeMap<&'static str, Vec<Adjudicated>>,
    /// Unflagged, differing, and under no adjudicated cause.
    pub unexplained: Vec<Adjudicated>,
}

impl Tally {
    /// Counts round (or match) `unit` of `file`: flagged, else agreeing when `differs` is
    /// `None`, else under the cause `cause` gives its first difference.
    pub fn count(
        &mut self,
        (file, unit): (&str, usize),
        flagged: bool,
        differs: Option<&Discrepancy>,
        cause: fn(&str) -> Option<&'static str>,
    ) {
        if flagged {
            self.flagged += 1;
            return;
        }
        self.unflagged += 1;
        let Some(d) = differs else {
            self.agree += 1;
            return;
        };
        let why = d.why.clone().unwrap_or_default();
        let row = (file.to_string(), unit, why);
        match cause(&row.2) {
            Some(c) => self.by_cause.entry(c).or_default().push(row),
            None => self.unexplained.push(row),
        }
    }

    /// Prints the summary of corpus `name` (`total` rounds or matches, `units` naming one and
    /// several), writes the tables to the file the environment variable `tables_var` names (if
    /// set), and holds the unexplained to at most 5% of the unflagged and, for the packed
    /// corpus, to its ratchet.
    pub fn finish(
        &self,
        name: &str,
        total: usize,
        units: (&str, &str),
        tables_var: &str,
        packed: bool,
    ) {
        let (unit, plural) = units;
        let adjudicated: usize = self.by_cause.values().map(Vec::len).sum();
        println!(
            "{name}: {total} {plural}, {} flagged; of the {} others {} agree, {adjudicated} are \
             adjudicated, {} unexplained",
            self.flagged,
            self.unflagged,
            self.agree,
            self.unexplained.len()
        );
        for (c, v) in &self.by_cause {
            println!("  {:>4}  {c}", v.len());
        }
        for (f, r, why) in &self.unexplained {
            println!("  unexplained: {f} {unit} {r}: {why}");
        }
        if let Ok(path) = std::env::var(tables_var) {
            super::write_tables(&path, units, &self.by_cause, &self.unexplained);
        }
        assert!(
            self.unexplained.len() * 20 <= self.unflagged,
            "{} unexplained of {} unflagged {plural}: more than 5%",
            self.unexplained.len(),
            self.unflagged
        );
        if packed {
            super::ratchet(name, self.unexplained.len());
        }
    }
}
