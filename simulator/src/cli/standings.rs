//! `swisslab standings`: the standings of a tournament file, ranked by points then FIDE
//! tie-breaks (C.07), in text, FIDE's calculator's TSV layout, CSV or JSON.
//!
//! The list comes from `--tiebreaks`, else the file's TRF-2026 `212`/`202` record, else the
//! default order ([`tiebreak::DEFAULT_LIST`]). An unknown specifier on the command line is a
//! usage error (exit 2); a damaged tie-break record in the file is invalid input (exit 3).

use super::{exit, read_tournament, EXIT_INVALID, EXIT_OK};
use clap::{Args as ClapArgs, ValueEnum};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisslab_engine::standings;
use swisslab_engine::tiebreak::{self, Edition, Spec};
use swisslab_engine::trf::dates::{Date, EventDates};
use swisslab_engine::Tournament;
use swisslab_simulator::exit_codes::EXIT_USAGE;

/// Options of `swisslab standings`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The tournament file (TRF-16, TRF(x), TRF(bx) or TRF-2026).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Tie-breaks after points, in order: C.07 abbreviations with modifiers as FIDE's
    /// calculator writes them, separated by commas or blanks, e.g. "BH/C1,BH,SB,DE" or
    /// "PTS BH/M1 ARO/C1". Names: PTS BH FB AOB SB PS KS ARO TPR PTP APRO APPO DE WIN WON BPG
    /// BWG GE REP; modifiers: /Cn (cut the n least significant values), /Mn (median: n at
    /// both ends), /Ln (Koya limit, percent), /Un (rating of unrated players), /F (AOB of
    /// Fore Buchholz). PTS is put first when missing. Default: the file's 212 or 202 record,
    /// else "BH/C1 BH SB DE WIN BWG".
    #[arg(long, short = 't', value_name = "LIST", value_parser = parse_specs)]
    pub tiebreaks: Option<SpecList>,

    /// Output format: an aligned table (text), FIDE's calculator's tab-separated `-r -dT`
    /// layout (tsv: Rank, StartNo, then the specifiers as given), CSV with names, or JSON.
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Edition of the Tie-Break Regulations: 2026 (in force: the 2024 text with the
    /// amendments applied from 1 March 2026) or 2024 (applied from 1 August 2024). Default:
    /// the edition in force at the file's start date (042), else 2026.
    #[arg(long, value_parser = parse_edition, value_name = "YEAR")]
    pub edition: Option<Edition>,

    /// The round whose games Fore Buchholz (FB, and AOB/F) evaluates as draws. `final`: the
    /// event's final round, as C.07 8.3 says (the rounds declared by XXR / 142, else the last
    /// round recorded), so that in an event with rounds to go FB equals BH, as FIDE's
    /// calculator computes it. `last-played`: the last round played, as if the event ended
    /// there (a forecast of FB for the standings of an unfinished event).
    #[arg(long, value_enum, default_value_t = ForeRound::Final, value_name = "ROUND")]
    pub fore_round: ForeRound,
}

/// Which round Fore Buchholz takes as the final one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ForeRound {
    /// The event's final round (C.07 8.3): declared by XXR / 142, else the last recorded.
    Final,
    /// The last round played.
    LastPlayed,
}

/// A parsed `--tiebreaks` list.
#[derive(Clone, Debug)]
pub struct SpecList {
    /// The list as given (a team file reads it as team tie-breaks).
    pub text: String,
    /// The list read as individual tie-breaks, or why it does not read.
    pub specs: Result<Vec<Spec>, String>,
}

fn parse_specs(s: &str) -> Result<SpecList, String> {
    if s.split([' ', ',', '\t']).all(str::is_empty) {
        return Err("the list names no tie-break".to_string());
    }
    Ok(SpecList {
        text: s.to_string(),
        specs: tiebreak::parse_list(s).map_err(|e| e.to_string()),
    })
}

fn parse_edition(s: &str) -> Result<Edition, String> {
    Edition::from_name(s).ok_or_else(|| format!("unknown edition '{s}' (expected 2024 or 2026)"))
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned table with names and ratings.
    Text,
    /// FIDE's calculator's `-r -dT` layout.
    Tsv,
    /// Comma-separated, with a header row.
    Csv,
    /// One JSON object: the list, the edition and one object per player.
    Json,
}

