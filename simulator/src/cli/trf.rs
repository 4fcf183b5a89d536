//! `swisslab trf`: validate TRF files and print a summary and the standings.
//!
//! Reads each file with `swisslab_engine::trf` (TRF-16, JaVaFo TRF(x), bbpPairings TRF(bx) and
//! the TRF-2026 records 142/152/162/240/250/260; all checks of that module apply), prints the
//! number of players, the rounds played, the point system and the standings, and optionally
//! writes the tournament back as normalised TRF-16 or TRF-2026 (`--format`). With `--repair`,
//! an old export whose points count blank rounds as byes is repaired first
//! (`swisslab_engine::trf::repair`), each change named, the repaired file written beside it.

use super::out::{self, outln, OutError};
use super::{exit, EXIT_INVALID, EXIT_IO, EXIT_OK};
use clap::{Args as ClapArgs, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisslab_engine::trf::{self, ErrorKind, Format, LineEnding, WriteOptions};
use swisslab_engine::{PointSystem, Score, Tournament};

/// Options of `swisslab trf`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// TRF files to validate (TRF-16/TRF-06 with the JaVaFo XX* and bbpPairings BB* codes, and
    /// the TRF-2026 records 142, 152, 162, 240, 250, 260). Line endings CR, LF or CRLF; UTF-8 or Latin-1.
    /// Files are checked in order; the first invalid file stops the command.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Print only the summary (players, rounds, point system), not the standings.
    #[arg(long)]
    pub no_standings: bool,

    /// Repair the usual defect of old Krause / TRF-06 exports before reading: a points column
    /// that counts blank rounds as byes (the file contradicts itself and is otherwise refused).
    /// Each such player's first blank rounds become `0000 - H` until his results add up to his
    /// points (`0000 - F` when half a point per blank round is not enough); every change
    /// (line, player, round, before and after) is named on stderr, and the repaired file is
    /// written as NAME.repaired.EXT beside the original, or into --out when given
    /// (atomically; the original is never changed). A file that needs no repair is only read.
    #[arg(long)]
    pub repair: bool,

    /// Also write each valid file, normalised (records in canonical order; see --format), into
    /// DIR under the same file name, every 001 field filled (a missing points column or rank
    /// computed) so that bbpPairings, JaVaFo and py4swiss read it. The file is replaced
    /// atomically. DIR must exist.
    #[arg(short = 'o', long = "out", alias = "out-dir", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// Line ending of the files written with --out.
    #[arg(long, value_enum, default_value_t = Eol::Lf, value_name = "EOL")]
    pub line_ending: Eol,

    /// Format of the files written with --out: TRF-16 with the XX*/BB* extensions, or
    /// TRF-2026 (142, 152, 162, 240, 250, 260, with XXR/XXC kept for older readers).
    #[arg(long, value_enum, default_value_t = OutFormat::Trf16, value_name = "FORMAT")]
    pub format: OutFormat,
}

/// Formats for written files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    /// TRF-16 with the JaVaFo (XX*) and bbpPairings (BB*) extensions.
    Trf16,
    /// TRF-2026.
    Trf26,
}

/// Line endings for written files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Eol {
    /// `\n`, the usual text-file ending.
    Lf,
    /// A bare `\r`, as the FIDE specification and bbpPairings write.
    Cr,
    /// `\r\n`.
    Crlf,
}

/// Runs the subcommand; returns 0, 3 (invalid input) or 5 (read/write failure).
pub fn run(args: &Args) -> ExitCode {
    match run_inner(args) {
        Ok(code) => exit(code),
        Err(e) => e.exit(),
    }
}

fn run_inner(args: &Args) -> Result<u8, OutError> {
    for path in &args.files {
        let read = if args.repair {
            read_repairing(path, args.out_dir.as_deref())
        } else {
            trf::read_file_with_warnings(path).map(|(t, warnings)| {
                super::print_warnings(&warnings);
                (t, None)
            })
        };
        let (mut t, repaired) = match read {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(if e.kind == ErrorKind::Io {
                    EXIT_IO
                } else {
                    EXIT_INVALID
                });
            }
        };
        out::print(&summary(
            &path.display().to_string(),
            &t,
            !args.no_standings,
        ))?;
        if let Some(line) = repaired {
            outln!("{line}")?;
        }
        if let Some(dir) = &args.out_dir {
            let Some(name) = path.file_name() else {
                eprintln!("error: {}: not a file name", path.display());
                return Ok(EXIT_IO);
            };
            let out = dir.join(name);
            let opts = WriteOptions {
                line_ending: match args.line_ending {
                    Eol::Lf => LineEnding::Lf,
                    Eol::Cr => LineEnding::Cr,
                    Eol::Crlf => LineEnding::CrLf,
                },
                format: match args.format {
                    OutFormat::Trf16 => Format::Trf16,
                    OutFormat::Trf26 => Format::Trf26,
                },
            };
            // An accelerated event (`192 …_BAKU`) is written with its virtual points explicit,
            // round by round (`XXA` / `250`), so that every engine re-pairs it alike; a
            // Double-Swiss match's points in both its columns (the system its `192` names).
            let per = swisslab_engine::System::resolve(None, &t)
                .map_or(1, swisslab_engine::System::columns_per_round);
            if let Err(e) = swisslab_engine::acceleration::apply(&mut t, None, per) {
                eprintln!("error: {}: {e}", path.display());
                return Ok(EXIT_INVALID);
            }
            // Every 001 field filled (points, rank), as other engines read them.
            let text = trf::write_with(&trf::complete_for_engines(&t), &opts);
            if let Err(e) = swisslab_engine::io::write_atomic(&out, text.as_bytes()) {
                eprintln!("error: {}: cannot write: {e}", out.display());
                return Ok(EXIT_IO);
            }
            outln!("  written:      {}", out.display())?;
        }
    }
    Ok(EXIT_OK)
}

