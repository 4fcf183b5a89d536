#!/bin/sh
# The merge figure of the README ("Past one machine"): a 100,000-tournament run (20 players x 5
# rounds, seed 11) as 1000 real shards of 100 tournaments, 2 at a time, and as one process; then
# `swisslab merge` of the 1000 folders timed with /usr/bin/time -v and compared with the single
# run. Usage: scripts/merge-bench.sh [WORKDIR] (default /tmp/merge-bench; about 400 MB).
set -eu
B=${SWISSLAB:-$(pwd)/target/release/swisslab}
W=${1:-/tmp/merge-bench}
A="--tournaments 100000 --players 20 --rounds 5 --seed 11 --no-timing --no-progress --threads 1"
mkdir -p "$W" && cd "$W"
rm -rf shards single merged
seq 0 999 | xargs -P 2 -I K nice -n 10 "$B" simulate $A --shard K/1000 --out shards/K >/dev/null
nice -n 10 "$B" simulate $A --out single >/dev/null
/usr/bin/time -v "$B" merge -o merged shards/* 2>time.txt
grep -E "Elapsed|Maximum resident|User time|System time" time.txt
for f in run summary tournaments players rounds; do
    cmp single/$f.csv merged/$f.csv && echo "identical: $f.csv"
done
