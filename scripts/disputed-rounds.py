#!/usr/bin/env python3
"""What `swisslab check` says of JaVaFo's side of the disputed 2026 rounds.

Usage: scripts/disputed-rounds.py [SHARED] [OUTDIR] [SWISSLAB]

../shared/conformance/dutch-2025-disputed holds tournaments paired by bbpPairings v6 in which
JaVaFo 3.0p pairs some round differently (DISPUTES.md: "Checker" is JaVaFo's pairing,
"Tournament" bbpPairings' one, the one in the file). For each disputed round K this writes
OUTDIR/<file>-rK.trf: the tournament up to round K with JaVaFo's pairs in round K (results
drawn as draws, the points column left blank, so that only the pairing is asked about), and
runs `swisslab check --system dutch-2026` on it. swisslab pairs such rounds as bbpPairings does,
so check reports round K as a discrepancy and names the first criterion, by article, on which
JaVaFo's pairing ("file") and swisslab's differ, or that they tie and differ by the generation
order. It prints one line per round and a tally.
"""
import collections
import os
import re
import subprocess
import sys

shared = sys.argv[1] if len(sys.argv) > 1 else "../shared"
out = sys.argv[2] if len(sys.argv) > 2 else "disputed-out"
swisslab = sys.argv[3] if len(sys.argv) > 3 else "target/release/swisslab"
base = os.path.join(shared, "conformance", "dutch-2025-disputed")
os.makedirs(out, exist_ok=True)

text = open(os.path.join(base, "DISPUTES.md"), encoding="utf-8").read()
disputes = []  # (file, round, [(white, black) or (pab, 0)])
for section in text.split("\n## ")[1:]:
    head = section.split("\n", 1)[0]
    if "(different pairing)" not in head:
        continue
    name = head.split(" ")[0]
    for m in re.finditer(r"Round (\d+):\n```\n(.*?)```", section, re.S):
        pairs = []
        for line in m.group(2).splitlines()[1:]:
            cols = re.findall(r"PAB:\s*(\d+)|(\d+)\s*-\s*(\d+)", line)
            if not cols:
                continue
            pab, w, b = cols[0]
            pairs.append((int(pab), 0) if pab else (int(w), int(b)))
        disputes.append((name, int(m.group(1)), pairs))

def rewrite(path, rnd, pairs):
    raw = open(path, "rb").read().decode("latin-1")
    lines = re.split(r"\r\n|\r|\n", raw)
    blocks = {}
    for w, b in pairs:
        if b == 0:
            blocks[w] = "0000 - U"
        else:
            blocks[w] = f"{b:>4} w ="
            blocks[b] = f"{w:>4} b ="
    res = []
    for line in lines:
        if line.startswith("001"):
            line = line.ljust(91 + 10 * rnd)
            line = line[:80] + "    " + line[84 : 91 + 10 * rnd]  # points blank, rounds 1..K
            pid = int(line[4:8])
            if pid in blocks:
                start = 91 + 10 * (rnd - 1)
                line = line[:start] + blocks[pid] + "  "
            line = line.rstrip()
        res.append(line)
    return "\n".join(res) + "\n"

tally = collections.Counter()
for name, rnd, pairs in disputes:
    src = os.path.join(base, name)
    dst = os.path.join(out, name.replace("/", "_")[:-4] + f"-r{rnd}.trf")
    with open(dst, "w", encoding="latin-1") as f:
        f.write(rewrite(src, rnd, pairs))
    run = subprocess.run([swisslab, "check", "--system", "dutch-2026", dst],
                         capture_output=True, text=True)
    block = run.stdout.split(f"round {rnd}:")
    why = "swisslab pairs as JaVaFo" if len(block) < 2 else next(
        (l.strip() for l in block[1].splitlines() if l.strip().startswith("first difference:")),
        "no criterion named")
    if run.returncode == 3:
        why = "unreadable: " + run.stderr.strip()
    key = re.sub(r": file .*", "", why)
    key = re.sub(r"bracket of score \S+: ", "", key).strip()
    tally[key] += 1
    print(f"{name} round {rnd}: {why}")
print("--- tally")
for k, v in tally.most_common():
    print(f"{v:5}  {k}")
