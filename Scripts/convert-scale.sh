#!/usr/bin/env bash
# Times `themekit convert X --to pack` on generated DTCG files of growing size, to show that
# conversion is linear in the number of tokens (issue #23; figures in Docs/CLI.md).
#
#   Scripts/convert-scale.sh [COUNT...]        (default: 12500 50000 200000)
#
# Each input has COUNT colour tokens in groups of 100 under one `color` group with `$type`;
# every tenth token is an alias to an earlier one. Inputs larger than the 8 MiB reading limit are
# not generated (the tool would refuse them before any work); a pack over that limit (200,000
# colours give 17 MB) is converted and checked, then refused rather than written, which counts as a pass. Builds the release `themekit` first
# unless THEMEKIT names a binary. Prints CPU time (user + system), wall time and peak memory of each
# run; fails when 200 000 tokens take more than LIMIT seconds of CPU time (default 10). CPU time, not
# wall time, because CI machines are shared: under load the wall clock measures the neighbours.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(12500 50000 200000)
limit=${LIMIT:-10}
if [ -z "${THEMEKIT:-}" ]; then
    swift build -c release --product themekit >/dev/null
    THEMEKIT="$(swift build -c release --show-bin-path)/themekit"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for count in "${counts[@]}"; do
    python3 - "$count" "$work/in-$count.tokens.json" <<'PY'
import json, sys
count, path = int(sys.argv[1]), sys.argv[2]
groups = {}
for index in range(count):
    group = groups.setdefault("g%d" % (index // 100), {})
    if index % 10 == 9:
        target = index - 5
        group["t%d" % index] = {"$value": "{color.g%d.t%d}" % (target // 100, target)}
    else:
        group["t%d" % index] = {"$value": "#%06X" % ((index * 2654435761) & 0xFFFFFF)}
with open(path, "w") as out:
    json.dump({"color": dict({"$type": "color"}, **groups)}, out, separators=(",", ":"))
PY
    bytes=$(wc -c <"$work/in-$count.tokens.json")
    # Wall-clock time, and the CPU time (user + system) of the convert process: on a shared machine the
    # CPU time is the figure that does not depend on what else is running, so the target applies to it.
    result=0
    read -r wall cpu peak < <(python3 - "$THEMEKIT" "$work/in-$count.tokens.json" "$work/out-$count.json" \
        "$work/out-$count.log" <<'PY'
import resource, subprocess, sys, time
themekit, source, output, log = sys.argv[1:5]
start = time.monotonic()
with open(log, "w") as out:
    code = subprocess.call([themekit, "convert", source, "--to", "pack", "-o", output], stdout=out, stderr=out)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(log, "a") as out:
    out.write("exit %d\n" % code)
print("%.2f %.2f %d" % (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024))
PY
    )
    tail -1 "$work/out-$count.log" | grep -qx "exit 0" || result=1
    # 200,000 colours make a 17 MB pack, over the readers' 8 MiB limit: convert does all the work, then
    # refuses to write what export-swift and ThemePackLoader would refuse (one limit for the pipeline).
    if [ "$result" -eq 1 ] && grep -q "would refuse it, so nothing was written" "$work/out-$count.log"; then
        result=0
    fi
    echo "convert: $count colour tokens ($bytes bytes in): ${cpu} s CPU, ${wall} s wall, peak ${peak} MB, exit $result"
    grep -v '^exit ' "$work/out-$count.log" | sed 's/^/    /' | head -5
    [ "$result" -eq 0 ] || status=1
    if [ "$count" -ge 200000 ] && python3 -c "import sys; sys.exit(0 if $cpu > $limit else 1)"; then
        echo "convert-scale: $count tokens took ${cpu} s of CPU time, over the ${limit} s target" >&2
        status=1
    fi
done
exit "$status"
