#!/usr/bin/env bash
# The worked study of the README under both editions of the Dutch system, on the same seed and
# configuration (so the simulator draws the same fields, events and game results: common random
# numbers), each with its report, then the paired comparison 2017 (A) -> 2026 (B).
#
#   scripts/study-editions.sh [TOURNAMENTS]     # default 300, as the README's study
#
# Writes study-2017/, study-2026/ (simulate output and report.html) and study-2017/compare/
# (compare.html, tables/compare.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-300}
cargo build --release -p swisslab-simulator
bin="${CARGO_TARGET_DIR:-target}/release/swisslab"
for system in dutch-2017 dutch-2026; do
    out="study-${system#dutch-}"
    "$bin" simulate --system "$system" --tournaments "$t" --players 300 --rounds 9 --seed 2026 \
        --no-progress --out "$out"
    "$bin" report "$out"
done
"$bin" report --compare study-2017 study-2026 --out study-2017/compare