pub fn run(args: &Args) -> ExitCode {
    let t = match read_tournament(&args.file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if swisslab_engine::trf::is_team_event(&t) {
        return super::standings_team::run(args);
    }
    let (specs, source) = match &args.tiebreaks {
        Some(list) => match &list.specs {
            Ok(s) => {
                let mut s = s.clone();
                tiebreak::with_points_first(&mut s);
                (s, "--tiebreaks".to_string())
            }
            Err(e) => {
                eprintln!(
                    "error: invalid value '{}' for '--tiebreaks <LIST>': {e}",
                    list.text
                );
                return exit(EXIT_USAGE);
            }
        },
        None => match tiebreak::file_list(&t) {
            Ok(Some((fl, s))) => (s, format!("the file's {} record", fl.record)),
            Ok(None) => {
                let mut s =
                    tiebreak::parse_list(tiebreak::DEFAULT_LIST).expect("the default list parses");
                tiebreak::with_points_first(&mut s);
                (s, "the default order".to_string())
            }
            Err(e) => {
                let line =
                    record_line(&args.file, &e.record).map_or(String::new(), |n| format!("{n}:"));
                eprintln!("error: {}:{line} {e}", args.file.display());
                return exit(EXIT_INVALID);
            }
        },
    };
    let edition = edition(args, &t);
    // The games the file's system counts as played (`standings::standings`), FB's final round
    // as asked.
    let st = match args.fore_round {
        ForeRound::Final => standings::standings(&t, &specs, edition),
        ForeRound::LastPlayed => standings::standings(&tiebreak::as_finished(&t), &specs, edition),
    };
    let table = Table {
        specs: st.specs.iter().map(|s| s.text.clone()).collect(),
        edition: st.edition,
        rows: &st.rows,
        name: &|id| name_and_rating(&t, id),
        unit: Unit::Players,
    };
    match args.format {
        Format::Tsv => print(st.tsv()),
        format => table.print(format, &source),
    }
}

/// The C.07 edition: `--edition`, else the one in force at the file's start date (with a
/// warning when the date leaves it open).
pub(super) fn edition(args: &Args, t: &Tournament) -> Edition {
    args.edition.unwrap_or_else(|| {
        let dates = EventDates::of(t);
        let before = |d: &Date| (d.year, d.month, d.day) < (2026, 3, 1);
        let open = dates.start.as_ref().is_some_and(|r| {
            let c = r.reading.candidates();
            c.is_empty() || (c.iter().any(before) && !c.iter().all(before))
        });
        if open {
            // The reader has warned about the date, naming its line.
            eprintln!(
                "warning: {}: the start date (042) does not read as one date: the tie-breaks \
                 follow the edition in force today ({}); --edition chooses",
                args.file.display(),
                Edition::default().name()
            );
        }
        Edition::for_tournament(t)
    })
}

/// Prints the standings text, or exits with the output error.
pub(super) fn print(out: String) -> ExitCode {
    match super::out::print(&out) {
        Ok(()) => exit(EXIT_OK),
        Err(e) => e.exit(),
    }
}

/// Who the standings rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unit {
    Players,
    Teams,
}

/// Standings as printed: the specifiers' names, the rows, and each row's name and rating (a
/// team's rating is its strength factor, 0 without one).
pub(super) struct Table<'a> {
    pub specs: Vec<String>,
    pub edition: Edition,
    pub rows: &'a [tiebreak::Row],
    pub name: &'a dyn Fn(u32) -> (String, u16),
    pub unit: Unit,
}

