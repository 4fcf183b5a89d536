//! `simulator/OUTPUT.md` documents the columns the schema declares: every CSV file, every
//! column, in order.

use std::collections::BTreeMap;

/// The column lists of a Markdown output contract: for each `## DIR/<file>.csv` heading, the
/// comma-separated names on the lines after it, up to a blank line or one opening a note `(`.
fn documented(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut files = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("## DIR/") else {
            continue;
        };
        let Some(name) = rest
            .split_whitespace()
            .next()
            .filter(|n| n.ends_with(".csv"))
        else {
            continue;
        };
        let mut columns = Vec::new();
        for l in lines.by_ref() {
            let l = l.trim();
            if l.is_empty() || l.starts_with('(') || l.starts_with('#') {
                break;
            }
            columns.extend(
                l.split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(String::from),
            );
        }
        files.insert(name.to_string(), columns);
    }
    files
}

#[test]
fn output_md_lists_the_schema_columns() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../simulator/OUTPUT.md");
    let text = std::fs::read_to_string(path).expect("simulator/OUTPUT.md");
    let docs = documented(&text);
    for f in swisslab_schema::FILES {
        let cols = docs
            .get(f.name)
            .unwrap_or_else(|| panic!("OUTPUT.md has no section for {}", f.name));
        assert_eq!(cols, f.columns, "OUTPUT.md columns of {}", f.name);
    }
    assert_eq!(
        docs.len(),
        swisslab_schema::FILES.len(),
        "OUTPUT.md lists files the schema lacks"
    );
}

#[test]
fn a_column_missing_from_the_documentation_is_seen() {
    let docs = documented("## DIR/run.csv — one row\nseed, tournaments,\nplayers\n(notes, more)\n");
    assert_eq!(docs["run.csv"], ["seed", "tournaments", "players"]);
    assert_ne!(
        docs["run.csv"],
        swisslab_schema::write::RunRow::FILE.columns
    );
}
