//! `swisslab fit PATHS`: the event model measured on finished real events (files, or folders
//! walked), written as a profile that `simulate --config` and `forecast --profile` read (see
//! `swisslab_simulator::fit` and docs/guide/forecast.md).
//!
//! Exit status 0 on success, 3 when a file named is not a fittable event or nothing is left
//! to fit (nothing is written), 5 when a file cannot be read or written.

use super::{EXIT_INVALID, EXIT_IO, EXIT_OK};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_simulator::fit::{self, events};
use swisslab_simulator::profile::Kind;

/// Options of `swisslab fit`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// Tournament files of finished events, or folders of them (walked; files that are not
    /// events, team competitions and events of fewer than 4 players or 2 rounds are left out
    /// with the reason). A file named here must be a fittable event.
    #[arg(value_name = "PATHS", required = true)]
    pub paths: Vec<PathBuf>,

    /// Fit only the events of this kind: `otb` (over the board) or `online` (a file whose
    /// name, city or federation names lichess, chess.com or "online").
    #[arg(long, value_name = "KIND", value_parser = ["otb", "online"])]
    pub kind: Option<String>,

    /// The profile's name (written in it).
    #[arg(long, value_name = "NAME", default_value = "fitted")]
    pub name: String,

    /// The profile file to write (replaced whole).
    #[arg(short, long, value_name = "FILE", default_value = "profile.toml")]
    pub out: PathBuf,

    /// Also write the estimates with their intervals as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    super::exit(run_inner(args))
}

fn run_inner(args: &Args) -> u8 {
    let kind = args.kind.as_deref().and_then(Kind::from_name);
    let set = match events::read_set(&args.paths, kind) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            let io = matches!(&e, events::EventError::Trf(t)
                if t.kind == swisslab_engine::trf::ErrorKind::Io);
            return if io { EXIT_IO } else { EXIT_INVALID };
        }
    };
    for l in &set.left_out {
        eprintln!("note: {l}");
    }
    let mut command = vec!["swisslab fit".to_string()];
    command.extend(args.paths.iter().map(|p| p.display().to_string()));
    if let Some(k) = &args.kind {
        command.push(format!("--kind {k}"));
    }
    command.push(format!("--name {} -o {}", args.name, args.out.display()));
    let f = fit::fit(&set, &args.name, &command.join(" "));
    let text = fit::profile_text(&f);
    if let Err(e) = write_whole(&args.out, text.as_bytes()) {
        eprintln!("error: cannot write {}: {e}", args.out.display());
        return EXIT_IO;
    }
    if let Some(path) = &args.csv {
        let mut w = csv::Writer::from_writer(Vec::new());
        let rows: Result<(), csv::Error> = f.estimates.iter().try_for_each(|e| w.serialize(e));
        let bytes = rows.and_then(|()| w.into_inner().map_err(|e| e.into_error().into()));
        if let Err(e) = bytes
            .map_err(|e| e.to_string())
            .and_then(|b| write_whole(path, &b).map_err(|e| e.to_string()))
        {
            eprintln!("error: cannot write {}: {e}", path.display());
            return EXIT_IO;
        }
    }
    print_summary(&f, &set);
    println!("  profile: {}", args.out.display());
    EXIT_OK
}

/// Writes `bytes` to a temporary file beside `path` and renames it into place.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    let dir = dir.unwrap_or(std::path::Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(&mut tmp, bytes)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

fn print_summary(f: &fit::Fit, set: &events::Set) {
    let p = &f.config.profile;
    println!(
        "swisslab fit: {} events, {} players, {} player-rounds, {} games",
        set.events.len(),
        p.players,
        p.player_rounds,
        p.games
    );
    for e in &set.events {
        println!(
            "  {} ({} players, {} of {} rounds, {})",
            e.file.display(),
            e.t.players.len(),
            e.played,
            e.total,
            e.kind.name()
        );
    }
    println!(
        "  {:<26} {:>10} {:>21}  meaning",
        "parameter", "estimate", "95% interval"
    );
    for e in &f.estimates {
        let interval = if e.low.is_finite() {
            format!("{:.3} .. {:.3}", e.low, e.high)
        } else {
            String::new()
        };
        println!(
            "  {:<26} {:>10.4} {:>21}  {}",
            e.name, e.value, interval, e.meaning
        );
    }
    println!("  withdrawals and absences by round position (tenths of the event):");
    println!("    band  withdrew/played-before  absent/player-rounds");
    for (band, w, n, a, m) in &f.withdrawals {
        if *n + *m > 0 {
            println!(
                "    {:>2}-{:<3} {:>6}/{:<6} {:>6.3}   {:>6}/{:<6} {:>6.3}",
                band * 10,
                band * 10 + 10,
                w,
                n,
                *w as f64 / (*n).max(1) as f64,
                a,
                m,
                *a as f64 / (*m).max(1) as f64
            );
        }
    }
}