impl Table<'_> {
    /// Prints in `format` (text, CSV, JSON; TSV by the caller); `source` says where the list
    /// came from.
    pub fn print(&self, format: Format, source: &str) -> ExitCode {
        let out = match format {
            Format::Tsv => self.tsv(),
            Format::Text => text(self, source),
            Format::Csv => match csv_text(self) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: writing CSV: {e}");
                    return exit(EXIT_INVALID);
                }
            },
            Format::Json => json(self),
        };
        print(out)
    }

    /// FIDE's calculator's `-r -dT` layout (as `tiebreak::Standings::tsv`).
    fn tsv(&self) -> String {
        let mut out = String::from("Rank\tStartNo");
        for s in &self.specs {
            out.push('\t');
            out.push_str(s);
        }
        out.push('\n');
        for r in self.rows {
            let _ = write!(out, "{}\t{}", r.rank, r.id);
            for v in &r.values {
                let _ = write!(out, "\t{v}");
            }
            out.push('\n');
        }
        out
    }
}

/// The 1-based line of the first `record` line of the file, for error messages.
fn record_line(path: &Path, record: &str) -> Option<usize> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    text.lines()
        .position(|l| l.starts_with(record))
        .map(|i| i + 1)
}

fn name_and_rating(t: &Tournament, id: u32) -> (String, u16) {
    t.player(id).map_or((String::new(), 0), |p| {
        (p.name.trim().to_string(), p.rating)
    })
}

fn text(st: &Table, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tie-breaks: {} (from {source}; C.07 edition {})",
        st.specs.join(" "),
        st.edition.name()
    );
    let name_w = st
        .rows
        .iter()
        .map(|r| (st.name)(r.id).0.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let widths: Vec<usize> = st
        .specs
        .iter()
        .enumerate()
        .map(|(k, s)| {
            st.rows
                .iter()
                .map(|r| r.values[k].to_string().len())
                .max()
                .unwrap_or(0)
                .max(s.len())
        })
        .collect();
    let _ = write!(
        out,
        "{:>4} {:>5}  {:<name_w$} {:>4}",
        "rank", "no", "name", "rtg"
    );
    for (s, w) in st.specs.iter().zip(&widths) {
        let _ = write!(out, "  {s:>w$}");
    }
    out.push('\n');
    for r in st.rows {
        let (name, rating) = (st.name)(r.id);
        let _ = write!(
            out,
            "{:>4} {:>5}  {:<name_w$} {:>4}",
            r.rank, r.id, name, rating
        );
        for (v, w) in r.values.iter().zip(&widths) {
            let _ = write!(out, "  {:>w$}", v.to_string());
        }
        out.push('\n');
    }
    out
}

fn csv_text(st: &Table) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "rank".to_string(),
        "start_no".into(),
        "name".into(),
        "rating".into(),
    ];
    header.extend(st.specs.iter().cloned());
    w.write_record(&header)?;
    for r in st.rows {
        let (name, rating) = (st.name)(r.id);
        let mut rec = vec![
            r.rank.to_string(),
            r.id.to_string(),
            name,
            rating.to_string(),
        ];
        rec.extend(r.values.iter().map(|v| v.to_string()));
        w.write_record(&rec)?;
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A JSON string literal.
fn quote(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            c if (c as u32) < 0x20 => q.push_str(&format!("\\u{:04x}", c as u32)),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

fn json(st: &Table) -> String {
    let specs: Vec<String> = st.specs.iter().map(|s| quote(s)).collect();
    let unit = match st.unit {
        Unit::Players => "players",
        Unit::Teams => "teams",
    };
    let mut out = format!(
        "{{\"edition\":{},\"tiebreaks\":[{}],\"{unit}\":[",
        quote(st.edition.name()),
        specs.join(",")
    );
    for (i, r) in st.rows.iter().enumerate() {
        let (name, rating) = (st.name)(r.id);
        let vals: Vec<String> = r
            .values
            .iter()
            .map(|v| match v.in_hundredths() {
                // Exact decimal text as a JSON number; undefined as null.
                Some(_) => v.to_string(),
                None => "null".to_string(),
            })
            .collect();
        let _ = write!(
            out,
            "{}\n{{\"rank\":{},\"start_no\":{},\"name\":{},\"rating\":{},\"values\":[{}]}}",
            if i == 0 { "" } else { "," },
            r.rank,
            r.id,
            quote(&name),
            rating,
            vals.join(",")
        );
    }
    out.push_str("\n]}\n");
    out
}