/// Reads `path` with `trf::repair_file`: names every change on stderr and writes the repaired
/// file (`NAME.repaired.EXT` beside the original or in `dir`, atomically). Returns the
/// tournament and, when something was repaired, the summary line saying where it went.
fn read_repairing(
    path: &Path,
    dir: Option<&Path>,
) -> Result<(Tournament, Option<String>), trf::TrfError> {
    let r = trf::repair_file(path)?;
    if r.changes.is_empty() {
        return Ok((
            r.tournament,
            Some("  repaired:     nothing to repair".into()),
        ));
    }
    for c in &r.changes {
        eprintln!("repaired: {}: {c}", path.display());
    }
    let out = repaired_path(path, dir);
    swisslab_engine::io::write_atomic(&out, &r.bytes)
        .map_err(|e| trf::TrfError::io(Some(out.clone()), "a writable file", &e))?;
    let line = format!(
        "  repaired:     {} round field(s) (blank rounds counted as byes), written: {}",
        r.changes.len(),
        out.display()
    );
    Ok((r.tournament, Some(line)))
}

/// `NAME.repaired.EXT` beside `path`, or in `dir`.
fn repaired_path(path: &Path, dir: Option<&Path>) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}.repaired.{}", ext.to_string_lossy()),
        None => format!("{stem}.repaired"),
    };
    match dir {
        Some(d) => d.join(name),
        None => path.with_file_name(name),
    }
}

/// Describes a point system: `win 3.0, draw 1.0, loss 0.0, …`.
fn point_system(ps: &PointSystem) -> String {
    let mut s = format!(
        "win {}, draw {}, loss {}, pairing-allocated bye {}",
        ps.win, ps.draw, ps.loss, ps.pab
    );
    let extra = [
        ("forfeit win", ps.forfeit_win, ps.win),
        ("forfeit loss", ps.forfeit_loss, ps.loss),
        ("half-point bye", ps.half_bye, ps.draw),
        ("full-point bye", ps.full_bye, ps.win),
        ("zero-point bye", ps.zero_bye, ps.loss),
    ];
    for (what, v, usual) in extra {
        if v != usual {
            s.push_str(&format!(", {what} {v}"));
        }
    }
    if ps.is_default() {
        s.push_str(" (standard 1 / ½ / 0)");
    }
    s
}

/// The text printed for one valid file.
fn summary(path: &str, t: &Tournament, standings: bool) -> String {
    let paired = t.rounds_paired();
    let mut out = format!("{path}: valid\n");
    if let Some(name) = t.name() {
        out.push_str(&format!("  tournament:   {name}\n"));
    }
    out.push_str(&format!("  players:      {}\n", t.players.len()));
    let declared = t
        .total_rounds
        .map_or(String::from(" (total not declared)"), |n| {
            format!(" of {n}")
        });
    out.push_str(&format!("  rounds:       {paired} played{declared}\n"));
    let inferred = if t.points_inferred {
        " (point system inferred from the scores)"
    } else {
        ""
    };
    out.push_str(&format!(
        "  point system: {}{inferred}\n",
        point_system(&t.points)
    ));
    if !standings || t.players.is_empty() {
        return out;
    }
    // Score from the rounds played; ties share a rank (tie-breaks are not applied).
    let mut rows: Vec<(Score, &swisslab_engine::Player)> = t
        .players
        .iter()
        .map(|p| {
            let s = p
                .rounds
                .iter()
                .take(paired)
                .map(|e| t.points.points(e))
                .sum();
            (s, p)
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
    out.push_str(
        "  standings (by score, ties share a rank; tie-breaks: swisslab standings FILE):\n",
    );
    out.push_str(&format!(
        "  {:>4} {:>4}  {:<33} {:>6} {:>6}\n",
        "rank", "no", "name", "rating", "score"
    ));
    let mut rank = 0;
    let mut prev: Option<Score> = None;
    for (i, (score, p)) in rows.iter().enumerate() {
        if prev != Some(*score) {
            rank = i + 1;
            prev = Some(*score);
        }
        out.push_str(&format!(
            "  {:>4} {:>4}  {:<33} {:>6} {:>6}\n",
            rank, p.id, p.name, p.rating, score
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standings_share_ranks_on_ties() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/sample.trf");
        let t = trf::read_file(path).unwrap();
        let s = summary("sample.trf", &t, true);
        assert!(s.contains("  players:      7\n"), "{s}");
        assert!(s.contains("  rounds:       3 played of 5\n"), "{s}");
        assert!(s.contains("     1    1  Keller, Anna"), "{s}");
        assert!(s.contains("     1    2  Brunner, Luca"), "{s}");
        assert!(s.contains("     3    4  Rossi, Giulia"), "{s}");
    }
}
