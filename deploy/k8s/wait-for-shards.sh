#!/bin/sh
# The merge Job's init container: waits for the shard Job (JOB, default swisslab-simulate) and
# succeeds only when it has completed, every index done. It fails, naming the shards, when the
# Job has failed (a shard out of retries: `failedIndexes`) and when WAIT_TIMEOUT seconds pass
# first (default 86400), so that a failed run never leaves the merge waiting forever, and the
# merge never reads the files of a shard that did not finish.
# Needs `kubectl` and a service account allowed to get jobs (simulate-job.yaml).
set -eu
job=${JOB:-swisslab-simulate}
timeout=${WAIT_TIMEOUT:-86400}
interval=${WAIT_INTERVAL:-30}
start=$(date +%s)
while :; do
    # "<completions> <succeeded> <completedIndexes> <failedIndexes> <Complete> <Failed>"
    if state=$(kubectl get job "$job" -o jsonpath='{.spec.completions}|{.status.succeeded}|{.status.completedIndexes}|{.status.failedIndexes}|{.status.conditions[?(@.type=="Complete")].status}|{.status.conditions[?(@.type=="Failed")].status}' 2>&1); then
        IFS='|' read -r completions succeeded done failed complete failedjob <<STATE
$state
STATE
        if [ "$failedjob" = True ]; then
            echo "job $job failed: shard(s) ${failed:-?} did not finish (completed: ${done:-none}); not merging" >&2
            exit 1
        fi
        if [ "$complete" = True ] && [ "${succeeded:-0}" = "$completions" ]; then
            echo "job $job complete: all $completions shards done"
            exit 0
        fi
        progress="${succeeded:-0} of $completions shards done (${done:-none})${failed:+, failed: $failed}"
    else
        progress="cannot read job $job: $state"
    fi
    if [ $(($(date +%s) - start)) -ge "$timeout" ]; then
        echo "gave up after ${timeout}s: $progress; not merging" >&2
        exit 1
    fi
    echo "waiting: $progress"
    sleep "$interval"
done
