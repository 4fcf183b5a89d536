//! Tie-breaks against FIDE's own calculator on the real files of `../shared/real-trf` (the 88
//! of its manifest and the 8 repaired Irish exports of `_derived/icu-repaired`): for each file
//! swisslab reads, `swisslab standings -f tsv` with 25 tie-breaks must equal TieBreakServer's
//! `-s -r -dT` output byte for byte (figures pinned below, docs/tiebreaks.md).
//!
//! TieBreakServer is run live: the Python package `gacrux` (PyPI, FIDE's calculator, pinned
//! by `.ci/run`), from the Python of `$SWISSLAB_GACRUX_PYTHON`, else a `python3` that imports
//! it; without it, or without `../shared`, the test is skipped with a notice (failed under
//! `SWISSLAB_REQUIRE`). Each file is given to it as swisslab reads it:
//! - with LF line ends, and with `-b utf-8` when it is UTF-8 (it reads Latin-1 otherwise);
//! - with `-n R`, R the rounds paired: the standings after the rounds played (its default
//!   counts the declared rounds not yet played as unplayed rounds of everyone);
//! - with its start date written `YYYY-MM-DD` in the edition swisslab reads from the file's
//!   own `042` (the calculator reads only `YYYY-MM-DD`, `DD.MM.YYYY` and `YYYY/MM/DD`, and
//!   applies the edition in force today to any other form; the dates are tested apart, in
//!   `real_file_dates.rs`).
//!
//! Fore Buchholz takes the event's final round (C.07 8.3), as the calculator does: in an
//! unfinished event FB is BH. The values that still differ all come from TRF-06's `0000 - =`,
//! which swisslab reads as a half-point bye (as the files' own source, the icu_tournament
//! reader, does, and as C.07 7.6 / 16 require of a bye of half a point) and the calculator
//! does not: written `0000 - H`, each of those files is identical byte for byte too.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use swisslab_engine::tiebreak::{self, Edition};
use swisslab_engine::trf;

const LIST: &str = "PTS BH/C1 BH/C2 BH BH/M1 FB SB SB/C1 ARO ARO/C1 TPR PTP APRO APPO DE WIN WON BPG BWG GE REP PS PS/C1 KS AOB";

/// Files the calculator cannot read (its messages): a file it takes for a team event, two it
/// fails on with "Program error", one whose `XXZ` it refuses.
const CALCULATOR_REFUSES: &[&str] = &[
    "icu_tournament/spec/samples/krause/armstrong_2011.tab",
    "py4swiss/tests/data/javafo_example.trf",
    "sharly-chess/tests/trf/example_trf16.trf",
    "sklangen-TRF/tests/example1.trf",
];

/// Files compared, byte-identical, and values that differ (all from `0000 - =`).
const COMPARED: usize = 85;
const IDENTICAL: usize = 81;
const DIFFERING_VALUES: usize = 78;

/// The other reading of C.07 8.3 (`--fore-round last-played`, the last round played taken as
/// the final one): the files whose standings it changes (events with declared rounds still to
/// play), the values that then differ from the calculator, and the files identical to it.
const LAST_PLAYED_FILES_CHANGED: usize = 64;
const LAST_PLAYED_DIFFERING_VALUES: usize = 8797;
const LAST_PLAYED_IDENTICAL: usize = 18;

