#!/usr/bin/env bash
# The study of Swiss Team events against individual events on the same fields
# (docs/studies/swiss-team.md): for each number of boards B, TOURNAMENTS team events of TEAMS
# teams (B boards plus 0-2 reserves each) over ROUNDS rounds paired by the Swiss Team system
# (C.04.6), and the same TOURNAMENTS fields paired individually by SYSTEM (`simulate
# --team-field`: the same players, ratings, true strengths and presence, tournament by
# tournament); each run's report, and `report --team-study`, which compares the two runs
# tournament by tournament with paired 95% intervals.
#
#   scripts/study-team.sh
#   TOURNAMENTS=20 TEAMS=12 BOARDS="4" ROUNDS=7 scripts/study-team.sh     # a small run, seconds
#
# Environment: TOURNAMENTS (default 500), TEAMS (24), BOARDS (the board counts, "4 6"), ROUNDS
# (9), SEED (2026), SYSTEM (the individual system, dutch-2026), OUT (the folder that receives
# everything, default study-team).
# The team events have no team absences and no forfeited matches (`[team] absence_rate = 0`,
# `match_forfeit_rate = 0` in OUT/study.toml), which individual events have no counterpart
# of; everything else is the embedded configuration, for both runs.
# Writes OUT/study.toml, and for each B: OUT/team-B/ (teams.csv, team_standings.csv,
# report.html, tables/), OUT/individual-B/ (the individual run with its report), OUT/study-B/
# (team-study.md, team-study.csv); OUT/study.md (every table), OUT/cpu.txt (the CPU seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${TOURNAMENTS:-500}
teams=${TEAMS:-24}
boards=${BOARDS:-4 6}
rounds=${ROUNDS:-9}
seed=${SEED:-2026}
system=${SYSTEM:-dutch-2026}
out=${OUT:-study-team}
case $out in /*) ;; *) out="$(pwd)/$out" ;; esac
cargo build --release -p swisslab-simulator
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target="$(pwd)/$target" ;; esac
bin="$target/release/swisslab"

mkdir -p "$out"
cat >"$out/study.toml" <<'EOF'
# The team events of the study: no team absences, no match forfeited as a whole.
[team]
absence_rate = 0.0
match_forfeit_rate = 0.0
EOF
common=(--config "$out/study.toml" --teams "$teams" --rounds "$rounds" --tournaments "$t"
    --seed "$seed" --no-progress)
: >"$out/study.md"
for b in $boards; do
    "$bin" simulate --system swiss-team "${common[@]}" --boards "$b" --out "$out/team-$b" --report
    "$bin" simulate --system "$system" --team-field "${common[@]}" --boards "$b" \
        --out "$out/individual-$b" --report
    "$bin" report --team-study "$out/team-$b" "$out/individual-$b" --out "$out/study-$b" \
        >/dev/null
    {
        echo "## $b boards"
        echo
        cat "$out/study-$b/team-study.md"
        echo
    } >>"$out/study.md"
done
cat "$out/study.md"
# The CPU time of everything above (user and system, of this shell and of its children).
times >"$out/cpu.txt"
echo "study: $out/study.md; CPU seconds (shell, then children; user system): $(tr '\n' ' ' <"$out/cpu.txt")"
