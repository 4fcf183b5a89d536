#!/usr/bin/env python3
"""A stand-in for bbpPairings v5 (2017 Dutch rules), for the tests of files other engines read
and of `--engine cmd:...` where no reference engine is installed (CI has none).

Usage: standin_engine.py SWISSLAB --dutch IN.trf -p OUT.txt
       standin_engine.py SWISSLAB --dutch IN.trf -c

It speaks bbpPairings' command line: `-p` writes the next round's pairing (the number of pairs,
then `white black` per board, the bye as `N 0`), or says "No valid pairing exists" on standard
error and leaves no file; `-c` re-pairs every round and prints `Round #N` for each one, and
"Checker pairings" for a round paired otherwise; an unreadable file is "Error parsing file".
The pairing itself is swisslab's (`SWISSLAB pair` / `SWISSLAB check --system dutch-2017`), run
as a separate program on the file as written: what it tests is the file and the protocol.
"""
import os
import re
import subprocess
import sys

READ_ERROR = 3  # `swisslab pair` / `check`: the file is not a valid tournament report


def main():
    if len(sys.argv) < 5 or sys.argv[2] != "--dutch":
        print("usage: standin_engine.py SWISSLAB --dutch IN.trf (-p OUT | -c)", file=sys.stderr)
        return 2
    swisslab, trf, mode = sys.argv[1], sys.argv[3], sys.argv[4]
    if mode == "-p" and len(sys.argv) == 6:
        out = sys.argv[5]
        done = subprocess.run(
            [swisslab, "pair", trf, "-o", out, "--system", "dutch-2017"],
            capture_output=True,
            text=True,
        )
        if done.returncode == 0:
            return 0
        if os.path.exists(out):
            os.remove(out)
        if done.returncode == READ_ERROR:
            print("Error parsing file: " + done.stderr.strip(), file=sys.stderr)
        else:
            print("No valid pairing exists: " + done.stderr.strip(), file=sys.stderr)
        return 1
    if mode == "-c":
        done = subprocess.run(
            [swisslab, "check", "--system", "dutch-2017", trf], capture_output=True, text=True
        )
        if done.returncode == READ_ERROR:
            print("Error parsing file: " + done.stderr.strip(), file=sys.stderr)
            return 1
        last = re.search(r"rounds: (\d+), discrepancies: (\d+)", done.stdout)
        if not last:
            print("Error processing file: " + done.stdout + done.stderr, file=sys.stderr)
            return 1
        for r in range(1, int(last.group(1)) + 1):
            print("Round #%d" % r)
        if int(last.group(2)) > 0:
            print("Checker pairings differ:\n" + done.stdout)
        return 0
    print("standin_engine.py: unknown mode %r" % mode, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
