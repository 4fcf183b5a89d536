#!/usr/bin/env python3
"""Append N random `XXP a b` prohibitions to a TRF file, between players who have not met.

Usage: scripts/add-prohibitions.py IN.trf OUT.trf N [SEED]

Used to measure what prohibited pairings cost the engines (docs/internals/limits.md):
`swisslab pair` on IN.trf and on OUT.trf pairs the same round with and without them.
"""
import random
import sys


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) == 5 else 1)
    lines = open(src, encoding="utf-8").read().splitlines()
    met = {}
    for line in lines:
        if not line.startswith("001"):
            continue
        pid = int(line[4:8])
        opps = set()
        for start in range(91, len(line), 10):
            tok = line[start : start + 4].strip()
            if tok.isdigit() and int(tok) > 0:
                opps.add(int(tok))
        met[pid] = opps
    ids = sorted(met)
    if len(ids) < 2:
        print("error: fewer than two players", file=sys.stderr)
        return 1
    chosen = set()
    possible = sum(len(ids) - 1 - len(met[i]) for i in ids) // 2
    if n > possible:
        print(f"error: only {possible} unplayed pairs", file=sys.stderr)
        return 1
    while len(chosen) < n:
        a, b = rng.sample(ids, 2)
        a, b = min(a, b), max(a, b)
        if b not in met[a]:
            chosen.add((a, b))
    with open(dst, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(line + "\n")
        for a, b in sorted(chosen):
            out.write(f"XXP {a} {b}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
