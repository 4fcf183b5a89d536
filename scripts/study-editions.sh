#!/usr/bin/env bash
# The worked study of the README under several pairing systems, on the same seed and
# configuration (so the simulator draws the same fields, events and game results: common random
# numbers), each with its report, then the paired comparison of the first system (A) with each
# other one (B), and one Markdown table of the headline figures of all of them.
#
#   scripts/study-editions.sh [TOURNAMENTS] [SYSTEM...]
#
# TOURNAMENTS: default 300, as the README's study. SYSTEM...: default every system that
# `swisslab simulate --help` lists; the first is the baseline of the comparisons, e.g.
#
#   scripts/study-editions.sh 300 dutch-2026 dubov-2026
#   scripts/study-editions.sh 300 rating-1998 dutch-2012 dutch-2017 dutch-2026
#
# Environment: PLAYERS (default 300), ROUNDS (9), SEED (2026), OUT (the folder that receives
# everything, default .).
# Writes OUT/study-SYSTEM/ (simulate output and report.html) per system,
# OUT/study-FIRST/compare-SYSTEM/ (compare.html, tables/compare.csv, headline.md) per other
# system, OUT/study-headline.md (every system's headline figures with 95% intervals and the
# differences from the first, README-ready) and OUT/study-timing.tsv (wall seconds of each
# system's simulation on this machine).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-300}
shift || true
players=${PLAYERS:-300}
rounds=${ROUNDS:-9}
seed=${SEED:-2026}
out=${OUT:-.}
cargo build --release -p swisslab-simulator
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target="$(pwd)/$target" ;; esac
bin="$target/release/swisslab"
if [ $# -gt 0 ]; then
    systems=("$@")
else
    # The possible values of --system, as clap lists them ("- NAME: description").
    mapfile -t systems < <("$bin" simulate --help |
        sed -n '/--system/,/--engine/p' | sed -n 's/^ *- \([a-z0-9-]*\):.*/\1/p')
fi
if [ ${#systems[@]} -lt 2 ]; then
    echo "study-editions.sh: need at least two systems, got: ${systems[*]:-none}" >&2
    exit 2
fi
mkdir -p "$out"
printf 'system\ttournaments\tplayers\trounds\twall_seconds\n' >"$out/study-timing.tsv"
dirs=()
for system in "${systems[@]}"; do
    dir="$out/study-$system"
    start=$(date +%s%N)
    "$bin" simulate --system "$system" --tournaments "$t" --players "$players" --rounds "$rounds" \
        --seed "$seed" --no-progress --out "$dir"
    ms=$((($(date +%s%N) - start) / 1000000))
    printf '%s\t%s\t%s\t%s\t%d.%d\n' "$system" "$t" "$players" "$rounds" \
        $((ms / 1000)) $((ms % 1000 / 100)) >>"$out/study-timing.tsv"
    "$bin" report "$dir"
    dirs+=("$dir")
done
for dir in "${dirs[@]:1}"; do
    "$bin" report --compare "${dirs[0]}" "$dir" --out "${dirs[0]}/compare-${dir##*/study-}"
done
"$bin" report --headline "${dirs[@]}" >"$out/study-headline.md"
echo "headline table: $out/study-headline.md; timing: $out/study-timing.tsv"
cat "$out/study-timing.tsv"
