#!/usr/bin/env python3
"""Among players tied on points, how often does a tie-break rank the stronger one ahead?

Reads the players.csv of simulate runs made with the tie-break list of
scripts/study-tiebreaks.sh (default order BH/C1 BH SB DE WIN BWG first, then the others) and
prints, per run and tie-break, the share of pairs of players tied on points (in one tournament,
of different true strength) that the tie-break separates in which the one it puts ahead is the
stronger, with a 95% interval clustered by tournament (ratio estimator, cluster-robust
variance), and the share of tied pairs it separates at all. "default order" compares the whole
default order lexicographically (DE: lower is better).

Usage: tiebreak-study.py RUN_DIR...
"""
import csv
import math
import os
import sys
from collections import defaultdict

LIST = "BH/C1 BH SB DE WIN BWG BH/M1 FB ARO ARO/C1 TPR PTP APRO APPO PS KS AOB".split()
DEFAULT = ["BH/C1", "BH", "SB", "DE", "WIN", "BWG"]


def num(v):
    return None if v == "-0" else float(v)


def load(run):
    by_t = defaultdict(list)
    with open(os.path.join(run, "players.csv"), newline="") as f:
        for row in csv.DictReader(f):
            vals = row["tiebreaks"].split()
            if len(vals) != len(LIST):
                sys.exit(f"{run}: players.csv was not written with the study's list")
            p = {"score": float(row["score"]), "strength": float(row["strength"])}
            p.update({k: num(v) for k, v in zip(LIST, vals)})
            by_t[row["tournament"]].append(p)
    return by_t


def key_default(p):
    # Higher is better except DE; undefined never occurs for these.
    return tuple(-p[k] if k == "DE" else p[k] for k in DEFAULT)


def measure(by_t, better):
    """better(a, b): 1 if a is ahead, -1 if b, 0 if not separated."""
    per_t = []
    pairs = 0
    for players in by_t.values():
        groups = defaultdict(list)
        for p in players:
            groups[p["score"]].append(p)
        c = n = tied = 0
        for g in groups.values():
            for i in range(len(g)):
                for j in range(i + 1, len(g)):
                    a, b = g[i], g[j]
                    if a["strength"] == b["strength"]:
                        continue
                    tied += 1
                    s = better(a, b)
                    if s == 0:
                        continue
                    n += 1
                    stronger_ahead = (s > 0) == (a["strength"] > b["strength"])
                    c += stronger_ahead
        per_t.append((c, n, tied))
        pairs += tied
    C = sum(c for c, _, _ in per_t)
    N = sum(n for _, n, _ in per_t)
    T = len(per_t)
    if N == 0:
        return None
    p = C / N
    var = T / (T - 1) * sum((c - p * n) ** 2 for c, n, _ in per_t) / N**2 if T > 1 else 0.0
    h = 1.96 * math.sqrt(var)
    return p, p - h, p + h, N / pairs if pairs else 0.0


def single(k):
    def better(a, b):
        x, y = a[k], b[k]
        if x is None or y is None or x == y:
            return 0
        return 1 if x > y else -1

    return better


def default_order(a, b):
    ka, kb = key_default(a), key_default(b)
    return 0 if ka == kb else (1 if ka > kb else -1)


def main():
    runs = sys.argv[1:]
    if not runs:
        sys.exit(__doc__)
    data = {os.path.basename(os.path.normpath(r)): load(r) for r in runs}
    names = list(data)
    print("| Tie-break | " + " | ".join(f"{n}: stronger ahead (95% CI) | separated" for n in names) + " |")
    print("|---|" + "---|---|" * len(names))
    rows = [("default order (BH/C1 BH SB DE WIN BWG)", default_order)]
    rows += [(k, single(k)) for k in LIST if k != "DE"]
    for label, fn in rows:
        cells = []
        for n in names:
            m = measure(data[n], fn)
            if m is None:
                cells.append("- | 0")
            else:
                p, lo, hi, sep = m
                cells.append(f"{p:.3f} ({lo:.3f}-{hi:.3f}) | {sep:.3f}")
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
