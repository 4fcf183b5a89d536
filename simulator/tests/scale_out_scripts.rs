//! The scale-out scripts' logic without a cluster: `scripts/slurm/daemons.sh` (the local
//! cluster's start and stop) with fake daemons, `submit.sh` and `resubmit.sh` with a fake
//! `sbatch` and `scancel`, the shard mode of `simulate.sbatch` with a fake `swisslab`, and
//! `deploy/k8s/wait-for-shards.sh` with a fake `kubectl`. Unix only (the scripts are sh / bash).
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Writes an executable script `name` into `dir`.
fn script(dir: &Path, name: &str, body: &str) {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs `bash -c code` with `bin` first on PATH and the given environment.
fn bash(bin: &Path, code: &str, env: &[(&str, &str)]) -> Output {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut c = Command::new("bash");
    c.arg("-c").arg(code).env("PATH", path).current_dir(repo());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("bash")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A fake daemon as Slurm's behave: it forks, the child writes its pid file, and on SIGTERM
/// takes a while to shut down and then removes its pid file, whoever wrote it last.
const FAKE_DAEMON: &str = r#"#!/bin/sh
if [ "${1:-}" = --child ]; then
    echo $$ >"$2"
    trap 'sleep 0.6; rm -f "$2"; exit 0' TERM
    while :; do sleep 0.1; done
fi
"$0" --child "$1" </dev/null >/dev/null 2>&1 &
exit 0
"#;

/// `stop` waits for the daemon to exit before it removes the pid file, so that a `start` right
/// after it is not undone by the old daemon's shutdown; `start` on a running daemon starts no
/// second one; a daemon whose pid file is gone is still found and stopped.
#[test]
fn local_cluster_daemons_start_once_and_stop_for_good() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    // A name of its own (the comm of the process), so that no other test's process matches.
    script(&bin, "swlfakectld", FAKE_DAEMON);
    let pid = dir.path().join("ctld.pid");
    let code = r#"
set -eu
. scripts/slurm/daemons.sh
pf=$PIDFILE
count() { n=0; for p in $(orphan_pids swlfakectld); do n=$((n + 1)); done; echo $n; }
start_daemon "$pf" swlfakectld swlfakectld "$pf"
p1=$(daemon_pid "$pf" swlfakectld)
start_daemon "$pf" swlfakectld swlfakectld "$pf"
[ "$(daemon_pid "$pf" swlfakectld)" = "$p1" ] || { echo "second start replaced the daemon"; exit 1; }
[ "$(count)" = 1 ] || { echo "two daemons after two starts"; exit 1; }
stop_daemon "$pf" swlfakectld
if alive "$p1"; then echo "stop returned before the daemon exited"; exit 1; fi
start_daemon "$pf" swlfakectld swlfakectld "$pf"
p2=$(daemon_pid "$pf" swlfakectld)
sleep 1
[ "$(daemon_pid "$pf" swlfakectld)" = "$p2" ] || { echo "pid file of the new daemon lost"; exit 1; }
rm -f "$pf"
stop_daemon "$pf" swlfakectld
if alive "$p2"; then echo "orphan left running"; exit 1; fi
[ "$(count)" = 0 ] || { echo "a daemon is left"; exit 1; }
echo ok
"#;
    let o = bash(&bin, code, &[("PIDFILE", pid.to_str().unwrap())]);
    assert!(
        o.status.success() && text(&o).contains("ok"),
        "{}",
        text(&o)
    );
}

/// A fake `sbatch` printing job ids 101, 102, … and logging its arguments one per line
/// (a blank line between calls); `scancel` logs too.
fn fake_slurm(bin: &Path, log: &Path) {
    let sbatch = format!(
        r#"#!/bin/bash
n=$(cat "{log}.n" 2>/dev/null || echo 100); n=$((n + 1)); echo "$n" >"{log}.n"
{{ echo "sbatch"; printf '%s\n' "$@"; echo; }} >>"{log}"
echo "$n"
"#,
        log = log.display()
    );
    script(bin, "sbatch", &sbatch);
    let scancel = format!(
        "#!/bin/sh\n{{ echo scancel; printf '%s\\n' \"$@\"; echo; }} >>\"{}\"\n",
        log.display()
    );
    script(bin, "scancel", &scancel);
}

/// `submit.sh` records the run; `resubmit.sh` cancels the pending merge, clears and resubmits
/// the shards named with the run's options (one holding a blank) from OUT (`--chdir`), and a
/// merge waiting for them and for the first array; it can be run again.
#[test]
fn slurm_resubmission_replaces_the_merge_and_keeps_the_options() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let log = dir.path().join("log");
    fake_slurm(&bin, &log);
    let out = dir.path().join("run");
    let out_s = out.to_str().unwrap();
    let o = bash(
        &bin,
        r#"scripts/slurm/submit.sh 8 "$OUT" --tournaments 80 --config "my conf.toml""#,
        &[("OUT", out_s)],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("array job 101 (8 shards), merge job 102"));
    std::fs::create_dir_all(out.join("shards/3")).unwrap();
    std::fs::write(out.join("shards/3/run.csv"), "partial").unwrap();
    let o = bash(
        &bin,
        r#"scripts/slurm/resubmit.sh "$OUT" 3 5"#,
        &[("OUT", out_s)],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        !out.join("shards/3").exists(),
        "the interrupted shard's folder is cleared"
    );
    let calls: Vec<Vec<String>> = std::fs::read_to_string(&log)
        .unwrap()
        .split("\n\n")
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.lines().map(String::from).collect())
        .collect();
    let chdir = format!("--chdir={out_s}");
    assert_eq!(calls[2], ["scancel", "102"], "{calls:?}");
    let shard = &calls[3];
    assert!(shard.contains(&"--array=3,5".to_string()), "{shard:?}");
    assert!(shard.contains(&chdir), "{shard:?}");
    assert!(shard.contains(&format!("--export=ALL,OUT={out_s},SHARDS=8")));
    assert!(shard.ends_with(&[
        "shard".into(),
        "--tournaments".into(),
        "80".into(),
        "--config".into(),
        "my conf.toml".into()
    ]));
    let merge = &calls[4];
    assert!(merge.contains(&"--dependency=afterok:103,afterany:101".to_string()));
    assert!(
        merge.contains(&chdir) && merge.last().unwrap() == "merge",
        "{merge:?}"
    );
    // Again: the second merge is cancelled, the new one waits for both earlier arrays.
    let o = bash(
        &bin,
        r#"scripts/slurm/resubmit.sh "$OUT" 5"#,
        &[("OUT", out_s)],
    );
    assert!(o.status.success(), "{}", text(&o));
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("scancel\n104\n"), "{log}");
    assert!(log.contains("--dependency=afterok:105,afterany:101,afterany:103"));
    let o = bash(
        &bin,
        r#"scripts/slurm/resubmit.sh "$OUT" 8"#,
        &[("OUT", out_s)],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// The shard mode of `simulate.sbatch`: exit 4 (a finished run with failed tournaments) is
/// success, an interrupted run (130) and any other failure are not.
#[test]
fn slurm_shard_counts_only_finished_runs_as_done() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    script(&bin, "fake-swisslab", "#!/bin/sh\nexit \"$FAKE_RC\"\n");
    let out = dir.path().join("run");
    for (rc, want) in [("0", 0), ("4", 0), ("130", 130), ("5", 5)] {
        let o = bash(
            &bin,
            "scripts/slurm/simulate.sbatch shard --tournaments 8",
            &[
                ("OUT", out.to_str().unwrap()),
                ("SWISSLAB", "fake-swisslab"),
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SHARDS", "4"),
                ("FAKE_RC", rc),
            ],
        );
        assert_eq!(o.status.code(), Some(want), "rc {rc}: {}", text(&o));
    }
}

