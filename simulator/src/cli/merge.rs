//! `swisslab merge -o OUT DIR...`: the output folders of the shards of one run (`simulate
//! --shard K/N`) put together into OUT, as the whole run in one process would have written it
//! (the checks and the streaming are in the library, `swisslab_simulator::merge`).
//!
//! Exit status 0 when merged, 4 when merged and the run holds failed tournaments (as
//! `simulate`), 3 when the folders are refused (not the same run, a shard missing, doubled,
//! unfinished or inconsistent), 5 when a file cannot be read or written.

use super::simulate::{counts_lines, times_lines};
use super::{exit, EXIT_FAILURES, EXIT_INVALID, EXIT_IO, EXIT_OK};
use clap::Args as ClapArgs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisslab_simulator::merge::{self, MergeError, Merged};

/// Options of `swisslab merge`.
#[derive(Debug, ClapArgs)]
#[command(override_usage = "swisslab merge -o <OUT> <DIR>...")]
pub struct Args {
    /// The folder to write (created if needed; files of a previous run are replaced).
    #[arg(short = 'o', long, value_name = "OUT")]
    pub out: Option<PathBuf>,

    /// The shard folders, in any order. Without --out the first is OUT (`merge OUT DIR...`,
    /// the older form).
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
}

impl Args {
    /// The folder written and the shard folders, in either form of the command line; `None`
    /// when the older form names no shard folder.
    fn folders(&self) -> Option<(&Path, &[PathBuf])> {
        match &self.out {
            Some(out) => Some((out, &self.dirs)),
            None => match self.dirs.split_first() {
                Some((out, dirs)) if !dirs.is_empty() => Some((out, dirs)),
                _ => None,
            },
        }
    }
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let Some((out, dirs)) = args.folders() else {
        // A bad command line, as clap reports one (exit 2).
        clap::Error::raw(
            clap::error::ErrorKind::MissingRequiredArgument,
            "the folder to write is missing: swisslab merge -o <OUT> <DIR>...\n",
        )
        .exit();
    };
    match merge::merge(out, dirs) {
        Ok(m) => {
            if let Err(e) = super::out::print(&table(out, &m)) {
                return e.exit();
            }
            exit(if m.summary.failed > 0 {
                EXIT_FAILURES
            } else {
                EXIT_OK
            })
        }
        Err(e) => {
            eprintln!("error: merge into {}: {e}", out.display());
            exit(match e {
                MergeError::Io { .. } | MergeError::Write(_) => EXIT_IO,
                MergeError::Read(swisslab_reports::ReportError::Io { .. }) => EXIT_IO,
                _ => EXIT_INVALID,
            })
        }
    }
}

/// The summary printed at the end.
fn table(out_dir: &Path, m: &Merged) -> String {
    let (r, s) = (&m.run, &m.summary);
    let mut out = format!(
        "swisslab merge: {} shard folder(s) -> {} tournaments x {} players x {} rounds, seed {}, {}, config {} ({})\n",
        m.shards, r.tournaments, r.players, r.rounds, r.seed, r.system, r.config, r.config_hash
    );
    out.push_str(&counts_lines(s, m.stopped));
    if r.timing != 0 {
        out.push_str(&format!(
            "  first shard start to last shard end: {} s\n",
            s.wall_seconds
        ));
    }
    out.push_str(&times_lines(&m.by_size, &m.failures, out_dir));
    out
}
