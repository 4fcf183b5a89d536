#!/usr/bin/env bash
# The two studies that compare the FIDE Swiss systems (docs/studies/systems.md):
#
# 1. The family study: Dutch 2026, Dubov 2026 and FAMILY (e.g. burstein-2026) on the same seed and
#    configuration (TOURNAMENTS x PLAYERS x ROUNDS, default 300 x 300 x 9), so the simulator
#    draws the same fields, events and game results (common random numbers); each run's report,
#    the paired comparison of Dutch 2026 (A) with each other system (B), and one headline table.
# 2. The match study: MATCH (a system whose pairings are matches of two games, e.g.
#    double-swiss) over MATCH_ROUNDS rounds against Dutch 2026 over twice as many, so both play
#    the same number of games; same seed, tournaments paired by index (the same fields, since
#    the simulator draws a field before its events; events and results differ), then
#    `report --compare` and a headline table.
#
#   scripts/study-systems.sh [FAMILY] [MATCH]
#
# FAMILY: default burstein-2026; MATCH: default double-swiss; `none` leaves that system (and, for
# MATCH, the match study) out. Each must be a value of `swisslab simulate --system`. A small run
# (about a minute), and the run of docs/studies/systems.md's Lim and Double-Swiss sections:
#
#   TOURNAMENTS=20 PLAYERS=60 ROUNDS=5 scripts/study-systems.sh none double-swiss
#   OUT=/tmp/ds-study nice -n 10 scripts/study-systems.sh lim double-swiss
#
# Environment: TOURNAMENTS (default 300), PLAYERS (300), ROUNDS (9), MATCH_ROUNDS (5), SEED
# (2026), OUT (the folder that receives everything, default study-systems).
# Writes OUT/family/ (scripts/study-editions.sh's output: study-SYSTEM/ with report.html per
# system, study-dutch-2026/compare-SYSTEM/ with compare.html and tables/compare.csv,
# study-headline.md, study-timing.tsv; and study-dubov-2026/compare-FAMILY/), and OUT/match/
# (match-MATCH/ and match-dutch-2026/ with their reports, compare/ with compare.html,
# tables/compare.csv and headline.md, timing.tsv). The figures: docs/guide/report.md (opposition, ranking, colour, floats).
set -euo pipefail
cd "$(dirname "$0")/.."
family=${1:-burstein-2026}
match=${2:-double-swiss}
t=${TOURNAMENTS:-300}
players=${PLAYERS:-300}
rounds=${ROUNDS:-9}
match_rounds=${MATCH_ROUNDS:-5}
seed=${SEED:-2026}
out=${OUT:-study-systems}
case $out in /*) ;; *) out="$(pwd)/$out" ;; esac
cargo build --release -p swisslab-simulator
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target="$(pwd)/$target" ;; esac
bin="$target/release/swisslab"

# The values of --system, as clap lists them ("- NAME: description").
known=$("$bin" simulate --help | sed -n '/--system/,/^ *--[a-z-]* </p' |
    sed -n 's/^ *- \([a-z0-9-]*\):.*/\1/p')
for s in "$family" "$match"; do
    if [ "$s" != none ] && ! grep -qx -- "$s" <<<"$known"; then
        echo "study-systems.sh: '$s' is not a system of this swisslab (swisslab simulate" \
            "--system takes: $(tr '\n' ' ' <<<"$known")); give 'none' to leave it out" >&2
        exit 2
    fi
done

# 1. The family study, on one seed and configuration.
systems=(dutch-2026 dubov-2026)
[ "$family" != none ] && systems+=("$family")
OUT="$out/family" PLAYERS=$players ROUNDS=$rounds SEED=$seed \
    scripts/study-editions.sh "$t" "${systems[@]}"
# The third system against Dubov 2026 too (study-editions.sh compares each with Dutch 2026).
if [ "$family" != none ]; then
    "$bin" report --compare "$out/family/study-dubov-2026" "$out/family/study-$family" \
        --out "$out/family/study-dubov-2026/compare-$family"
fi

# 2. The match study: MATCH over MATCH_ROUNDS rounds, Dutch 2026 over twice as many.
if [ "$match" != none ]; then
    dir="$out/match"
    mkdir -p "$dir"
    printf 'system\ttournaments\tplayers\trounds\twall_seconds\n' >"$dir/timing.tsv"
    run() { # SYSTEM ROUNDS FOLDER
        local start ms
        start=$(date +%s%N)
        "$bin" simulate --system "$1" --tournaments "$t" --players "$players" --rounds "$2" \
            --seed "$seed" --no-progress --out "$3"
        ms=$((($(date +%s%N) - start) / 1000000))
        printf '%s\t%s\t%s\t%s\t%d.%d\n' "$1" "$t" "$players" "$2" \
            $((ms / 1000)) $((ms % 1000 / 100)) >>"$dir/timing.tsv"
        "$bin" report "$3"
    }
    run "$match" "$match_rounds" "$dir/match-$match"
    run dutch-2026 $((2 * match_rounds)) "$dir/match-dutch-2026"
    "$bin" report --compare "$dir/match-dutch-2026" "$dir/match-$match" --out "$dir/compare"
    echo "match study: $dir/compare/compare.html, headline $dir/compare/headline.md"
    cat "$dir/timing.tsv"
fi
echo "family study: $out/family/study-headline.md"
