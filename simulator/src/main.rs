//! `swisslab`: the command-line front end of the swisslab toolkit.
//!
//! Each subcommand lives in its own module under `cli/` (see `cli/mod.rs` for how to add one);
//! the exit codes are `cli::EXIT_CODES`.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The `swisslab` command line: one subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "swisslab",
    version,
    about = "swisslab: a toolkit for FIDE Swiss-system pairing.",
    long_about = cli::long_about()
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate TRF files and print players, rounds played, point system and standings.
    ///
    /// Every check of the reader applies: fixed columns and result codes, symmetric games,
    /// known opponents, unique pairing numbers, XXR not smaller than the rounds present, and
    /// the points column against the results under the file's point system. Errors are
    /// printed as FILE:LINE:COLUMN: FIELD: expected …, found …
    Trf(cli::trf::Args),
    /// Standings of a tournament file: points, then FIDE tie-breaks (C.07) in order.
    ///
    /// The list comes from --tiebreaks (e.g. "BH/C1,BH,SB"), else the file's TRF-2026 212/202
    /// record, else a default order. `--format tsv` prints FIDE's calculator's (TieBreakServer)
    /// `-r -dT` layout. Exit 2 for an unknown tie-break on the command line, 3 for a damaged
    /// tie-break record in the file.
    Standings(cli::standings::Args),
    /// Pair the next round of a tournament file (with the system it names, or --system).
    ///
    /// Prints the number of pairs, then `white black` per board, the bye as `N 0`. Exit 1 when
    /// no valid pairing exists, with a sentence saying why.
    Pair(cli::pair::Args),
    /// Re-pair every round of tournament files and compare with the pairings they contain.
    ///
    /// Ends with `tournaments: T, rounds: R, discrepancies: D`; exit 0 when D is 0, else 1.
    Check(cli::check::Args),
    /// Time a full check of tournament files: whole-check time, median and maximum round,
    /// peak memory (default: the four benchmark files in testdata/bench).
    Bench(cli::bench::Args),
    /// Statistics of a simulate output folder: DIR/report.html and DIR/tables/*.csv.
    ///
    /// With --compare DIR_A DIR_B, two runs side by side with each difference and its 95% interval.
    Report(cli::report::Args),
    /// Generate one seeded tournament, every round paired by the engine, as a TRF file.
    ///
    /// `--seed S --index I --until-round K` reproduces tournament I of a simulate run up to
    /// round K. Exit 4 when a round fails (the file then holds the tournament before it).
    Generate(cli::generate::Args),
    /// Simulate many seeded tournaments in parallel, check every round, write statistics.
    ///
    /// Writes run.csv, tournaments.csv, players.csv, rounds.csv, summary.csv and
    /// histograms/pairing-us.hlog under --out (columns in simulator/OUTPUT.md), failures under
    /// DIR/failures/ with a replay command, and prints a summary. Exit 4 if any tournament
    /// failed.
    #[command(args_override_self = true)]
    Simulate(cli::simulate::Args),
    /// Merge the output folders of the shards of one run (simulate --shard K/N) into OUT.
    ///
    /// Refuses folders of different runs, missing, doubled or unfinished shards (exit 3);
    /// writes OUT as the whole run in one process would have (CSV files in index order,
    /// histogram logs added, summary recomputed, failures gathered). Exit 4 if any tournament
    /// failed.
    Merge(cli::merge::Args),
    /// Play the rest of a real event many times from its tournament file (or the whole event
    /// from its entry list) and show what the remaining rounds can bring.
    ///
    /// Writes forecast.html and CSV files under --out: per remaining round the probability
    /// that no valid pairing exists and that each relaxation is needed, the pairing times; per
    /// player the final points and places, first place, the bye; the likely top boards. Exit 3
    /// (nothing written) when the file cannot be continued, 4 if any run failed.
    Forecast(cli::forecast::Args),
    /// Measure the event model on finished real events and write it as a profile.
    ///
    /// Absences by round position and by a player's own earlier absences and score, returns,
    /// late entries, the kind of an absence, forfeits, the draw rate and White's edge by mean
    /// rating and gap, the spread of true strength around rating: each with its 95% interval,
    /// written as a configuration profile (`simulate --config FILE`, `forecast --profile FILE`).
    /// Exit 3 (nothing written) when a file named is not a fittable event.
    Fit(cli::fit::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Command::Trf(args) => cli::trf::run(args),
        Command::Standings(args) => cli::standings::run(args),
        Command::Pair(args) => cli::pair::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Bench(args) => cli::bench::run(args),
        Command::Report(args) => cli::report::run(args),
        Command::Generate(args) => cli::generate::run(args),
        Command::Simulate(args) => cli::simulate::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::Forecast(args) => cli::forecast::run(args),
        Command::Fit(args) => cli::fit::run(args),
    }
}
