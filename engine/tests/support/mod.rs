//! Shared test support: the conformance corpora packed in `testdata/conformance/*.tar.gz`
//! (see `scripts/pack-corpus.sh`) and the small files under `testdata/`.

#![allow(dead_code)]

pub mod peer;
pub mod skip;

use std::io::Read;
use std::path::PathBuf;

/// The local paths (relative to `../shared/real-trf`) of the real files its `MANIFEST.txt`
/// lists, without its metadata entries.
pub fn real_files(dir: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.txt")).expect("MANIFEST.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() > 4 && f[4].starts_with("real")).then(|| f[3].to_string())
        })
        .collect()
}

/// The repository's `testdata` folder.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// Holds `found` (the rounds of corpus `name` that differ) to the ratchet recorded in
/// `testdata/conformance/<name>.max-discrepancies`: more fails, and so does fewer (lower the
/// recorded figure then).
pub fn ratchet(name: &str, found: usize) {
    let path = testdata()
        .join("conformance")
        .join(format!("{name}.max-discrepancies"));
    let limit: usize = std::fs::read_to_string(&path)
        .expect("ratchet file")
        .trim()
        .parse()
        .expect("a number");
    assert!(
        found <= limit,
        "{found} discrepancies, more than the {limit} recorded in {}",
        path.display()
    );
    assert!(
        found == limit,
        "{found} discrepancies, fewer than the {limit} recorded: lower the figure in {}",
        path.display()
    );
}

/// Every regular file of the corpus archive `testdata/conformance/<name>.tar.gz`, as
/// (path inside the archive, contents), in archive order (sorted by name).
pub fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let path = testdata()
        .join("conformance")
        .join(format!("{name}.tar.gz"));
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/pack-corpus.sh)", path.display()));
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in archive.entries().expect("readable archive") {
        let mut entry = entry.expect("readable entry");
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().expect("entry path").display().to_string();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("entry contents");
        out.push((name, bytes));
    }
    out
}

/// The files of corpus `name`, as (path inside it, contents): the packed archive, or, when the
/// environment variable `var` names a folder, that folder (a hidden corpus of the same kind,
/// read recursively: its `.trf` and `.csv` files, named as in the archive, sorted by path).
/// True for the packed archive.
pub fn corpus_or_folder(name: &str, var: &str) -> (Vec<(String, Vec<u8>)>, bool) {
    let Some(dir) = std::env::var_os(var) else {
        return (corpus(name), true);
    };
    let root = PathBuf::from(dir);
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "trf" || x == "csv") {
                let rel = path.strip_prefix(&root).expect("below the root");
                let file = format!("{name}/{}", rel.display());
                let bytes =
                    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                out.push((file, bytes));
            }
        }
    }
    out.sort();
    (out, false)
}

/// One differing round of a peer corpus: file, round (or match), first difference.
pub type Adjudicated = (String, usize, String);

/// Writes the adjudication tables of a peer corpus to `path`: one per cause, then the
/// unexplained; `unit` names a row ("round" or "match") and its plural.
pub fn write_tables(
    path: &str,
    (unit, units): (&str, &str),
    by_cause: &std::collections::BTreeMap<&str, Vec<Adjudicated>>,
    unexplained: &[Adjudicated],
) {
    use std::fmt::Write as _;
    let mut s = String::new();
    let mut table = |title: &str, rows: &[Adjudicated]| {
        let _ = writeln!(s, "### {title} ({} {units})\n", rows.len());
        let _ = writeln!(
            s,
            "| file | {unit} | first difference (file = pairing-core) |"
        );
        let _ = writeln!(s, "|---|---|---|");
        for (f, r, why) in rows {
            let _ = writeln!(s, "| {f} | {r} | {} |", why.replace('|', "/"));
        }
        let _ = writeln!(s);
    };
    for (c, v) in by_cause {
        table(c, v);
    }
    table("Unexplained", unexplained);
    std::fs::write(path, s).expect("the tables are written");
}

/// Only the TRF files of a corpus.
pub fn corpus_trf(name: &str) -> Vec<(String, Vec<u8>)> {
    corpus(name)
        .into_iter()
        .filter(|(p, _)| p.ends_with(".trf"))
        .collect()
}

/// xorshift64*: a deterministic generator for the randomised tests (fixed seeds).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
