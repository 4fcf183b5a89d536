#!/bin/bash
# The throughput figure of the README ("Past one machine"): the same run (200 tournaments x 200
# players x 9 rounds) as one process with --threads 2 and as 2 shard processes of 1 thread at
# once (then merged), 3 trials each, interleaved; wall time and CPU time of each.
B=${SWISSLAB:-$(pwd)/target/release/swisslab}
W=${1:-/tmp/shard-throughput}
R="--tournaments 200 --players 200 --rounds 9 --seed 5 --no-timing --no-progress"
mkdir -p "$W" && cd "$W" || exit 1
now() { date +%s.%N; }
for trial in 1 2 3; do
    echo "trial $trial, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    rm -rf a s0 s1 m
    t0=$(now)
    /usr/bin/time -f "%U %S" -o a.cpu "$B" simulate $R --threads 2 --out a >/dev/null
    t1=$(now)
    echo "  --threads 2:  $(echo "$t1 - $t0" | bc) s wall, CPU user sys $(cat a.cpu)"
    t0=$(now)
    /usr/bin/time -f "%U %S" -o s0.cpu "$B" simulate $R --threads 1 --shard 0/2 --out s0 >/dev/null &
    /usr/bin/time -f "%U %S" -o s1.cpu "$B" simulate $R --threads 1 --shard 1/2 --out s1 >/dev/null &
    wait
    t1=$(now)
    "$B" merge m s0 s1 >/dev/null
    t2=$(now)
    echo "  2 shards:     $(echo "$t1 - $t0" | bc) s wall (+ merge $(echo "$t2 - $t1" | bc) s), CPU user sys $(cat s0.cpu) / $(cat s1.cpu)"
    cmp -s a/players.csv m/players.csv && echo "  merged = one process (players.csv)"
done
