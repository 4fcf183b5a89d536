//! Every relative link of `README.md` and `docs/**/*.md` resolves to a file or folder of the
//! repository (anchors are not checked). Links in fenced code blocks and inline code are not
//! links; `http:`, `https:`, `mailto:` and in-page `#` links are left alone.
//!
//! The same pages describe, they do not narrate: no running count (`18 -> 16`) outside code,
//! and a file of the shared data set is named by its path inside it, not as `../shared/...`,
//! which a reader of the repository does not have.

use std::path::{Path, PathBuf};

/// The relative link targets of a Markdown text, with their line numbers, anchors removed.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code spans are not links: drop them.
        let mut plain = String::new();
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                plain.push_str(part);
            }
        }
        let mut targets = Vec::new();
        // Inline links `[text](target)`.
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            targets.push(
                after[..end]
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_string(),
            );
            rest = &after[end.min(after.len())..];
        }
        // Reference definitions `[label]: target`.
        let t = plain.trim_start();
        if t.starts_with('[') {
            if let Some(at) = t.find("]: ") {
                targets.push(
                    t[at + 3..]
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_string(),
                );
            }
        }
        for target in targets {
            let target = target.trim_matches(|c| c == '<' || c == '>');
            let path = target.split('#').next().unwrap_or("");
            let external = ["http:", "https:", "mailto:"]
                .iter()
                .any(|s| target.starts_with(s));
            if !external && !path.is_empty() {
                out.push((i + 1, path.to_string()));
            }
        }
    }
    out
}

/// The links of `file` that do not resolve, as `file:line: target`.
fn broken(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new("."));
    relative_links(text)
        .into_iter()
        .filter(|(_, target)| !dir.join(target).exists())
        .map(|(line, target)| format!("{}:{line}: {target}", file.display()))
        .collect()
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for e in entries {
        let path = e.expect("directory entry").path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "md") {
            out.push(path);
        }
    }
}

/// The lines of `text` that narrate, with their numbers: a running count (a number, an arrow,
/// a number: `18 -> 16`, `18 → 16`) outside inline code, or a path written `../shared/`.
fn narration(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let plain: String = line
            .split('`')
            .enumerate()
            .filter(|(k, _)| k % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        let words: Vec<&str> = plain.split_whitespace().collect();
        let number = |w: &str| {
            w.trim_matches(|c: char| !c.is_ascii_digit())
                .parse::<u64>()
                .is_ok()
        };
        let arrow = words
            .windows(3)
            .any(|w| number(w[0]) && (w[1] == "->" || w[1] == "→") && number(w[2]));
        if arrow || line.contains("../shared/") {
            out.push((i + 1, line.trim().chars().take(80).collect()));
        }
    }
    out
}

/// `README.md` and every page of the book.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root");
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    files
}

#[test]
fn the_docs_describe_and_do_not_narrate() {
    let mut problems = Vec::new();
    for f in pages() {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for (line, what) in narration(&text) {
            problems.push(format!("{}:{line}: {what}", f.display()));
        }
    }
    assert!(
        problems.is_empty(),
        "running counts or ../shared/ paths in the docs (a count belongs to CHANGELOG.md; a \
         shared file is named by its path in the shared data set):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_narration_check_sees_counts_and_shared_paths() {
    let text = "took it from 18 -> 16 rounds\n\
                the count 24 → 15.\n\
                see ../shared/bench/README.md\n\
                `0→2` in code, run A → run B, write → read, the shared data set's `bench/`\n";
    let lines: Vec<usize> = narration(text).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, [1, 2, 3]);
}

#[test]
fn readme_and_docs_links_resolve() {
    let files = pages();
    assert!(files.len() > 10, "the docs book: {files:?}");
    let mut problems = Vec::new();
    let mut links = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        links += relative_links(&text).len();
        problems.extend(broken(f, &text));
    }
    assert!(links > 50, "only {links} relative links found");
    assert!(
        problems.is_empty(),
        "links that do not resolve:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_sees_a_broken_link() {
    let text =
        "See [the guide](docs/guide/simulate.md#output) and [nothing](docs/no-such-page.md).\n\
                [ref]: also-missing.md\n\
                [web](https://example.org/x.md), [here](#top), `[code](not-a-link.md)`\n\
                ```\n[fenced](not-a-link-either.md)\n```\n";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    assert_eq!(
        relative_links(text),
        [
            (1, "docs/guide/simulate.md".to_string()),
            (1, "docs/no-such-page.md".to_string()),
            (2, "also-missing.md".to_string()),
        ]
    );
    let bad = broken(&root, text);
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad[0].ends_with(":1: docs/no-such-page.md"), "{bad:?}");
    assert!(bad[1].ends_with(":2: also-missing.md"), "{bad:?}");
}
