//! Every place that lists the pairing systems, the commands or the exit codes is generated from
//! or held to the code: `System::ALL` (the engine's registry), the subcommands and exit codes
//! `swisslab --help` prints (its clap definitions and `cli::EXIT_CODES`), and the folders of
//! `engine/src/systems/`. A list that drifts from them fails here.
//!
//! The sentence naming the systems in `README.md` and `docs/introduction.md` is generated
//! between `<!-- generated: systems -->` and `<!-- /generated -->`: run these tests with
//! `SWISSLAB_BLESS=1` to write it again after adding a system.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use swisslab_engine::System;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Held while a file of the repository is read or written: the tests run in parallel, and with
/// `SWISSLAB_BLESS=1` one of them writes what the others read.
static FILES: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn read(rel: &str) -> String {
    let _held = FILES.lock().unwrap_or_else(|e| e.into_inner());
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `n` in words, as prose writes small counts.
fn words(n: usize) -> String {
    const SMALL: [&str; 21] = [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    SMALL
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The sentence naming every system: "nine systems: Dutch 2026 (the default), …, and …".
fn systems_sentence() -> String {
    let labels: Vec<String> = System::ALL
        .iter()
        .map(|&s| {
            if s == System::DEFAULT {
                format!("{} (the default)", s.label())
            } else {
                s.label().to_string()
            }
        })
        .collect();
    let list = match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => labels.join(""),
    };
    format!("{} systems: {list}", words(labels.len()))
}

const BEGIN: &str = "<!-- generated: systems -->";
const END: &str = "<!-- /generated -->";

/// The generated region of `rel` holds `want`; with `SWISSLAB_BLESS=1` it is written so.
fn generated_region(rel: &str, want: &str) {
    let text = read(rel);
    let start = text
        .find(BEGIN)
        .unwrap_or_else(|| panic!("{rel}: no {BEGIN}"))
        + BEGIN.len();
    let end = start
        + text[start..]
            .find(END)
            .unwrap_or_else(|| panic!("{rel}: no {END}"));
    if text[start..end] == *want {
        return;
    }
    if std::env::var_os("SWISSLAB_BLESS").is_some() {
        let new = format!("{}{want}{}", &text[..start], &text[end..]);
        let _held = FILES.lock().unwrap_or_else(|e| e.into_inner());
        std::fs::write(repo().join(rel), new).expect("writable");
        return;
    }
    panic!(
        "{rel}: the systems named are stale:\n  found: {}\n  want:  {want}\n\
         (run the test with SWISSLAB_BLESS=1 to write it)",
        &text[start..end]
    );
}

#[test]
fn the_opening_names_every_system() {
    let want = systems_sentence();
    generated_region("README.md", &want);
    generated_region("docs/introduction.md", &want);
}

/// The rows of the first Markdown table after the line `heading`: each row's cells.
fn table_after(text: &str, heading: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| !l.starts_with(heading));
    assert!(lines.next().is_some(), "no {heading:?}");
    let rows: Vec<Vec<String>> = lines
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert!(!rows.is_empty(), "no table after {heading:?}");
    rows
}

/// The first inline-code span of a cell (`dutch-2026` of "`dutch-2026` (default)").
fn first_code(cell: &str) -> Option<&str> {
    cell.split('`').nth(1)
}

/// The target of the first Markdown link of a cell.
fn first_link(cell: &str) -> Option<&str> {
    let at = cell.find("](")?;
    let rest = &cell[at + 2..];
    Some(&rest[..rest.find(')')?])
}

/// The system table of `rel` (under `heading`) has one row per system of `System::ALL`, named by
/// its name or an alias, each linking to a page that exists.
fn system_table(rel: &str, heading: &str) {
    let dir = repo().join(rel);
    let dir = dir.parent().expect("a folder");
    let mut seen = BTreeSet::new();
    for row in table_after(&read(rel), heading) {
        let name = first_code(&row[0]).unwrap_or_else(|| panic!("{rel}: row {row:?}"));
        let system: System = name
            .parse()
            .unwrap_or_else(|e| panic!("{rel}: a row names no system: {e}"));
        assert!(seen.insert(system), "{rel}: {system} listed twice");
        let page = row
            .last()
            .and_then(|c| first_link(c))
            .unwrap_or_else(|| panic!("{rel}: {system} links to no page"));
        assert!(dir.join(page).is_file(), "{rel}: {system}: no page {page}");
    }
    let all: BTreeSet<System> = System::ALL.iter().copied().collect();
    assert_eq!(seen, all, "{rel}: the systems listed are not System::ALL");
}

#[test]
fn the_system_tables_list_every_system() {
    system_table("README.md", "## Pairing systems");
    system_table("docs/systems/README.md", "# Choosing a pairing system");
}

/// The folders of `engine/src/systems/` holding a system (not `common`).
fn system_folders() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(repo().join("engine/src/systems"))
        .expect("the systems folder")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_string_lossy().into_owned();
            (p.is_dir() && name != "common").then_some(name)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_architecture_page_shows_every_system_and_folder() {
    let text = read("docs/internals/architecture.md");
    let variants: BTreeSet<String> = table_after(&text, "## The systems")
        .iter()
        .filter_map(|row| first_code(&row[0]).map(str::to_string))
        .collect();
    let all: BTreeSet<String> = System::ALL.iter().map(|s| format!("{s:?}")).collect();
    assert_eq!(variants, all, "the table of `## The systems`");
    for folder in system_folders() {
        assert!(
            text.contains(&format!("  {folder}/ ")),
            "docs/internals/architecture.md: the folder tree has no systems/{folder}/"
        );
    }
}

#[test]
fn the_engine_docs_name_every_system_folder() {
    let lib = read("engine/src/lib.rs");
    let mods = read("engine/src/systems/mod.rs");
    for folder in system_folders().iter().filter(|f| *f != "toy") {
        let named = format!("`{folder}`");
        assert!(
            lib.contains(&named),
            "engine/src/lib.rs does not name {named}"
        );
        assert!(
            mods.contains(&named),
            "engine/src/systems/mod.rs does not name {named}"
        );
    }
}

fn help() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .arg("--help")
        .output()
        .expect("swisslab runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The subcommands `swisslab --help` lists (`help` left out).
fn commands(help: &str) -> BTreeSet<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_is_listed_and_has_its_guide_page() {
    let help = help();
    let commands = commands(&help);
    assert!(commands.len() >= 10, "{commands:?}");
    let readme: BTreeSet<String> = table_after(&read("README.md"), "## Commands")
        .iter()
        .filter_map(|row| first_code(&row[0])?.strip_prefix("swisslab "))
        .map(str::to_string)
        .collect();
    assert_eq!(readme, commands, "README.md's table of commands");
    let summary = read("docs/SUMMARY.md");
    for c in &commands {
        let page = format!("guide/{c}.md");
        assert!(repo().join("docs").join(&page).is_file(), "no docs/{page}");
        assert!(
            summary.contains(&format!("({page})")),
            "docs/SUMMARY.md lacks {page}"
        );
    }
    // `--help` names every system, from the registry.
    for s in System::ALL {
        assert!(help.contains(s.name()), "--help does not name {s}");
    }
}

/// The codes of `Exit codes: 0 success, 1 …, 130 ….` in `swisslab --help`.
fn help_exit_codes(help: &str) -> BTreeSet<u8> {
    let line = help
        .lines()
        .find(|l| l.starts_with("Exit codes: "))
        .expect("an exit-codes line in --help");
    line["Exit codes: ".len()..]
        .split(", ")
        .filter_map(|part| part.split(' ').next()?.parse().ok())
        .collect()
}

#[test]
fn the_exit_codes_page_lists_the_codes_of_the_command() {
    let codes = help_exit_codes(&help());
    assert!(codes.contains(&0) && codes.contains(&130), "{codes:?}");
    let page: BTreeSet<u8> = table_after(&read("docs/guide/exit-codes.md"), "# Exit codes")
        .iter()
        .map(|row| row[0].parse().expect("a code in the first column"))
        .collect();
    assert_eq!(
        page, codes,
        "docs/guide/exit-codes.md against swisslab --help"
    );
}
