#!/usr/bin/env bash
# The tie-break study (docs/studies/tiebreaks.md): the seeds of the worked study (300
# tournaments of 9 rounds with 300 players, seed 2026) under several pairing systems, every
# player's tie-breaks in players.csv, then, among players tied on points, how often each
# tie-break (and the default order) ranks the stronger player ahead.
# Usage: scripts/study-tiebreaks.sh [OUT_DIR] [SYSTEM...]   (default: study-tiebreaks,
# dutch-2026 dubov-2026 rating-1998). Needs python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-study-tiebreaks}"
shift || true
systems=("$@")
[ ${#systems[@]} -eq 0 ] && systems=(dutch-2026 dubov-2026 rating-1998)
cargo build --release -p swisslab-simulator
bin="${CARGO_TARGET_DIR:-target}/release/swisslab"
mkdir -p "$out"
# The default order first (DE is computed where the default order computes it), then the rest.
printf 'tiebreaks = "BH/C1 BH SB DE WIN BWG BH/M1 FB ARO ARO/C1 TPR PTP APRO APPO PS KS AOB"\n' \
    > "$out/tiebreaks.toml"
for s in "${systems[@]}"; do
    "$bin" simulate --config "$out/tiebreaks.toml" --system "$s" --tournaments 300 --players 300 \
        --rounds 9 --seed 2026 --no-progress --out "$out/$s"
done
python3 scripts/tiebreak-study.py "${systems[@]/#/$out/}"
