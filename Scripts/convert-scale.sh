#!/usr/bin/env bash
# Times `themekit convert X --to pack` on generated DTCG files of growing size, to show that
# conversion is linear in the number of tokens (issue #23; figures in Docs/CLI.md).
#
#   Scripts/convert-scale.sh [COUNT...]        (default: 12500 50000 200000)
#
# Each input has COUNT colour tokens in groups of 100 under one `color` group with `$type`;
# every tenth token is an alias to an earlier one. Inputs larger than the 8 MiB reading limit are
# not generated (the tool would refuse them before any work). Builds the release `themekit` first
# unless THEMEKIT names a binary. Fails when 200 000 tokens take more than LIMIT seconds (default 10).
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
    start=$(date +%s.%N)
    result=0
    "$THEMEKIT" convert "$work/in-$count.tokens.json" --to pack -o "$work/out-$count.json" \
        >"$work/out-$count.log" 2>&1 || result=$?
    end=$(date +%s.%N)
    seconds=$(python3 -c "print(f'{$end - $start:.2f}')")
    echo "convert: $count colour tokens ($bytes bytes in): ${seconds} s, exit $result"
    sed 's/^/    /' "$work/out-$count.log" | head -5
    [ "$result" -eq 0 ] || status=1
    if [ "$count" -ge 200000 ] && python3 -c "import sys; sys.exit(0 if $seconds > $limit else 1)"; then
        echo "convert-scale: $count tokens took ${seconds} s, over the ${limit} s target" >&2
        status=1
    fi
done
exit "$status"
