#!/usr/bin/env bash
# A big seeded stress run of the simulator: 1000 tournaments x 500 players x 11 rounds by
# default, every round paired by the engine and checked. Any arguments are passed through to
# `swisslab simulate` and override these (e.g. --players 1000 --tournaments 200 --seed 7).
# Exit status: that of simulate (0 all ran, 4 some tournaments failed; see DIR/failures/).
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --release -p swisslab-simulator -- simulate \
  --tournaments 1000 --players 500 --rounds 11 --seed 20260101 --out stress-out "$@"
