#!/usr/bin/env bash
# Records the golden outputs: runs BIN on every case of
# tests/golden/cases.txt and writes what it printed to
# tests/golden/expected/, which tests/oracle/golden.rs then compares the
# built binary with. Run it with a binary whose output is right (a release
# build of the commit before a refactor), then look at `git diff`:
#
#     scripts/record-golden.sh target/release/puzzle-oracle
#
# The case format, the file layout and the masking are described in
# tests/golden/README.md; golden.rs implements the same rules, so a change
# to one is a change to both.
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 BIN" >&2
    exit 2
fi
# Absolute, since the cases run from the repository root.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if [[ ! -x $bin ]]; then
    echo "$0: $1 is not an executable" >&2
    exit 2
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cases=tests/golden/cases.txt
expected=tests/golden/expected
# sed and the byte-by-byte parsing below must not depend on the locale.
export LC_ALL=C
# Colour escapes would only come with these set, stderr not being a
# terminal; the test removes them too.
unset CLICOLOR_FORCE CLICOLOR NO_COLOR

# The only parts of the output that are not pinned: the nodes a search
# expanded, which any change to the search moves, and the bound a stopped
# search had reached, which a timeout makes depend on the machine.
mask() {
    sed -E 's/"nodes":[0-9]+/"nodes":N/g; s/Stopped after [0-9]+ nodes/Stopped after N nodes/g; s/"at_least":[0-9]+/"at_least":N/g; s/at least [0-9]+ moves/at least N moves/g'
}

# Splits ARGS into the array `args`: spaces separate arguments, a double
# quote opens or closes a stretch in which spaces belong to the argument,
# and a quote alone makes an argument (`""` is an empty one).
split_args() {
    local text=$1 arg="" started=0 quoted=0 char i
    args=()
    for ((i = 0; i < ${#text}; i++)); do
        char=${text:i:1}
        if [[ $char == '"' ]]; then
            quoted=$((1 - quoted))
            started=1
        elif [[ $char == ' ' && $quoted -eq 0 ]]; then
            if ((started)); then
                args+=("$arg")
                arg=""
                started=0
            fi
        else
            arg+=$char
            started=1
        fi
    done
    if ((quoted)); then
        return 1
    fi
    if ((started)); then
        args+=("$arg")
    fi
}

die() {
    echo "$cases:$1: $2" >&2
    exit 2
}

# Every file is written anew, so that a case removed or a stream that has
# become empty leaves nothing stale behind.
mkdir -p "$expected"
rm -f "$expected"/*

declare -A seen=()
count=0
line_number=0
while IFS= read -r line || [[ -n $line ]]; do
    line_number=$((line_number + 1))
    if [[ -z $line || $line == '#'* ]]; then
        continue
    fi
    name=${line%%$'\t'*}
    rest=${line#*$'\t'}
    if [[ $rest == "$line" ]]; then
        die "$line_number" "expected NAME<TAB>STDIN<TAB>ARGS"
    fi
    stdin=${rest%%$'\t'*}
    if [[ $rest == *$'\t'* ]]; then
        arg_text=${rest#*$'\t'}
    else
        arg_text=""
    fi
    if [[ ! $name =~ ^[a-z0-9-]+$ ]]; then
        die "$line_number" "bad name \`$name\` (a slug of [a-z0-9-])"
    fi
    if [[ -n ${seen[$name]:-} ]]; then
        die "$line_number" "\`$name\` is already the name of line ${seen[$name]}"
    fi
    seen[$name]=$line_number
    if [[ $arg_text == *$'\t'* ]]; then
        die "$line_number" "a tab in ARGS"
    fi
    split_args "$arg_text" || die "$line_number" "a double quote is not closed"
    if [[ $stdin == - ]]; then
        stdin=/dev/null
    elif [[ ! -f $stdin ]]; then
        die "$line_number" "no file $stdin"
    fi

    out=$expected/$name.out
    err=$expected/$name.err
    # Standard output goes through a pipe, as in the test (the command
    # watches an output pipe for its reader closing), and is masked on the
    # way. The command's own status is the first of the pipeline's.
    set +e
    "$bin" "${args[@]}" <"$stdin" 2>"$err" | mask >"$out"
    statuses=("${PIPESTATUS[@]}")
    set -e
    if [[ ${statuses[1]} -ne 0 ]]; then
        die "$line_number" "masking the output of \`$name\` failed"
    fi
    mask <"$err" >"$err.masked"
    mv "$err.masked" "$err"
    # Standard error and a non-zero status are recorded only when there is
    # something to say, so that most cases are one file.
    if [[ ! -s $err ]]; then
        rm "$err"
    fi
    if [[ ${statuses[0]} -ne 0 ]]; then
        echo "${statuses[0]}" >"$expected/$name.status"
    fi
    count=$((count + 1))
done <"$cases"

echo "recorded $count cases in $expected"
