//! The engine under test: swisslab's own pairing systems, or an external pairing program that
//! speaks the common command-line convention of JaVaFo and bbpPairings.
//!
//! An external engine is given as a command template, `cmd:PROGRAM ARGS…`, whose `{in}` and
//! `{out}` are replaced by the paths of the tournament file it reads and of the pairing file it
//! writes (e.g. `cmd:bbpPairings --dutch {in} -p {out}`). For each round swisslab writes the
//! tournament so far as TRF (the rounds played, and in the column of the round to pair a
//! zero-point absence for every player who is not to be paired), runs the program with a time
//! limit, and reads its answer: the number of pairs, then `white black` per board, the
//! pairing-allocated bye as `N 0`. The answer is validated (every number a player to pair, each
//! exactly once, the count right) before the simulator's invariants see it.
//!
//! Every way an external program can fail is an [`EngineError`] naming what happened: it could
//! not be started, it ran past the time limit (it is killed), it exited with a non-zero status,
//! or its output does not parse (with line and column). An exit whose output says "no valid
//! pairing" is a [`PairingError::NoValidPairing`], which the simulator verifies independently.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};
use swisslab_engine::history::histories;
use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::{trf, PlayerId, RoundEntry, System, Tournament, Unplayed};
use wait_timeout::ChildExt;

/// The default time limit of one external pairing.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// Which engine pairs: swisslab's own system, or an external program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// `swisslab` (the run's `--system`) or `swisslab:SYSTEM`.
    Swisslab(Option<System>),
    /// `cmd:TEMPLATE`.
    External(External),
}

/// An external pairing program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    /// The command line as given (after `cmd:`), with `{in}` and `{out}`.
    pub template: String,
    /// The words of the command line, split as a POSIX shell would (no shell runs it).
    pub words: Vec<String>,
    /// Time limit of one pairing; the program is killed after it.
    pub timeout: Duration,
}

/// A specification that is not an engine's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(
        "engine {0:?}: expected `swisslab`, `swisslab:SYSTEM` or `cmd:PROGRAM ARGS` with {{in}} \
         and {{out}}"
    )]
    Unknown(String),
    #[error("engine {0:?}: the command line does not split into words (an unclosed quote?)")]
    Words(String),
    #[error("engine {spec:?}: the command line has no {placeholder} (where the {what} goes)")]
    Placeholder {
        spec: String,
        placeholder: &'static str,
        what: &'static str,
    },
    #[error("engine {spec:?}: {source}")]
    System {
        spec: String,
        source: swisslab_engine::system::UnknownSystem,
    },
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<EngineSpec, SpecError> {
        let spec = s.trim();
        if spec == "swisslab" {
            return Ok(EngineSpec::Swisslab(None));
        }
        if let Some(name) = spec.strip_prefix("swisslab:") {
            return name
                .parse()
                .map(|sys| EngineSpec::Swisslab(Some(sys)))
                .map_err(|source| SpecError::System {
                    spec: s.to_string(),
                    source,
                });
        }
        let Some(template) = spec.strip_prefix("cmd:") else {
            return Err(SpecError::Unknown(s.to_string()));
        };
        let words = shlex::split(template).ok_or_else(|| SpecError::Words(s.to_string()))?;
        for (placeholder, what) in [("{in}", "tournament file"), ("{out}", "pairing file")] {
            if !words.iter().any(|w| w.contains(placeholder)) {
                return Err(SpecError::Placeholder {
                    spec: s.to_string(),
                    placeholder,
                    what,
                });
            }
        }
        if words.is_empty() {
            return Err(SpecError::Unknown(s.to_string()));
        }
        Ok(EngineSpec::External(External {
            template: template.trim().to_string(),
            words,
            timeout: DEFAULT_TIMEOUT,
        }))
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Swisslab(None) => f.write_str("swisslab"),
            EngineSpec::Swisslab(Some(s)) => write!(f, "swisslab:{s}"),
            EngineSpec::External(e) => write!(f, "cmd:{}", e.template),
        }
    }
}

