//! `swisslab report`: fairness and quality statistics of a `swisslab simulate` output folder,
//! as `DIR/report.html` (self-contained, charts as inline SVG) and CSV tables under
//! `DIR/tables/`; with `--compare`, two runs side by side with the differences and their 95%
//! intervals (`compare.html`, `tables/compare.csv` and `headline.md` in `--out`, by default
//! `DIR_A/compare`); with `--headline`, the headline figures of any number of runs as one
//! Markdown table on standard output (differences against the first run). A folder of team
//! events (`simulate --system swiss-team`) gets the team report; `--team-study TEAM_DIR
//! INDIVIDUAL_DIR` compares a team run with an individual run of the same fields
//! (`simulate --team-field`), tournament by tournament.

use super::{exit, EXIT_INVALID, EXIT_IO, EXIT_OK};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_reports::{ReportError, ReportOptions, ReportSummary};

/// Options of `swisslab report`.
#[derive(Debug, ClapArgs)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["dir", "compare", "headline", "team_study"])))]
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

    /// Compare a run of team events (`simulate --system swiss-team`) with a run of individual
    /// events of the same players (`simulate --system SYSTEM --team-field`, the same seed,
    /// `--teams`, `--boards` and `--rounds`), tournament by tournament: team standing against
    /// team strength in both, the first-board players' colour balance in both, rematches and
    /// teammates paired; paired 95% intervals. Writes `team-study.md` and `team-study.csv` in
    /// `--out` (default TEAM_DIR/team-study).
    #[arg(long, num_args = 2, value_names = ["TEAM_DIR", "INDIVIDUAL_DIR"])]
    pub team_study: Option<Vec<PathBuf>>,

    /// Where the comparison (or the team study) is written (default DIR_A/compare,
    /// TEAM_DIR/team-study).
    #[arg(short = 'o', long, value_name = "DIR")]
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
    if args.out.is_some() && args.compare.is_none() && args.team_study.is_none() {
        eprintln!("error: --out applies to --compare and --team-study");
        return exit(EXIT_INVALID);
    }
    if let Some(dirs) = &args.headline {
        return match swisslab_reports::headline::headline(dirs) {
            Ok(md) => match super::out::print(&md) {
                Ok(()) => exit(EXIT_OK),
                Err(e) => e.exit(),
            },
            Err(e) => done(Err(e)),
        };
    }
    if let Some(dirs) = &args.team_study {
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| dirs[0].join("team-study"));
        return match swisslab_reports::team_study::write(&dirs[0], &dirs[1], &out) {
            Ok(s) => {
                let text = format!(
                    "{}\nteam study: {} and {} ({} tournaments)\n",
                    s.study.markdown(),
                    s.markdown.display(),
                    s.table.display(),
                    s.study.tournaments
                );
                match super::out::print(&text) {
                    Ok(()) => exit(EXIT_OK),
                    Err(e) => e.exit(),
                }
            }
            Err(e) => done(Err(e)),
        };
    }
    match (&args.dir, &args.compare) {
        (_, Some(dirs)) => {
            let out = args.out.clone().unwrap_or_else(|| dirs[0].join("compare"));
            done(swisslab_reports::compare(&dirs[0], &dirs[1], &out, &opts))
        }
        (Some(dir), None) => done(swisslab_reports::write_report(dir, &opts)),
        (None, None) => unreachable!("clap requires DIR, --compare, --headline or --team-study"),
    }
}
