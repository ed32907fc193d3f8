#!/usr/bin/env bash
# How one hard question speeds up with threads: runs `puzzle-oracle solve
# BOARD --threads T` on the same cases for T = 1, 2, 4, 8, ... up to the
# machine's cores (and the cores themselves), each RUNS times, and prints
# the median wall time of each and its speed-up over one thread. Every
# run's answers must be byte for byte those of one thread; the script
# fails if one is not.
#
# Usage:
#   scripts/thread-scaling.sh [-n RUNS] [-b BINARY] [-m MOST_THREADS] -- BOARD [SOLVE_ARGS...]
#
#   -n RUNS      runs of each thread count (default 3); the median is quoted
#   -b BINARY    the command (default target/release/puzzle-oracle)
#   -m MOST      the most threads to try (default: the number of cores)
#
# Example: the hardest 80-move 4x4 position, to the goal with the blank last:
#   scripts/thread-scaling.sh -n 3 -- 4x4 -t last -b "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"
#
# Needs bash 5 or newer (EPOCHREALTIME).
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

runs=3
binary=target/release/puzzle-oracle
most=$(nproc)
while getopts 'n:b:m:h' option; do
    case $option in
        n) runs=$OPTARG ;;
        b) binary=$OPTARG ;;
        m) most=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ ${1-} == -- ]] && shift
(($# >= 1)) || usage
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "thread-scaling: -n wants a positive count, not '$runs'" >&2; exit 2; }
[[ $most =~ ^[1-9][0-9]*$ ]] || { echo "thread-scaling: -m wants a positive count, not '$most'" >&2; exit 2; }
[[ -x $binary ]] || { echo "thread-scaling: no command at '$binary' (cargo build --release)" >&2; exit 2; }

counts=()
for ((threads = 1; threads < most; threads *= 2)); do
    counts+=("$threads")
done
counts+=("$most")

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The median of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "| threads | median wall (s) | speed-up | runs |"
echo "| --- | --- | --- | --- |"
single=
for threads in "${counts[@]}"; do
    : >"$scratch/times"
    for ((run = 0; run < runs; run++)); do
        started=$EPOCHREALTIME
        "$binary" solve "$@" --threads "$threads" >"$scratch/out"
        ended=$EPOCHREALTIME
        awk -v a="$started" -v b="$ended" 'BEGIN { print b - a }' >>"$scratch/times"
        if [[ -e $scratch/one ]]; then
            cmp -s "$scratch/one" "$scratch/out" || {
                echo "thread-scaling: $threads threads answered differently from one:" >&2
                diff "$scratch/one" "$scratch/out" | head -5 >&2
                exit 1
            }
        else
            cp "$scratch/out" "$scratch/one"
        fi
    done
    wall=$(median <"$scratch/times")
    single=${single:-$wall}
    awk -v t="$threads" -v w="$wall" -v s="$single" -v n="$runs" \
        'BEGIN { printf "| %s | %.2f | %.2fx | %s |\n", t, w, s / w, n }'
done
