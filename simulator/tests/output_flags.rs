//! One spelling for what a command writes: `-o, --out` on every command that writes a file or
//! a folder (generate, pair, trf, simulate, merge, forecast, report); the older spellings
//! (`--output` of generate and pair, `--out-dir` of trf, merge's folder named first) still
//! work and are not listed.

use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn help(cmd: &str) -> String {
    let o = swisslab().args([cmd, "--help"]).output().unwrap();
    assert!(o.status.success(), "{cmd} --help");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn every_command_that_writes_says_out() {
    for cmd in [
        "generate", "pair", "trf", "simulate", "merge", "forecast", "report",
    ] {
        let h = help(cmd);
        assert!(h.contains("-o, --out <"), "{cmd}: {h}");
        assert!(
            !h.contains("--output") && !h.contains("--out-dir"),
            "{cmd}: {h}"
        );
    }
}

#[test]
fn the_older_spellings_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let gen = |flag: &str, name: &str| {
        let out = dir.path().join(name);
        let st = swisslab()
            .args([
                "generate",
                "--seed",
                "2",
                "--players",
                "6",
                "--rounds",
                "2",
                flag,
            ])
            .arg(&out)
            .status()
            .unwrap();
        assert!(st.success() && out.is_file(), "generate {flag}");
        out
    };
    let t = gen("--out", "a.trf");
    gen("--output", "b.trf");
    gen("-o", "c.trf");
    let a = std::fs::read(&t).unwrap();
    assert_eq!(a, std::fs::read(dir.path().join("b.trf")).unwrap());
    for (k, flag) in ["--out", "--output", "-o"].iter().enumerate() {
        let cut = dir.path().join(format!("cut{k}.trf"));
        let st = swisslab()
            .args(["generate", "--seed", "2", "--players", "6", "--rounds", "2"])
            .args(["--until-round", "1", "-o"])
            .arg(&cut)
            .status()
            .unwrap();
        assert!(st.success());
        let pairs = dir.path().join(format!("pairs{k}.txt"));
        let st = swisslab()
            .arg("pair")
            .arg(&cut)
            .arg(flag)
            .arg(&pairs)
            .status()
            .unwrap();
        assert!(st.success() && pairs.is_file(), "pair {flag}");
    }
    for (k, flag) in ["--out", "--out-dir", "-o"].iter().enumerate() {
        let d = dir.path().join(format!("norm{k}"));
        std::fs::create_dir(&d).unwrap();
        let st = swisslab()
            .args(["trf", "--no-standings"])
            .arg(&t)
            .arg(flag)
            .arg(&d)
            .status()
            .unwrap();
        assert!(st.success() && d.join("a.trf").is_file(), "trf {flag}");
    }
}

/// `merge -o OUT DIR...` and the older `merge OUT DIR...` write the same folder; `merge` with
/// one folder and no `--out` is a bad command line.
#[test]
fn merge_takes_out_or_its_folder_first() {
    let dir = tempfile::tempdir().unwrap();
    let shard = |k: usize| {
        let d = dir.path().join(format!("shard{k}"));
        let st = swisslab()
            .args(["simulate", "--tournaments", "4", "--players", "6"])
            .args([
                "--rounds",
                "3",
                "--seed",
                "5",
                "--no-timing",
                "--no-progress",
            ])
            .args(["--shard", &format!("{k}/2"), "-o"])
            .arg(&d)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(st.success(), "simulate shard {k}");
        d
    };
    let (s0, s1) = (shard(0), shard(1));
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let st = swisslab()
        .args(["merge", "-o"])
        .arg(&a)
        .args([&s0, &s1])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "merge -o");
    let st = swisslab()
        .arg("merge")
        .args([&b, &s0, &s1])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "merge OUT DIR...");
    for f in [
        "tournaments.csv",
        "players.csv",
        "rounds.csv",
        "summary.csv",
    ] {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{f}"
        );
    }
    let o = swisslab().arg("merge").arg(&s0).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("swisslab merge -o <OUT> <DIR>..."), "{err}");
}
