# OUT/submit.env: what scripts/slurm/submit.sh submitted, read by scripts/slurm/resubmit.sh.
# Bash; source it.

# write_run_env FILE SHARDS SHARD_JOBS MERGE_JOB [simulate options...]: writes FILE atomically.
write_run_env() {
    local file=$1 shards=$2 jobs=$3 merge=$4
    shift 4
    {
        echo "# written by scripts/slurm/submit.sh and resubmit.sh"
        printf 'SHARDS=%q\n' "$shards"
        if [ "$#" -gt 0 ]; then
            printf 'OPTIONS=(%s)\n' "$(printf '%q ' "$@")"
        else
            echo 'OPTIONS=()'
        fi
        printf 'SHARD_JOBS=%q\n' "$jobs"
        printf 'MERGE_JOB=%q\n' "$merge"
    } >"$file.new"
    mv "$file.new" "$file"
}
