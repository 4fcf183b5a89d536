#!/bin/bash
# Runs shards of a submitted run again (failed, cancelled, timed out), then the merge:
#   scripts/slurm/resubmit.sh OUT K [K...]
# Reads OUT/submit.env (written by submit.sh): cancels the merge job still pending there (its
# dependency on the failed array can never be met), clears the shard folders K, submits the
# shards K with the run's simulate options, from OUT (--chdir), and a new merge job
# (`swisslab merge -o OUT/merged OUT/shards/*`) that waits for them and for the shards still
# running. OUT/submit.env is updated with the new job ids, so that it can be run again.
set -euo pipefail
out=${1:?usage: resubmit.sh OUT K [K...]}
shift
[ "$#" -gt 0 ] || { echo "usage: resubmit.sh OUT K [K...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-env.sh"
out=$(cd "$out" && pwd)
env="$out/submit.env"
[ -f "$env" ] || { echo "$env not found: was the run submitted with submit.sh?" >&2; exit 2; }
SHARDS='' OPTIONS=() SHARD_JOBS='' MERGE_JOB=''
# shellcheck disable=SC1090
. "$env"
shards=()
for k in "$@"; do
    if ! [[ $k =~ ^[0-9]+$ ]] || [ "$k" -ge "$SHARDS" ]; then
        echo "shard '$k' is not one of 0..$((SHARDS - 1))" >&2
        exit 2
    fi
    shards+=("$k")
done
list=$(IFS=,; echo "${shards[*]}")
# The old merge waits on an array that failed: it would never start (or start without them).
if [ -n "$MERGE_JOB" ]; then
    scancel "$MERGE_JOB" 2>/dev/null || true
fi
for k in "${shards[@]}"; do
    rm -rf "${out:?}/shards/$k"
done
array=$(sbatch --parsable --array="$list" --chdir="$out" \
    --export="ALL,OUT=$out,SHARDS=$SHARDS" "$here/simulate.sbatch" shard "${OPTIONS[@]}")
array=${array%%;*}
# Wait for the new shards and for any shard of the earlier arrays still queued or running
# (afterany: they may be still running; the merge itself refuses an unfinished shard).
deps="afterok:$array"
for j in ${SHARD_JOBS//,/ }; do
    deps="$deps,afterany:$j"
done
merge=$(sbatch --parsable --dependency="$deps" --chdir="$out" \
    --export="ALL,OUT=$out" "$here/simulate.sbatch" merge)
merge=${merge%%;*}
write_run_env "$env" "$SHARDS" "$SHARD_JOBS,$array" "$merge" "${OPTIONS[@]}"
echo "shards $list: array job $array; merge job $merge (cancelled $MERGE_JOB); output in $out/merged"
