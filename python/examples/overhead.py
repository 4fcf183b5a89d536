"""What calling swisslab from Python costs, against the engine's own time.

    python python/examples/overhead.py pair [--file testdata/bench/<500-player file>]
    python python/examples/overhead.py simulate [--tournaments 100 --players 500 --rounds 11]

pair: each round of the 500-player benchmark tournament paired from Python
(`swisslab.pair(t, round=r)`, best of 5 calls) against the engine's own time for the same
rounds as `swisslab bench` measures it in-process (both medians), and the whole call for round 1
(best of 50), whose engine share is small: an upper bound of what the Python call adds.
simulate: the same run from Python and from the command (`swisslab simulate`), timed by wall
clock, one after the other; prints both and the ratio. Needs target/release/swisslab.
Never run as a test: the figures go in docs/guide/python.md with the machine's load.
"""

import argparse
import glob
import os
import resource
import statistics
import subprocess
import tempfile
import time

import swisslab

BIN = os.environ.get("SWISSLAB_BIN", "target/release/swisslab")


def pair_overhead(path):
    t = swisslab.read_trf(path)
    per_round = []
    for r in range(1, t.rounds_paired + 1):
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            swisslab.pair(t, round=r)
            best = min(best, time.perf_counter() - start)
        per_round.append(best * 1e3)
    bench = subprocess.run([BIN, "bench", path], capture_output=True, text=True, check=True).stdout
    print(bench)
    py_median = statistics.median(per_round)
    print(f"python pair(t, round=r), best of 5, per round (ms): "
          + " ".join(f"{x:.2f}" for x in per_round))
    print(f"python median {py_median:.2f} ms (bench's median above: the engine's own time)")
    # Round 1 pairs by rating alone, so the engine's share is small: the whole call bounds the
    # overhead (tournament copied, request built, GIL released, result converted) from above.
    best = float("inf")
    for _ in range(50):
        start = time.perf_counter()
        swisslab.pair(t, round=1)
        best = min(best, time.perf_counter() - start)
    print(f"round 1, the whole call, best of 50: {best * 1e3:.3f} ms (an upper bound of the overhead)")
    return py_median


def cpu_seconds(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def simulate_ratio(tournaments, players, rounds):
    """Wall and CPU time (user + system) of each: on a machine others load, the CPU time is
    the steadier figure."""
    args = ["--tournaments", str(tournaments), "--players", str(players), "--rounds", str(rounds)]
    with tempfile.TemporaryDirectory() as d:
        start, cpu = time.perf_counter(), cpu_seconds(resource.RUSAGE_CHILDREN)
        subprocess.run([BIN, "simulate", *args, "--no-progress", "--out", f"{d}/cli"],
                       check=True, capture_output=True)
        cli = time.perf_counter() - start
        cli_cpu = cpu_seconds(resource.RUSAGE_CHILDREN) - cpu
        start, cpu = time.perf_counter(), cpu_seconds(resource.RUSAGE_SELF)
        swisslab.simulate(f"{d}/py", tournaments=tournaments, players=players, rounds=rounds,
                          progress=False)
        py = time.perf_counter() - start
        py_cpu = cpu_seconds(resource.RUSAGE_SELF) - cpu
    print(f"simulate {tournaments} x {players} x {rounds}: "
          f"command wall {cli:.1f} s, CPU {cli_cpu:.1f} s; "
          f"python (run + tables read) wall {py:.1f} s, CPU {py_cpu:.1f} s; "
          f"ratio wall {py / cli:.3f}, CPU {py_cpu / cli_cpu:.3f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["pair", "simulate"])
    ap.add_argument("--file", default=None)
    ap.add_argument("--tournaments", type=int, default=100)
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=11)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()}, {os.cpu_count()} CPUs")
    if a.what == "pair":
        path = a.file or sorted(glob.glob("testdata/bench/*500*.trf"))[0]
        pair_overhead(path)
    else:
        simulate_ratio(a.tournaments, a.players, a.rounds)


if __name__ == "__main__":
    main()
