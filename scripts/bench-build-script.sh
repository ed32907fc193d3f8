#!/usr/bin/env bash
# Times the crate's build script on its own, as Cargo runs it for a set of
# features, in whole-process runs (scripts/paired-runs.sh): the
# build-script figures of BENCHMARKS.md. With -x FEATURE, paired runs
# with and without that feature: what the feature adds to a build.
#
# Usage:
#   scripts/bench-build-script.sh [-n RUNS] [-w WARMUPS] [-x FEATURE] BUILD_SCRIPT [FEATURE...]
#
#   BUILD_SCRIPT  a compiled build script of this crate: `cargo build
#                 --release` leaves one at opt-level 3 (this repository's
#                 build-override) under target/release/build/puzzle-oracle-*/
#                 build-script-build; for opt-level 0, as a crate that
#                 depends on this one builds it by default, build with
#                 `cargo build --config profile.dev.build-override.opt-level=0
#                 --config profile.dev.build-override.debug-assertions=true`
#                 and take the one under target/debug/build/
#   FEATURE...    the Cargo features to enable, every one that Cargo would
#                 enable (it does not resolve them): of those, the build
#                 script reads large-tables, fifteen, fifteen-large,
#                 searched-boards, searched-large and searched-2x8. The
#                 defaults are: large-tables fifteen fifteen-large
#                 searched-boards searched-large
#   -x FEATURE    also run without FEATURE, paired with the runs with it
#   -n, -w        timed runs (pairs) and warm-up runs (defaults 3 and 0:
#                 one run takes seconds to minutes)
#
# Example (the default features, and what searched-large adds to them):
#   scripts/bench-build-script.sh -x searched-large target/release/build/puzzle-oracle-*/build-script-build \
#       large-tables fifteen fifteen-large searched-boards searched-large
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=3
warmups=0
without=
while getopts 'n:w:x:h' option; do
    case $option in
        n) runs=$OPTARG ;;
        w) warmups=$OPTARG ;;
        x) without=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
(($# > 0)) || usage
script=$1
shift
for feature; do
    if [[ $feature == */* ]]; then
        echo "bench-build-script: '$feature' is not a feature (did a pattern match more than one build script? name one)" >&2
        exit 2
    fi
done
[[ -x $script ]] || { echo "bench-build-script: '$script' is not an executable build script" >&2; exit 2; }
# Cargo runs a build script in the package's directory.
script=$(realpath -- "$script")
cd "$root"

# The environment Cargo gives a build script, and nothing else: an empty
# environment (`env -i`) keeps a CARGO_FEATURE_* variable or the build
# cache's variable (PUZZLE_ORACLE_BUILD_CACHE, which would copy earlier
# outputs instead of generating them) from leaking in from the caller.
# Each side writes into a directory of its own, removed at the end (the
# default features' outputs take about 70 MB); the build script's own
# output and errors of the last run are kept, and their place printed.
environment() { # $1: the output directory; the rest: the features
    local out=$1
    shift
    local settings=(env -i "PATH=$PATH" "CARGO_MANIFEST_DIR=$root" "OUT_DIR=$out")
    local feature
    for feature; do
        feature=${feature^^}
        settings+=("CARGO_FEATURE_${feature//-/_}=1")
    done
    printf '%s\0' "${settings[@]}"
}

outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT
mkdir "$outputs/with" "$outputs/without"
log=$(mktemp -d)

mapfile -d '' with < <(environment "$outputs/with" "$@")
command=("${with[@]}" "$script")
if [[ -n $without ]]; then
    others=()
    found=0
    for feature; do
        if [[ $feature == "$without" ]]; then found=1; else others+=("$feature"); fi
    done
    ((found)) || { echo "bench-build-script: -x $without is not among the features" >&2; exit 2; }
    mapfile -d '' less < <(environment "$outputs/without" ${others[@]+"${others[@]}"})
    command+=(--vs "${less[@]}" "$script")
fi

"$root/scripts/paired-runs.sh" -n "$runs" -w "$warmups" -o "$log" -- "${command[@]}"
