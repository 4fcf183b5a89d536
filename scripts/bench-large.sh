#!/usr/bin/env bash
# The large-event benchmark of docs/benchmarks.md: generates one event of 11 rounds per size
# (default 1000, 2000, 5000 and 9999 players) under SYSTEM with the benchmark configuration
# (../shared/bench/configs/bench-1000.cfg, or $CONFIG), seed = the number of players, and
# times `swisslab bench` on them (the whole check: every round re-paired and compared, median
# and slowest round, peak memory). The files are large: they go to OUTDIR, not the repository.
#
#   scripts/bench-large.sh SYSTEM OUTDIR [SIZES...]
#
# e.g. scripts/bench-large.sh dutch-2017 /tmp/bench-large 1000 2000 5000 9999. An existing
# file is kept (the same seed and configuration give the same file); OUTDIR/gen.log holds the
# generation times, OUTDIR/bench-SYSTEM.txt the table. Load the machine is under is printed
# with the table: the figures compare only with figures taken beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    echo "usage: $0 dutch-2017|dutch-2026 OUTDIR [SIZES...]" >&2
    exit 2
fi
system=$1 out=$2
shift 2
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 5000 9999)
config=${CONFIG:-${SHARED:-../shared}/bench/configs/bench-1000.cfg}
bin=${SWISSLAB:-target/release/swisslab}
[ -x "$bin" ] || cargo build --release -p swisslab-simulator
mkdir -p "$out"
files=()
for n in "${sizes[@]}"; do
    f=$out/$system-p$n-r11-s$n.trf
    if [ ! -f "$f" ]; then
        /usr/bin/time -f "$f %e s %M KB" "$bin" generate --system "$system" --players "$n" \
            --rounds 11 --seed "$n" --config "$config" -o "$f.tmp" 2>>"$out/gen.log" >/dev/null
        mv "$f.tmp" "$f"
    fi
    files+=("$f")
done
{
    echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) load: $(cut -d' ' -f1-3 /proc/loadavg)"
    "$bin" bench --system "$system" --runs 1 "${files[@]}"
    echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/bench-$system.txt"
