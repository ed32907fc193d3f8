#!/usr/bin/env bash
# Times one command, or two side by side, as whole processes, and prints
# the medians: wall time, CPU time (user + system), peak memory (maximum
# resident set size), and for two commands the median of the pairs'
# ratios: the way the whole-process figures of BENCHMARKS.md were taken.
#
# Usage:
#   scripts/paired-runs.sh [-n PAIRS] [-w WARMUPS] [-i INPUT] [-o DIR] -- COMMAND_A [ARGS...] [--vs COMMAND_B [ARGS...]]
#
#   -n PAIRS    timed runs of each command (default 5)
#   -w WARMUPS  untimed runs of each command first (default 1): the first
#               run of a command pays for loading it and its input files
#               into the page cache, which no later run does
#   -i INPUT    a file given to every run as its standard input
#               (default /dev/null)
#   -o DIR      where each command's standard output and error of its last
#               run are kept, as a.out, a.err, b.out, b.err (default: a new
#               temporary directory, printed at the end)
#
# Example (./peer standing for any other program):
#   scripts/paired-runs.sh -n 11 -w 2 -- target/release/puzzle-oracle fifteen --threads 1 tests/data/korf100.txt \
#       --vs ./peer tests/data/korf100.txt
#
# Needs bash 5 or newer (for EPOCHREALTIME) and GNU time at /usr/bin/time
# (the Debian and Ubuntu package `time`), so Linux.
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

pairs=5
warmups=1
input=/dev/null
outdir=
while getopts 'n:w:i:o:h' option; do
    case $option in
        n) pairs=$OPTARG ;;
        w) warmups=$OPTARG ;;
        i) input=$OPTARG ;;
        o) outdir=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

[[ $pairs =~ ^[1-9][0-9]*$ ]] || { echo "paired-runs: -n wants a positive count, not '$pairs'" >&2; exit 2; }
[[ $warmups =~ ^[0-9]+$ ]] || { echo "paired-runs: -w wants a count, not '$warmups'" >&2; exit 2; }
[[ -r $input ]] || { echo "paired-runs: cannot read the input '$input'" >&2; exit 2; }

# The two commands, split at the first `--vs`.
command_a=()
command_b=()
side=a
for argument in "$@"; do
    if [[ $side == a && $argument == --vs ]]; then
        side=b
    elif [[ $side == a ]]; then
        command_a+=("$argument")
    else
        command_b+=("$argument")
    fi
done
((${#command_a[@]} > 0)) || usage
if [[ $side == b ]] && ((${#command_b[@]} == 0)); then
    echo "paired-runs: nothing after --vs" >&2
    exit 2
fi

# The wall time comes from the shell's clock, in microseconds: GNU time's
# own %e has a resolution of 10 ms, too coarse for runs of a few
# milliseconds. It includes starting /usr/bin/time itself, a millisecond
# or two, the same for both commands: runs as short as a process's
# start-up read a little high.
if [[ -z ${EPOCHREALTIME:-} ]]; then
    echo "paired-runs: needs bash 5 or newer (EPOCHREALTIME)" >&2
    exit 2
fi
if ! /usr/bin/time -f '%M' -o /dev/null true 2>/dev/null; then
    echo "paired-runs: needs GNU time at /usr/bin/time (the package 'time')" >&2
    exit 2
fi
for program in "${command_a[0]}" ${command_b[0]+"${command_b[0]}"}; do
    command -v -- "$program" >/dev/null || { echo "paired-runs: '$program' is not a command" >&2; exit 2; }
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [[ -z $outdir ]]; then
    outdir=$(mktemp -d)
else
    mkdir -p "$outdir"
fi

# One run of side $1 (a or b); with $2 = timed, its figures are appended
# to $scratch/$1.wall, .cpu, .rss, and its output's checksum to .sum.
run() {
    local side=$1 timed=$2
    local -n cmd=command_$side
    local start end
    start=$EPOCHREALTIME
    if ! /usr/bin/time -f '%U %S %M' -o "$scratch/time" "${cmd[@]}" \
        <"$input" >"$outdir/$side.out" 2>"$outdir/$side.err"; then
        echo "paired-runs: command ${side^^} failed: ${cmd[*]}" >&2
        echo "  (its standard error is in $outdir/$side.err)" >&2
        exit 1
    fi
    end=$EPOCHREALTIME
    [[ $timed == timed ]] || return 0
    local user system rss
    read -r user system rss < <(tail -n 1 "$scratch/time")
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }' >>"$scratch/$side.wall"
    awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f\n", u + s }' >>"$scratch/$side.cpu"
    echo "$rss" >>"$scratch/$side.rss"
    cksum <"$outdir/$side.out" >>"$scratch/$side.sum"
}

median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

sides=(a)
((${#command_b[@]} > 0)) && sides+=(b)

for ((i = 0; i < warmups; i++)); do
    for side in "${sides[@]}"; do run "$side" warmup; done
done
# Each pair runs both commands one after the other, and the order swaps
# from pair to pair: a shared or throttled machine speeds up and slows
# down over minutes, and whichever command always ran second would carry
# that drift alone. The ratio is taken within each pair, where both runs
# met the same machine.
for ((i = 0; i < pairs; i++)); do
    if ((i % 2 == 0)); then
        order=("${sides[@]}")
    else
        order=()
        for ((k = ${#sides[@]} - 1; k >= 0; k--)); do order+=("${sides[k]}"); done
    fi
    for side in "${order[@]}"; do run "$side" timed; done
    printf '.' >&2
done
echo >&2

report() {
    local side=$1
    local -n cmd=command_$side
    printf '%s: %s\n' "${side^^}" "${cmd[*]}"
    printf '   wall %.3f s   cpu %.2f s   peak memory %.1f MiB (at most %.1f)\n' \
        "$(median "$scratch/$side.wall")" "$(median "$scratch/$side.cpu")" \
        "$(awk '{ print $1 / 1024 }' <<<"$(median "$scratch/$side.rss")")" \
        "$(sort -g "$scratch/$side.rss" | tail -n 1 | awk '{ print $1 / 1024 }')"
    if (($(sort -u "$scratch/$side.sum" | wc -l) > 1)); then
        printf '   warning: its output differed from run to run\n'
    fi
}

echo "$pairs timed runs each, after $warmups warm-up run(s); medians:"
for side in "${sides[@]}"; do report "$side"; done
if ((${#sides[@]} == 2)); then
    paste "$scratch/a.wall" "$scratch/b.wall" |
        awk '$2 > 0 { printf "%.6f\n", $1 / $2 }' >"$scratch/ratios"
    if [[ -s $scratch/ratios ]]; then
        printf 'A/B wall time, median of the pairs: %.2fx (from %.2fx to %.2fx)\n' \
            "$(median "$scratch/ratios")" \
            "$(sort -g "$scratch/ratios" | head -n 1)" "$(sort -g "$scratch/ratios" | tail -n 1)"
    fi
fi
echo "last run's output: $outdir"
