//! `swisslab report`: fairness and quality statistics of a `swisslab simulate` output folder,
//! as `DIR/report.html` (self-contained, charts as inline SVG) and CSV tables under
//! `DIR/tables/`; with `--compare`, two runs side by side with the differences and their 95%
//! intervals (`compare.html`, `tables/compare.csv` and `headline.md` in `--out`, by default
//! `DIR_A/compare`); with `--headline`, the headline figures of any number of runs as one
//! Markdown table on standard output (differences against the first run).

use super::{exit, EXIT_INVALID, EXIT_IO, EXIT_OK};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_reports::{ReportError, ReportOptions, ReportSummary};

/// Options of `swisslab report`.
#[derive(Debug, ClapArgs)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["dir", "compare", "headline"])))]
pub struct Args {
    /// The output folder of `swisslab simulate`.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,

    /// Compare two runs (two configurations, or two pairing systems on the same seeds; paired
    /// by tournament when seed and configuration agree, also with different numbers of rounds).
    #[arg(long, num_args = 2, value_names = ["DIR_A", "DIR_B"])]
    pub compare: Option<Vec<PathBuf>>,

    /// Print the headline figures (colour balance, floats, Kendall tau, ARO and opposition
    /// spread, whom the winner met) of these runs as one Markdown table, each with its 95%
    /// interval and its difference from the first run.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub headline: Option<Vec<PathBuf>>,

    /// Where the comparison is written (default DIR_A/compare).
    #[arg(short = 'o', long, value_name = "DIR", requires = "compare")]
    pub out: Option<PathBuf>,

    /// Write only the HTML page, not the CSV tables.
    #[arg(long)]
    pub no_tables: bool,
}

fn done(result: Result<ReportSummary, ReportError>) -> ExitCode {
    match result {
        Ok(s) => {
            let line = format!(
                "report: {} ({} tournaments, {} tables)\n",
                s.html.display(),
                s.tournaments,
                s.tables.len()
            );
            match super::out::print(&line) {
                Ok(()) => exit(EXIT_OK),
                Err(e) => e.exit(),
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            exit(match e {
                ReportError::Io { .. } => EXIT_IO,
                _ => EXIT_INVALID,
            })
        }
    }
}

/// Runs `swisslab report`.
pub fn run(args: &Args) -> ExitCode {
    let opts = ReportOptions {
        tables: !args.no_tables,
        ..ReportOptions::default()
    };
    if let Some(dirs) = &args.headline {
        return match swisslab_reports::headline::headline(dirs) {
            Ok(md) => match super::out::print(&md) {
                Ok(()) => exit(EXIT_OK),
                Err(e) => e.exit(),
            },
            Err(e) => done(Err(e)),
        };
    }
    match (&args.dir, &args.compare) {
        (_, Some(dirs)) => {
            let out = args.out.clone().unwrap_or_else(|| dirs[0].join("compare"));
            done(swisslab_reports::compare(&dirs[0], &dirs[1], &out, &opts))
        }
        (Some(dir), None) => done(swisslab_reports::write_report(dir, &opts)),
        (None, None) => unreachable!("clap requires DIR, --compare or --headline"),
    }
}
