#!/usr/bin/env python3
"""A pairing engine that misbehaves on purpose, for the tests of `--engine cmd:...`.

Usage: faulty_engine.py MODE ROUND SWISSLAB IN.trf OUT.txt

It pairs like swisslab (it runs `SWISSLAB pair IN.trf -o OUT.txt --system dutch-2017`), except
in round ROUND, where MODE decides what goes wrong:
  crash    the process kills itself with SIGSEGV
  hang     it sleeps far past any test's time limit
  garbage  it writes a pairing file that does not parse
  exit     it exits with status 2 and a message
  drop     it leaves the last board out (a player to pair goes unpaired: an invariant breaks)
  none     nothing (a well-behaved engine)
"""
import os
import signal
import subprocess
import sys
import time


def round_to_pair(path):
    """The round after the last one with a game or a pairing-allocated bye (TRF 001 lines:
    10-character round blocks from column 92)."""
    last = 0
    with open(path, encoding="latin-1") as f:
        for line in f.read().replace("\r", "\n").split("\n"):
            if not line.startswith("001"):
                continue
            k = 0
            while 91 + 10 * k < len(line):
                block = line[91 + 10 * k : 101 + 10 * k]
                opp, res = block[0:4].strip(), block[7:8].strip().upper()
                if (opp and opp != "0000") or res == "U":
                    last = max(last, k + 1)
                k += 1
    return last + 1


def main():
    mode, bad_round, swisslab, trf, out = sys.argv[1:6]
    if round_to_pair(trf) == int(bad_round):
        if mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode == "hang":
            time.sleep(600)
        if mode == "garbage":
            with open(out, "w") as f:
                f.write("two boards\n1 2\n")
            return 0
        if mode == "exit":
            print("faulty_engine: deliberate failure", file=sys.stderr)
            return 2
    done = subprocess.run([swisslab, "pair", trf, "-o", out, "--system", "dutch-2017"])
    if done.returncode != 0:
        return done.returncode
    if mode == "drop" and round_to_pair(trf) == int(bad_round):
        with open(out) as f:
            lines = [l for l in f.read().split("\n") if l.strip()]
        boards = lines[1:-1]
        with open(out, "w") as f:
            f.write("%d\n%s\n" % (len(boards), "\n".join(boards)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