/// How an external pairing failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("cannot run {program}: {message}")]
    Spawn { program: String, message: String },
    #[error("no answer within {0:?} (killed)")]
    Timeout(Duration),
    #[error("exited with {status}")]
    Exit { status: String },
    #[error("its pairing file {path}: line {line}, column {column}: expected {expected}, found {found:?}")]
    Output {
        path: String,
        line: usize,
        column: usize,
        expected: String,
        found: String,
    },
    #[error("cannot read its pairing file {path}: {message}")]
    Missing { path: String, message: String },
    #[error("cannot write the tournament file: {0}")]
    Io(String),
}

/// What one external pairing left behind, for the failure report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    /// The command run, with the paths filled in.
    pub command: Vec<String>,
    /// The tournament file handed to the program.
    pub trf: String,
    pub stdout: String,
    pub stderr: String,
    /// The pairing file it wrote (empty when none).
    pub output: String,
    pub elapsed: Duration,
}

/// The answer of an external pairing: the pairing, "no valid pairing", or a failure.
#[derive(Clone, Debug)]
pub struct Answer {
    pub result: Result<Pairing, PairingError>,
    /// Set when the program failed (as opposed to answering).
    pub failure: Option<EngineError>,
    pub transcript: Transcript,
}

/// The tournament file an external engine is asked: the rounds before `req.round` with every
/// player's points after them, and in that round's column a zero-point absence (`0000 - Z`)
/// for everyone not to be paired, so that the engine pairs exactly `req.present`.
pub fn question(t: &Tournament, req: &Request) -> Tournament {
    let mut q = t.truncated(req.round - 1);
    let hist = histories(&q, req.round - 1);
    for (p, h) in q.players.iter_mut().zip(&hist) {
        p.points = Some(h.score);
        if !req.present.contains(&p.id) {
            while p.rounds.len() < req.round - 1 {
                p.rounds.push(RoundEntry::Unplayed(Unplayed::ZeroBye));
            }
            p.rounds.push(RoundEntry::Unplayed(Unplayed::ZeroBye));
        }
    }
    q.absent_next.clear();
    q
}

impl External {
    /// Pairs round `req.round` of `t` with the program.
    pub fn pair(&self, t: &Tournament, req: &Request) -> Answer {
        let mut transcript = Transcript {
            trf: trf::write(&trf::complete_for_engines(&question(t, req))),
            ..Transcript::default()
        };
        let fail = |e: EngineError, transcript: Transcript| Answer {
            result: Err(PairingError::Engine(e.to_string())),
            failure: Some(e),
            transcript,
        };
        let dir = match tempfile::tempdir() {
            Ok(d) => d,
            Err(e) => return fail(EngineError::Io(e.to_string()), transcript),
        };
        let input = dir.path().join("round.trf");
        let output = dir.path().join("pairing.txt");
        if let Err(e) = std::fs::write(&input, &transcript.trf) {
            return fail(EngineError::Io(e.to_string()), transcript);
        }
        transcript.command = self.command_words(&input, &output);
        let run = self.run(&transcript.command, dir.path());
        transcript.elapsed = run.elapsed;
        transcript.stdout = run.stdout;
        transcript.stderr = run.stderr;
        if let Some(e) = run.error {
            return fail(e, transcript);
        }
        if !run.success {
            let said = format!("{}\n{}", transcript.stdout, transcript.stderr).to_lowercase();
            if said.contains("no valid pairing") {
                return Answer {
                    result: Err(PairingError::NoValidPairing(format!(
                        "the external engine says so ({})",
                        run.status
                    ))),
                    failure: None,
                    transcript,
                };
            }
            return fail(EngineError::Exit { status: run.status }, transcript);
        }
        transcript.output = match std::fs::read_to_string(&output) {
            Ok(s) => s,
            Err(e) => {
                return fail(
                    EngineError::Missing {
                        path: output.display().to_string(),
                        message: e.to_string(),
                    },
                    transcript,
                )
            }
        };
        match parse_pairing(&transcript.output, req, &output.display().to_string()) {
            Ok(mut p) => {
                p.sort_boards(t, req.round);
                Answer {
                    result: Ok(p),
                    failure: None,
                    transcript,
                }
            }
            Err(e) => fail(e, transcript),
        }
    }

