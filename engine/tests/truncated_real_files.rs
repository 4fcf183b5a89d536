//! Every real file of `../shared/real-trf` that reads, cut short as an interrupted download
//! leaves it: to its first 10 bytes, and in the middle of its first, middle and last player
//! lines. Each cut is named a truncated file ([`ErrorKind::TruncatedFile`]) at the end of what
//! is left, never a malformed line elsewhere, and never read as a smaller tournament. The
//! files are read in place (never copied); without `../shared` the test is skipped with a
//! notice (failed under `SWISSLAB_REQUIRE`).

mod support;

use swisslab_engine::trf::{self, ErrorKind};

/// Byte offsets of the middles of the player lines, in file order.
fn player_line_middles(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().chain([(bytes.len(), &b'\n')]) {
        if b == b'\n' || b == b'\r' {
            if bytes.get(start..start + 3) == Some(b"001") && i > start + 20 {
                // A character boundary near the middle.
                let mut mid = start + (i - start) / 2;
                while mid < i && (bytes[mid] & 0xC0) == 0x80 {
                    mid += 1;
                }
                out.push(mid);
            }
            start = i + 1;
        }
    }
    out
}

#[test]
fn every_cut_real_file_is_named_truncated() {
    let test = "every_cut_real_file_is_named_truncated";
    let Some(dir) = support::skip::shared_path(test, "real-trf") else {
        return;
    };
    let (mut cuts, mut files) = (0, 0);
    let mut problems = Vec::new();
    for f in support::real_files(&dir) {
        let bytes = std::fs::read(dir.join(&f)).unwrap();
        let Ok(whole) = trf::read(&bytes) else {
            continue;
        };
        files += 1;
        let middles = player_line_middles(&bytes);
        let mut at = vec![10];
        if let (Some(first), Some(last)) = (middles.first(), middles.last()) {
            at.extend([*first, middles[middles.len() / 2], *last]);
        }
        for cut in at {
            cuts += 1;
            let part = &bytes[..cut];
            match trf::read(part) {
                Err(e) if e.kind == ErrorKind::TruncatedFile => {}
                // Cut at the end of a header line: a file of no player line, as it says.
                Err(e)
                    if e.kind == ErrorKind::NoPlayers
                        && part.ends_with(b"\n")
                        && !part.windows(3).any(|w| w == b"001") => {}
                // The first player line cut inside its name or rating: what is left is a
                // one-player entry list, which no reader can tell from a real one.
                Ok(t) if t.players.len() == 1 && t.rounds_recorded() == 0 => {}
                // An entry list (no round played) cut between its lines' fields reads as a
                // shorter entry list only when every cut line is complete.
                Ok(t) if whole.rounds_recorded() == 0 && t.players.len() < whole.players.len() => {}
                Ok(t) => problems.push(format!(
                    "{f} cut at byte {cut}: read as {} players",
                    t.players.len()
                )),
                Err(e) => problems.push(format!("{f} cut at byte {cut}: {e}")),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {cuts} cuts:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(files >= 80, "only {files} real files read");
    eprintln!("{cuts} cuts of {files} real files, each a truncated file");
}
