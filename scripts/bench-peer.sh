#!/usr/bin/env bash
# This crate's command beside another solver, both as whole processes on
# the same positions, in paired runs (scripts/paired-runs.sh): the
# comparisons of BENCHMARKS.md with Kociemba's 7-8 solver and with slidy.
# The peer is any program: only its time and memory are measured, so it
# needs no particular output format.
#
# Usage:
#   scripts/bench-peer.sh [-n PAIRS] [-w WARMUPS] [-x OURS] [-j JOB | -b BOARD -f FILE [-t TARGET]] PEER [PEER_ARGS...]
#
#   -j JOB     korf100 (the default): Korf's 100 4x4 instances,
#              tests/data/korf100.txt, to the goal with the blank first;
#              eighty-movers: the 17 4x4 positions that need 80 moves,
#              tests/data/eighty-movers.txt, to the goal with the blank last
#   -b BOARD -f FILE [-t TARGET]
#              any board instead: `solve BOARD` on FILE (one position a
#              line), to TARGET (`first`, `last` or the target's numbers)
#   -x OURS    this crate's command (default target/release/puzzle-oracle,
#              built by `cargo build --release`)
#   -n, -w     timed pairs and warm-up runs (defaults 5 and 1)
#   PEER [PEER_ARGS...]
#              the peer's command. Every PEER_ARG that is `{}` becomes the
#              positions' file; both commands also get that file on
#              standard input, so a peer that reads standard input needs no
#              `{}`.
#
# This crate runs on one thread (`--threads 1`), as in BENCHMARKS.md.
# Its answers are checked against the published lengths where the job has
# them (Korf's 100: tests/data/korf100-lengths.txt; the 80-move positions:
# 80 each); the peer's output is kept, not checked: compare it by hand
# (the path is printed at the end).
#
# Example, with ./peer-driver standing for a peer that takes the file after
# --positions:
#   scripts/bench-peer.sh -n 11 -w 2 ./peer-driver --positions {}
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pairs=5
warmups=1
ours=$root/target/release/puzzle-oracle
job=
board=
file=
target=
while getopts 'n:w:x:j:b:f:t:h' option; do
    case $option in
        n) pairs=$OPTARG ;;
        w) warmups=$OPTARG ;;
        x) ours=$OPTARG ;;
        j) job=$OPTARG ;;
        b) board=$OPTARG ;;
        f) file=$OPTARG ;;
        t) target=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
(($# > 0)) || usage

lengths=
if [[ -n $board || -n $file ]]; then
    [[ -z $job ]] || { echo "bench-peer: -j and -b/-f are either-or" >&2; exit 2; }
    [[ -n $board && -n $file ]] || { echo "bench-peer: -b and -f go together" >&2; exit 2; }
else
    case ${job:-korf100} in
        korf100)
            board=4x4 file=$root/tests/data/korf100.txt lengths=$root/tests/data/korf100-lengths.txt ;;
        eighty-movers)
            board=4x4 file=$root/tests/data/eighty-movers.txt target=last ;;
        *) echo "bench-peer: unknown job '$job' (korf100 or eighty-movers)" >&2; exit 2 ;;
    esac
fi
[[ -r $file ]] || { echo "bench-peer: cannot read '$file'" >&2; exit 2; }
if [[ ! -x $ours ]]; then
    echo "bench-peer: no '$ours': run 'cargo build --release' first, or name the command with -x" >&2
    exit 2
fi

ours_command=("$ours" solve "$board" --threads 1)
[[ -z $target ]] || ours_command+=(-t "$target")
# No FILE argument: this crate reads the positions from standard input,
# as the peer may.
peer_command=()
for argument in "$@"; do
    if [[ $argument == '{}' ]]; then
        peer_command+=("$file")
    else
        peer_command+=("$argument")
    fi
done

outdir=$(mktemp -d)
"$root/scripts/paired-runs.sh" -n "$pairs" -w "$warmups" -i "$file" -o "$outdir" -- \
    "${ours_command[@]}" --vs "${peer_command[@]}"

# A time for wrong answers is no time: check this crate's.
if [[ -n $lengths ]]; then
    if ! cmp -s "$outdir/a.out" "$lengths"; then
        echo "bench-peer: this crate's answers differ from $lengths" >&2
        exit 1
    fi
    echo "this crate's answers: the published lengths"
elif [[ ${job:-} == eighty-movers ]]; then
    if grep -qvx 80 "$outdir/a.out" || [[ $(wc -l <"$outdir/a.out") -ne $(grep -c . "$file") ]]; then
        echo "bench-peer: this crate's answers are not 80 moves each" >&2
        exit 1
    fi
    echo "this crate's answers: 80 moves each"
fi
echo "the peer's answers: $outdir/b.out"
