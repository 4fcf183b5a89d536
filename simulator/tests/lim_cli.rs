//! `--system lim` end to end: a round the readable text of C.04.4.3 (Art. 1.1-2.3) does not
//! decide is refused with exit 1 and a message naming where the text ends; `--explain` prints
//! the account first; a `092` line naming the system is read as `--system lim`.

use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

#[test]
fn pair_refuses_where_the_readable_text_ends() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.trf");
    let st = swisslab()
        .args([
            "generate",
            "--seed",
            "5",
            "--players",
            "12",
            "--rounds",
            "3",
        ])
        .arg("-o")
        .arg(&file)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    let o = swisslab()
        .args(["pair", "--system", "lim", "--explain"])
        .arg(&file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(o.stdout.is_empty(), "no pairing is written");
    assert!(err.contains("Lim System (C.04.4.3), round 4"), "{err}");
    assert!(err.contains("Art. 2.2: Median Scoregroup 1.5"), "{err}");
    assert!(
        err.contains("rule text not available: C.04.4.3 Lim System, round 4"),
        "{err}"
    );
    // The same file naming the system in a 092 line instead of its 192 (ETT26 has no Lim code).
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("192 FIDE_DUTCH_2025\n"), "{text}");
    let named = dir.path().join("named.trf");
    let text = text.replace("192 FIDE_DUTCH_2025\n", "092 Individual  Swiss Lim rules\n");
    std::fs::write(&named, text).unwrap();
    let o = swisslab().arg("pair").arg(&named).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("C.04.4.3 Lim System, round 4"), "{err}");
}
