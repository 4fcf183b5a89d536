#!/usr/bin/env bash
# A fuzz campaign: scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Runs each fuzz target of fuzz/ (default: all four) for SECONDS (default 300) with
# `cargo +nightly fuzz run`, one target after the other, one libFuzzer job and worker, at the
# lowest CPU priority. New corpus entries go to fuzz/corpus/<target>/ (git-ignored; the committed
# seeds in fuzz/seeds/<target>/ are read as a second corpus), crashes, timeouts and
# out-of-memory inputs to fuzz/artifacts/<target>/, the libFuzzer log to fuzz/logs/<target>.log.
# At the end it prints, per target: executions, the final cov/ft of libFuzzer's last status
# line, the CPU time used (user + system of the run and its children: on a busy machine the
# fuzzer at the lowest priority gets less than the wall-clock time), the corpus size and the
# artifacts found. Exit status: 0 when no artifact was found in
# this run, 1 otherwise.
#
# Needs the nightly toolchain; installs cargo-fuzz from crates.io if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${1:-300}"
shift || true
ALL_TARGETS=(trf_parse trf_pair tournament check)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

mkdir -p fuzz/logs
echo "== building the fuzz targets"
nice -n 19 cargo +nightly fuzz build >fuzz/logs/build.log 2>&1 || {
    cat fuzz/logs/build.log
    exit 2
}

summary=()
found=0
for t in "${TARGETS[@]}"; do
    case " ${ALL_TARGETS[*]} " in *" $t "*) ;; *) echo "unknown target $t" >&2; exit 2 ;; esac
    mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
    before=$(find "fuzz/artifacts/$t" -type f | wc -l)
    touch "fuzz/logs/$t.start"
    dict=()
    [ "$t" != tournament ] && dict=(-dict="$(pwd)/fuzz/trf.dict")
    log="fuzz/logs/$t.log"
    echo "== $t: ${SECONDS_PER_TARGET}s"
    # -jobs=1 -workers=1: libFuzzer writes the job's output to fuzz-0.log in the working
    # directory; run in a scratch directory and move it to fuzz/logs.
    work=$(mktemp -d)
    root=$(pwd)
    (
        cd "$work"
        TIMEFORMAT='%U %S'
        {
            time nice -n 19 cargo +nightly fuzz run --fuzz-dir "$root/fuzz" "$t" \
                "$root/fuzz/corpus/$t" "$root/fuzz/seeds/$t" -- \
                -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
                -max_len=65536 -jobs=1 -workers=1 -print_final_stats=1 \
                -artifact_prefix="$root/fuzz/artifacts/$t/" "${dict[@]}" >"$root/$log.driver" 2>&1 || true
        } 2>"$root/$log.cpu"
    )
    cat "$work"/fuzz-*.log >"$log" 2>/dev/null || cp "$log.driver" "$log"
    rm -rf "$work"
    status=$(grep -aE '^#[0-9]+.*cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
    execs=$(grep -aoE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -aoE '[0-9]+$' | tail -n 1 || true)
    [ -z "$execs" ] && execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$status")
    cov=$(grep -aoE 'cov: [0-9]+' <<<"$status" | grep -aoE '[0-9]+' || echo '?')
    ft=$(grep -aoE 'ft: [0-9]+' <<<"$status" | grep -aoE '[0-9]+' || echo '?')
    cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$log.cpu" 2>/dev/null || echo '?')
    corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
    after=$(find "fuzz/artifacts/$t" -type f | wc -l)
    new=$((after - before))
    [ "$new" -gt 0 ] && found=1
    summary+=("$(printf '%-11s execs %-10s cov %-6s ft %-7s cpu %-6s corpus %-6s new artifacts %s' \
        "$t" "${execs:-?}" "$cov" "$ft" "${cpu:-?}s" "$corpus" "$new")")
    if [ -z "$status" ]; then
        echo "    no libFuzzer status line: see $log and $log.driver"
    fi
    if [ "$new" -gt 0 ]; then
        find "fuzz/artifacts/$t" -type f -newer "fuzz/logs/$t.start" | sort | sed 's/^/    /'
    fi
done

echo "== summary (${SECONDS_PER_TARGET}s per target)"
printf '%s\n' "${summary[@]}"
exit "$found"
