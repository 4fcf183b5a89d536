#!/usr/bin/env bash
# Generates N tournaments of varied size with late entries, withdrawals, requested byes (half,
# zero and full point) and forfeits under SYSTEM, checks every one with `swisslab check`, and a
# sample with bbpPairings (v6 for dutch-2026, v5.0.1 for dutch-2017) when $SHARED/engines
# is present (SHARED defaults to ../shared, relative to the repository).
#
#   scripts/generate-and-check.sh SYSTEM N OUTDIR [SEED] [SAMPLE_EVERY]
#
# Tournament I (0-based) has 9..300 players and 5..13 rounds (at most players/2 + 1), drawn
# from a hash of I and SEED (default 2026), and is `swisslab generate --seed SEED --index I`
# with OUTDIR/model.toml, so `swisslab generate --system SYSTEM --config OUTDIR/model.toml
# --players P --rounds R --seed SEED --index I -o X.trf` re-creates it (P, R in OUTDIR/plan.csv).
# Every SAMPLE_EVERY-th file (default 5) is checked by bbpPairings `--dutch FILE -c`.
#
# OUTDIR/: tNNN.trf (complete), stopped/ (a round with no valid pairing: the file holds the
# rounds played and that round's absences), failed/ (exit 4: a broken invariant or engine error),
# check.txt (swisslab check), bbp/ (bbpPairings outputs; bbp-differs.txt lists the files where it
# found a round that differs), summary.txt (the counts). Exit 1 when anything failed or differed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 3 ]; then
    echo "usage: $0 dutch-2026|dutch-2017|dubov-2026|dubov-1997|rating-1998 N OUTDIR [SEED] [SAMPLE_EVERY]" >&2
    exit 2
fi
system=$1 n=$2 out=$3 seed=${4:-2026} every=${5:-5}
shared=${SHARED:-../shared}
case "$system" in
dutch-2026) bbp=$shared/engines/bbpPairings-6/bbpPairings ;;
dutch-2017) bbp=$shared/engines/bbpPairings-5.0.1/bbpPairings ;;
# No endorsed engine implements Dubov or the 1998 rules: `swisslab check` and the invariants only.
dubov-2026 | dubov-1997 | rating-1998) bbp="" ;;
*) echo "unknown system $system" >&2; exit 2 ;;
esac
cargo build --release -p swisslab-simulator >&2
bin="${CARGO_TARGET_DIR:-target}/release/swisslab"
mkdir -p "$out/stopped" "$out/failed" "$out/bbp"
# Event rates well above the default model, so that every event the rules treat specially
# (C.04.2 late entries and withdrawals; byes of every value, C.04.1 Art. 4 of 2026; forfeits,
# which are no meetings and, from 2026, float only the winner) occurs in most tournaments.
cat >"$out/model.toml" <<'EOF'
[results]
forfeit_rate = 0.03

[events]
late_entry_rate = 0.06
withdrawal_rate = 0.04
bye_rate = 0.02
half_bye_weight = 0.5
zero_bye_weight = 0.25
full_bye_weight = 0.25
max_byes_per_player = 2
EOF
echo "index,players,rounds,status" >"$out/plan.csv"
for ((i = 0; i < n; i++)); do
    h=$(((i * 2654435761 + seed * 40503 + 12345) % 4294967296))
    players=$((9 + h % 292))
    rounds=$((5 + (h / 292) % 9))
    cap=$((players / 2 + 1))
    ((rounds > cap)) && rounds=$((cap < 5 ? 5 : cap))
    f=$(printf 't%03d.trf' "$i")
    set +e
    err=$(nice -n 10 "$bin" generate --system "$system" --config "$out/model.toml" \
        --players "$players" --rounds "$rounds" --seed "$seed" --index "$i" -o "$out/$f" 2>&1)
    rc=$?
    set -e
    status=ok
    if [ "$rc" -eq 4 ]; then
        status=failed
        mv "$out/$f" "$out/failed/" 2>/dev/null || true
        echo "$err" >"$out/failed/${f%.trf}.txt"
    elif [ "$rc" -ne 0 ]; then
        echo "generate $i exited $rc: $err" >&2
        exit 1
    elif [ -n "$err" ]; then
        status=stopped
        mv "$out/$f" "$out/stopped/"
        echo "$err" >"$out/stopped/${f%.trf}.txt"
    fi
    echo "$i,$players,$rounds,$status" >>"$out/plan.csv"
done
count() { find "$1" -maxdepth 1 -name "$2" | wc -l; }
generated=$(count "$out" 't*.trf')
set +e
nice -n 10 "$bin" check --system "$system" "$out"/t*.trf >"$out/check.txt" 2>&1
check_rc=$?
set -e
# bbpPairings -c prints a "Checker pairings / Tournament pairings" table under a round that
# differs (exit status 0 either way).
: >"$out/bbp-differs.txt"
sampled=0
if [ -n "$bbp" ] && [ -x "$bbp" ]; then
    for ((i = 0; i < n; i += every)); do
        f=$(printf 't%03d.trf' "$i")
        [ -f "$out/$f" ] || continue
        nice -n 10 "$bbp" --dutch "$out/$f" -c >"$out/bbp/${f%.trf}.txt" 2>&1 || true
        sampled=$((sampled + 1))
        if grep -q "Checker pairings" "$out/bbp/${f%.trf}.txt"; then
            echo "$f" >>"$out/bbp-differs.txt"
        fi
    done
else
    echo "skipped: ${bbp:-no reference engine for $system} (no bbpPairings sample)" >&2
fi
{
    echo "system: $system, seed: $seed, tournaments: $n"
    echo "complete: $generated, stopped (no valid pairing): $(count "$out/stopped" '*.trf'), failed: $(count "$out/failed" '*.txt')"
    echo "swisslab check (exit $check_rc): $(tail -n 1 "$out/check.txt")"
    echo "bbpPairings sample: $sampled checked, $(wc -l <"$out/bbp-differs.txt") differ"
} | tee "$out/summary.txt"
failed=$(count "$out/failed" '*.txt')
[ "$check_rc" -eq 0 ] && [ "$failed" -eq 0 ] && [ ! -s "$out/bbp-differs.txt" ]
