#!/bin/bash
# Submits a sharded swisslab simulate run to Slurm: an array job of N shards and a merge job
# that starts when every shard has succeeded.
#   scripts/slurm/submit.sh N OUT [simulate options]
# e.g. SWISSLAB=$PWD/target/release/swisslab scripts/slurm/submit.sh 8 /shared/run1 --tournaments 800 --seed 5
# What was submitted is written to OUT/submit.env (shard count, simulate options, job ids), which
# scripts/slurm/resubmit.sh reads to run failed or cancelled shards again.
set -euo pipefail
n=${1:?usage: submit.sh N OUT [simulate options]}
out=${2:?usage: submit.sh N OUT [simulate options]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-env.sh"
mkdir -p "$out"
out=$(cd "$out" && pwd)
array=$(sbatch --parsable --array="0-$((n - 1))" --chdir="$out" \
    --export="ALL,OUT=$out,SHARDS=$n" "$here/simulate.sbatch" shard "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --chdir="$out" \
    --export="ALL,OUT=$out" "$here/simulate.sbatch" merge)
merge=${merge%%;*}
write_run_env "$out/submit.env" "$n" "$array" "$merge" "$@"
echo "array job $array ($n shards), merge job $merge; output in $out/merged"