/// `wait-for-shards.sh` with a fake `kubectl` answering the given states one per call (the last
/// repeated): its exit status and output.
fn wait_for(states: &[&str], timeout: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let states_file = dir.path().join("states");
    std::fs::write(&states_file, states.join("\n") + "\n").unwrap();
    let kubectl = format!(
        r#"#!/bin/sh
n=$(cat "{f}.n" 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" >"{f}.n"
total=$(wc -l <"{f}"); [ "$n" -le "$total" ] || n=$total
sed -n "${{n}}p" "{f}"
"#,
        f = states_file.display()
    );
    script(&bin, "kubectl", &kubectl);
    bash(
        &bin,
        "deploy/k8s/wait-for-shards.sh",
        &[("WAIT_INTERVAL", "0"), ("WAIT_TIMEOUT", timeout)],
    )
}

/// The merge starts only when every shard is done; a failed shard Job stops it naming the
/// shards; a run that never completes stops it at the timeout.
#[test]
fn k8s_merge_waits_for_complete_shards_only() {
    let o = wait_for(&["8|5|0-4|||", "8|8|0-7||True|"], "100");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("all 8 shards done"));
    let o = wait_for(&["8|6|0-2,4-5,7|||", "8|7|0-2,4-7|3||True"], "100");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("shard(s) 3 did not finish"),
        "{}",
        text(&o)
    );
    let o = wait_for(&["8|7|0-6|||"], "0");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("gave up") && text(&o).contains("7 of 8"));
}