/// The Python that imports gacrux, or `None`.
fn calculator() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("SWISSLAB_GACRUX_PYTHON").map(PathBuf::from),
        Some(PathBuf::from("python3")),
    ];
    candidates.into_iter().flatten().find(|py| {
        Command::new(py)
            .args(["-c", "import gacrux.tiebreakchecker"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The local paths of the manifest's real files and of the repaired Irish exports.
fn files(dir: &Path) -> Vec<String> {
    let mut out = support::real_files(dir);
    let mut repaired: Vec<String> = std::fs::read_dir(dir.join("_derived/icu-repaired"))
        .map(|rd| {
            rd.flatten()
                .map(|e| format!("_derived/icu-repaired/{}", e.file_name().to_string_lossy()))
                .collect()
        })
        .unwrap_or_default();
    repaired.sort();
    out.extend(repaired);
    out
}

/// The calculator's `-r -dT` output for `bytes` as swisslab reads them (module docs), with
/// `0000 - =` written `0000 - H` when `half_byes`; `None` when it refuses the file.
fn calculator_tsv(
    python: &Path,
    work: &Path,
    bytes: &[u8],
    t: &swisslab_engine::Tournament,
    edition: Edition,
    half_byes: bool,
) -> Option<String> {
    let utf8 = std::str::from_utf8(bytes).is_ok() && !bytes.is_ascii();
    let text: Vec<u8> = bytes
        .iter()
        .map(|&b| if b == b'\r' { b'\n' } else { b })
        .collect();
    let date = match edition {
        Edition::Fide2024 => "2025-01-01",
        Edition::Fide2026 => "2026-06-01",
    };
    let mut input = format!("042 {date}\n").into_bytes();
    for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        if line.starts_with(b"042") || line.starts_with(b"052") {
            continue;
        }
        let mut line = line.to_vec();
        if half_byes {
            line = String::from_utf8_lossy(&line)
                .replace("0000 - =", "0000 - H")
                .into_bytes();
        }
        input.extend(line);
        input.push(b'\n');
    }
    let path = work.join(format!("in-{}.trf", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let mut cmd = Command::new(python);
    cmd.args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(&path)
        .args(["-n", &t.rounds_paired().to_string()]);
    if utf8 {
        cmd.args(["-b", "utf-8"]);
    }
    cmd.arg("-t")
        .args(LIST.split(' '))
        .args(["-s", "-r", "-dT"]);
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    stdout.starts_with("Rank\t").then_some(stdout)
}

/// Values (rank and tie-breaks) that differ numerically between two TSV texts.
fn differing_values(a: &str, b: &str) -> usize {
    let rows = |s: &str| -> std::collections::BTreeMap<String, Vec<String>> {
        s.lines()
            .skip(1)
            .map(|l| {
                let f: Vec<String> = l.split('\t').map(String::from).collect();
                (f[1].clone(), f)
            })
            .collect()
    };
    let (ra, rb) = (rows(a), rows(b));
    let num = |s: &str| s.parse::<f64>().ok();
    let mut n = 0;
    for (id, fb) in &rb {
        let fa = ra.get(id).expect("the same players");
        n += fa
            .iter()
            .zip(fb)
            .filter(|(x, y)| x != y && num(x) != num(y))
            .count();
    }
    n
}

#[test]
fn real_files_standings_equal_fide_calculator_byte_for_byte() {
    let test = "real_files_standings_equal_fide_calculator_byte_for_byte";
    let Some(dir) = support::skip::shared_path(test, "real-trf") else {
        return;
    };
    let Some(python) = calculator() else {
        support::skip::skip(
            test,
            "FIDE's calculator (the Python package gacrux)",
            "pip install gacrux==1.10.62, or set SWISSLAB_GACRUX_PYTHON to a Python that has it; \
             .ci/run installs it",
        );
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let specs = tiebreak::parse_list(LIST).unwrap();
    let (mut compared, mut identical, mut differing) = (0, 0, 0);
    let (mut lp_changed, mut lp_differing, mut lp_identical) = (0, 0, 0);
    let mut refused = Vec::new();
    let mut problems = Vec::new();
    for f in files(&dir) {
        let bytes = std::fs::read(dir.join(&f)).unwrap();
        let Ok(t) = trf::read(&bytes) else {
            continue;
        };
        let edition = Edition::for_tournament(&t);
        let ours = tiebreak::standings(&t, &specs, edition).tsv();
        let Some(theirs) = calculator_tsv(&python, work.path(), &bytes, &t, edition, false) else {
            refused.push(f);
            continue;
        };
        compared += 1;
        let last_played = tiebreak::standings(&tiebreak::as_finished(&t), &specs, edition).tsv();
        if last_played != ours {
            lp_changed += 1;
        }
        if last_played == theirs {
            lp_identical += 1;
        } else {
            lp_differing += differing_values(&last_played, &theirs);
        }
        if ours == theirs {
            identical += 1;
            continue;
        }
        differing += differing_values(&ours, &theirs);
        // The one cause: `0000 - =`, read by swisslab as a half-point bye.
        let as_h = calculator_tsv(&python, work.path(), &bytes, &t, edition, true);
        if !bytes.windows(8).any(|w| w == b"0000 - =") || as_h.as_deref() != Some(&ours) {
            problems.push(format!(
                "{f}: differs from the calculator, and not only for 0000 - =:\nswisslab\n{ours}\ncalculator\n{theirs}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    refused.sort();
    assert_eq!(refused, CALCULATOR_REFUSES, "files the calculator refuses");
    eprintln!(
        "{compared} real files compared with the calculator: {identical} byte-identical, \
         {differing} values differ (0000 - =); FB of the last round played: {lp_changed} files \
         change, {lp_identical} byte-identical, {lp_differing} values differ"
    );
    assert_eq!(
        (compared, identical, differing),
        (COMPARED, IDENTICAL, DIFFERING_VALUES),
        "(files compared, byte-identical, values differing): update docs/tiebreaks.md and the \
         figures here when they move"
    );
    assert_eq!(
        (lp_changed, lp_identical, lp_differing),
        (
            LAST_PLAYED_FILES_CHANGED,
            LAST_PLAYED_IDENTICAL,
            LAST_PLAYED_DIFFERING_VALUES
        ),
        "the last-played reading (files changed, byte-identical, values differing): update \
         docs/tiebreaks.md and the figures here when they move"
    );
}