    fn command_words(&self, input: &Path, output: &Path) -> Vec<String> {
        let (i, o) = (input.display().to_string(), output.display().to_string());
        self.words
            .iter()
            .map(|w| w.replace("{in}", &i).replace("{out}", &o))
            .collect()
    }

    fn run(&self, words: &[String], dir: &Path) -> Run {
        let mut run = Run::default();
        let start = Instant::now();
        let (out_path, err_path) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
        let files = std::fs::File::create(&out_path)
            .and_then(|o| std::fs::File::create(&err_path).map(|e| (o, e)));
        let (out_file, err_file) = match files {
            Ok(f) => f,
            Err(e) => {
                run.error = Some(EngineError::Io(e.to_string()));
                return run;
            }
        };
        // Output goes to files, not pipes: a program that writes much cannot block on a full
        // pipe while we wait for it.
        let child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::null())
            .stdout(out_file)
            .stderr(err_file)
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                run.error = Some(EngineError::Spawn {
                    program: words[0].clone(),
                    message: e.to_string(),
                });
                return run;
            }
        };
        match child.wait_timeout(self.timeout) {
            Ok(Some(status)) => {
                run.success = status.success();
                run.status = status.to_string();
            }
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                run.error = Some(EngineError::Timeout(self.timeout));
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                run.error = Some(EngineError::Io(e.to_string()));
            }
        }
        run.elapsed = start.elapsed();
        run.stdout = read_lossy(&out_path);
        run.stderr = read_lossy(&err_path);
        run
    }
}

#[derive(Default)]
struct Run {
    success: bool,
    status: String,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    error: Option<EngineError>,
}

/// At most 64 KiB of a program's output, as text.
fn read_lossy(path: &PathBuf) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    let cut = &bytes[..bytes.len().min(64 * 1024)];
    String::from_utf8_lossy(cut).into_owned()
}

/// Reads an engine's pairing file: the number of pairs, then `white black` per board, the
/// bye as `N 0`. Every number must be a player to pair, each exactly once, and the count must
/// be right; `path` names the file in errors.
pub fn parse_pairing(text: &str, req: &Request, path: &str) -> Result<Pairing, EngineError> {
    let err = |line: usize, column: usize, expected: &str, found: &str| EngineError::Output {
        path: path.to_string(),
        line,
        column,
        expected: expected.to_string(),
        found: found.to_string(),
    };
    let mut lines = text
        .split(['\n', '\r'])
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((ln, first)) = lines.next() else {
        return Err(err(1, 1, "the number of pairs", ""));
    };
    let count: usize = first.trim().parse().map_err(|_| {
        err(
            ln,
            column_of(first, first.trim()),
            "the number of pairs",
            first.trim(),
        )
    })?;
    let mut pairing = Pairing::default();
    let mut seen = std::collections::BTreeSet::new();
    let mut boards = 0;
    let mut last_line = ln;
    for (ln, line) in lines {
        last_line = ln;
        boards += 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != 2 {
            return Err(err(ln, 1, "two pairing numbers `white black`", line));
        }
        let mut ids = [0 as PlayerId; 2];
        for (k, w) in words.iter().enumerate() {
            ids[k] = w
                .parse()
                .map_err(|_| err(ln, column_of(line, w), "a pairing number", w))?;
        }
        let [white, black] = ids;
        for (k, id) in [(0, white), (1, black)] {
            if k == 1 && id == 0 {
                continue;
            }
            if !req.present.contains(&id) {
                return Err(err(
                    ln,
                    column_of(line, words[k]),
                    "a player to pair this round",
                    words[k],
                ));
            }
            if !seen.insert(id) {
                return Err(err(
                    ln,
                    column_of(line, words[k]),
                    "a player not paired yet",
                    words[k],
                ));
            }
        }
        if black == 0 {
            if pairing.bye.is_some() {
                return Err(err(ln, 1, "at most one bye", line));
            }
            pairing.bye = Some(white);
        } else {
            pairing.games.push((white, black));
        }
    }
    if boards != count {
        return Err(err(
            last_line,
            1,
            &format!("{count} boards, as the first line says"),
            &format!("{boards} boards"),
        ));
    }
    Ok(pairing)
}

