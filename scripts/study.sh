#!/usr/bin/env bash
# The worked study of the README: 300 tournaments of 9 rounds with 300 players, then the report
# (study-out/report.html and study-out/tables/*.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p swisslab-simulator
bin="${CARGO_TARGET_DIR:-target}/release/swisslab"
"$bin" simulate --system dutch-2017 --tournaments 300 --players 300 --rounds 9 --seed 2026 --out study-out
"$bin" report study-out
