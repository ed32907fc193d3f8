#!/usr/bin/env bash
# Times each of a board's uniformly random boards alone, one process and
# one thread each, with a time limit, and prints the median.
#
# Usage: scripts/board-times.sh BOARD COUNT SEED TIMEOUT [BINARY]
#
# Draws COUNT boards with `random BOARD -n COUNT --seed SEED` and solves
# each with `--threads 1 --timeout TIMEOUT --json`, the board's databases
# already in the cache (run one question first to build them). Prints a
# line a board: the distance (or `>= N` for a board stopped at the limit,
# the bound it had proven), the nodes and the seconds; then the median
# seconds, a stopped board counting as longer than any answered one.
set -euo pipefail

if [[ $# -lt 4 ]]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
board=$1 count=$2 seed=$3 timeout=$4
binary=${5:-target/release/puzzle-oracle}

times=()
while read -r position; do
    started=$(date +%s.%N)
    line=$("$binary" solve "$board" --threads 1 --timeout "$timeout" --json -b "$position" || true)
    ended=$(date +%s.%N)
    read -r distance nodes seconds < <(python3 -c '
import json, sys
answer = json.loads(sys.argv[1])
distance = answer["distance"]
seconds = float(sys.argv[3]) - float(sys.argv[2])
print(distance if distance is not None else ">=%d" % answer["at_least"], answer.get("nodes"), seconds)
' "$line" "$started" "$ended")
    if [[ $distance == ">="* ]]; then
        times+=("inf")
    else
        times+=("$seconds")
    fi
    printf '%s\t%s\t%.2f s\n' "$distance" "$nodes" "$seconds"
done < <("$binary" random "$board" -n "$count" --seed "$seed")

printf '%s\n' "${times[@]}" | python3 -c '
import statistics, sys
times = [float(line) for line in sys.stdin]
print("median %.2f s of %d boards, %d stopped at the limit" % (
    statistics.median(times), len(times), sum(t == float("inf") for t in times)))
'