/// The 1-based character column of `word` within `line` (1 when not found).
fn column_of(line: &str, word: &str) -> usize {
    line.find(word)
        .map_or(1, |byte| line[..byte].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(ids: &[PlayerId]) -> Request {
        Request {
            round: 2,
            present: ids.iter().copied().collect(),
        }
    }

    #[test]
    fn specs_parse() {
        assert_eq!("swisslab".parse(), Ok(EngineSpec::Swisslab(None)));
        assert_eq!(
            "swisslab:dutch-2017".parse(),
            Ok(EngineSpec::Swisslab(Some(System::Dutch2017)))
        );
        let e: EngineSpec = "cmd:'my engine' --dutch {in} -p {out}".parse().unwrap();
        let EngineSpec::External(x) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(x.words, ["my engine", "--dutch", "{in}", "-p", "{out}"]);
        assert_eq!(e.to_string(), "cmd:'my engine' --dutch {in} -p {out}");
        assert!(matches!(
            "cmd:engine {in}".parse::<EngineSpec>(),
            Err(SpecError::Placeholder { .. })
        ));
        assert!(matches!(
            "cmd:engine '{in} {out}".parse::<EngineSpec>(),
            Err(SpecError::Words(_))
        ));
        assert!(matches!(
            "javafo".parse::<EngineSpec>(),
            Err(SpecError::Unknown(_))
        ));
        assert!(matches!(
            "swisslab:dutch-1900".parse::<EngineSpec>(),
            Err(SpecError::System { .. })
        ));
    }

    #[test]
    fn pairing_files_parse() {
        let p = parse_pairing("3\r1 4\r3 2\r5 0\r", &req(&[1, 2, 3, 4, 5]), "out").unwrap();
        assert_eq!(p.games, [(1, 4), (3, 2)]);
        assert_eq!(p.bye, Some(5));
    }

    #[test]
    fn bad_pairing_files_say_where() {
        let r = req(&[1, 2, 3, 4]);
        let cases: [(&str, usize, usize, &str); 6] = [
            ("", 1, 1, "the number of pairs"),
            ("two\n", 1, 1, "the number of pairs"),
            ("2\n1 2\n3 x\n", 3, 3, "a pairing number"),
            ("2\n1 2\n3 9\n", 3, 3, "a player to pair this round"),
            ("2\n1 2\n2 3\n", 3, 1, "a player not paired yet"),
            ("3\n1 2\n3 4\n", 3, 1, "3 boards, as the first line says"),
        ];
        for (text, line, column, expected) in cases {
            match parse_pairing(text, &r, "out") {
                Err(EngineError::Output {
                    line: l,
                    column: c,
                    expected: e,
                    ..
                }) => assert_eq!((l, c, e.as_str()), (line, column, expected), "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_question_marks_everyone_else_absent() {
        let line = |id: u32, points: &str, rounds: &str| {
            format!(
                "001 {id:>4}      P{id:<31} {:>4}                             {points}        {rounds}\n",
                2100 - id * 10
            )
        };
        let mut text = String::from("012 T\nXXR 3\n");
        text += &line(1, "1.0", "   2 w 1");
        text += &line(2, "0.0", "   1 b 0");
        text += &line(3, "0.0", "0000 - Z");
        let t = trf::read_str(&text).unwrap();
        let q = question(&t, &req(&[1, 2]));
        let back = trf::read_str(&trf::write(&q)).unwrap();
        assert_eq!(Request::next_round(&back).present, req(&[1, 2]).present);
        assert_eq!(Request::next_round(&back).round, 2);
    }
}
