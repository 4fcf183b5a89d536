#!/usr/bin/env python3
"""The table of docs/internals/testing.md from a cargo-mutants run (scripts/mutants.sh).

    scripts/mutants-table.py [target/mutants-out/mutants.out ...]

Per part: the mutants `cargo mutants --list` finds, those the run tested, caught, missed,
unviable (do not build), timeouts, and the share killed (caught + timeouts of the viable ones
tested). Several output folders (a run and its `--iterate` re-runs) combine: a mutant's last
outcome counts. Then the missed mutants, one a line.
"""
import json
import subprocess
import sys
from pathlib import Path

PARTS = [
    ("acceleration", "engine/src/acceleration.rs"),
    ("checker", "engine/src/checker.rs"),
    ("common", "engine/src/systems/common/*.rs"),
    ("tiebreak", "engine/src/tiebreak/*.rs"),
    ("trf", "engine/src/trf/*.rs"),
]
KIND = {
    "CaughtMutant": "caught",
    "MissedMutant": "missed",
    "Unviable": "unviable",
    "Timeout": "timeout",
}


def part_of(path):
    for name, glob in PARTS:
        if Path(path).match(glob):
            return name
    return None


def listed(glob):
    out = subprocess.run(
        ["cargo", "mutants", "--list", "-f", glob],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [l for l in out.splitlines() if l.strip()]


def main():
    dirs = [Path(d) for d in sys.argv[1:]] or [Path("target/mutants-out/mutants.out")]
    last = {}
    for d in dirs:
        for o in json.loads((d / "outcomes.json").read_text())["outcomes"]:
            m = o["scenario"]
            if not isinstance(m, dict) or "Mutant" not in m:
                continue
            last[m["Mutant"]["name"]] = KIND.get(o["summary"], o["summary"])
    print("| Part | Mutants | Tested | Caught | Missed | Unviable | Timeouts | Killed |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    missed = []
    for name, glob in PARTS:
        names = listed(glob)
        got = {n: last[n] for n in names if n in last}
        count = {k: sum(1 for v in got.values() if v == k) for k in KIND.values()}
        viable = count["caught"] + count["missed"] + count["timeout"]
        if not got:
            share = "not run"
        else:
            share = f"{100 * (count['caught'] + count['timeout']) / viable:.0f}%" if viable else "-"
            if len(got) < len(names):
                share += f" of the {len(got)} tested; {len(names) - len(got)} not run"
        print(
            f"| {name} | {len(names)} | {len(got)} | {count['caught']} | {count['missed']} "
            f"| {count['unviable']} | {count['timeout']} | {share} |"
        )
        missed += [n for n, v in got.items() if v == "missed"]
    print()
    for n in missed:
        print(f"- missed: `{n}`")


if __name__ == "__main__":
    main()
