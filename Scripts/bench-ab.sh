#!/usr/bin/env bash
# Compares two builds of themekit-bench on timed rows, with an A/A control, for changes too small for one
# run to show (Benchmarks/RESULTS.md, session 19: one registration row moves ±15% between runs of one build
# on these machines).
#
#   Scripts/bench-ab.sh OLD_BINARY NEW_BINARY [RUNS] [-- THEMEKIT-BENCH ARGUMENTS...]
#   Scripts/bench-ab.sh /tmp/old-bench .build/release/themekit-bench 10 -- --scenario register --size 10000
#
# Each round runs OLD, NEW and OLD again, so both builds see the same stretches of the machine. Per row it
# prints the median over the rounds of each one's ns per binding, NEW ÷ OLD, and the control: the second OLD
# run ÷ the first. A ratio of NEW ÷ OLD no further from 1 than the control's is noise. Copy the old binary
# aside before rebuilding (a build replaces .build/release/themekit-bench). Nothing else should run meanwhile.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
old=$1
new=$2
shift 2
runs=10
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    runs=$1
    shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
arguments=("$@")
[ ${#arguments[@]} -eq 0 ] && arguments=(--scenario register --size 10000)
for binary in "$old" "$new"; do
    [ -x "$binary" ] || { echo "bench-ab: $binary is not an executable" >&2; exit 2; }
done

samples=$(mktemp)
trap 'rm -f "$samples"' EXIT
# One run: "label row size ns" for every table row (a row name, a size, the affected count, then ns/op).
run() {
    "$2" "${arguments[@]}" 2>/dev/null |
        awk -v label="$1" 'NF >= 4 && $1 ~ /^[a-z][a-z-]*$/ && $2 ~ /^[0-9]+$/ && $4 ~ /^[0-9.]+$/ {
            print label, $1, $2, $4 }' | sort -u >>"$samples"
}
for round in $(seq 1 "$runs"); do
    printf 'round %d of %d\r' "$round" "$runs" >&2
    run old "$old"
    run new "$new"
    run control "$old"
done
printf '\n' >&2

# Medians per (label, row, size), then one line per row and size.
sort -k2,2 -k3,3n -k1,1 -k4,4n "$samples" | awk '
    function flush() {
        if (n == 0) return
        median[key] = (n % 2) ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
        n = 0
    }
    { k = $1 " " $2 " " $3; if (k != key) { flush(); key = k }; values[++n] = $4 }
    END {
        flush()
        printf "%-32s %8s %9s %9s %9s %10s\n", "row", "size", "old ns", "new ns", "new/old", "control"
        for (k in median) {
            split(k, part, " ")
            if (part[1] != "old") continue
            row = part[2] " " part[3]
            o = median["old " row]; w = median["new " row]; c = median["control " row]
            if (o == "" || w == "" || c == "") continue
            printf "%-32s %8d %9.1f %9.1f %9.3f %10.3f\n", part[2], part[3], o, w, w / o, c / o
        }
    }' | { read -r header; echo "$header"; sort -k1,1 -k2,2n; }
