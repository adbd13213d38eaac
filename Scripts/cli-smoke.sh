#!/usr/bin/env bash
# Runs the built `themekit` executable over the example packs the way a user would, checks every exit
# status, and renders each pack's HTML preview to a PNG with headless Chromium (skipped, with a message,
# when Chromium is not installed).
#
#   Scripts/cli-smoke.sh [OUTPUT_FOLDER]     (default: .build/cli-smoke)
#
# Needs `swift build --product themekit` first; set THEMEKIT to use another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/cli-smoke}"
themekit="${THEMEKIT:-$(swift build --show-bin-path 2>/dev/null)/themekit}"
if [ ! -x "$themekit" ]; then
    echo "cli-smoke: $themekit does not exist; run 'swift build --product themekit' first" >&2
    exit 1
fi
rm -rf "$out"
mkdir -p "$out"
failures=0

# expect STATUS COMMAND...: runs the command, and fails the script unless it exits with STATUS.
expect() {
    local wanted=$1
    shift
    local status=0
    "$themekit" "$@" >"$out/last.out" 2>"$out/last.err" || status=$?
    if [ "$status" -ne "$wanted" ]; then
        echo "FAIL (exit $status, wanted $wanted): themekit $*" >&2
        sed 's/^/    /' "$out/last.out" "$out/last.err" >&2
        failures=$((failures + 1))
    else
        echo "ok   (exit $status): themekit $*"
    fi
}

packs=(Examples/Packs/*.json)
expect 0 validate --strict "${packs[@]}"
for pack in "${packs[@]}"; do
    name=$(basename "$pack" .json)
    expect 0 contrast "$pack"
    expect 0 contrast "$pack" --format json
    expect 0 convert "$pack" --to dtcg -o "$out/$name.tokens.json"
    expect 0 convert "$out/$name.tokens.json" --to pack -o "$out/$name.roundtrip.json"
    expect 0 diff "$pack" "$out/$name.roundtrip.json" --exit-code
    expect 0 export-xcassets "$pack" -o "$out/$name.xcassets"
    expect 0 import-xcassets "$out/$name.xcassets" -o "$out/$name.imported.json"
    expect 0 export-swift "$pack" -o "$out/$name.swift"
    expect 0 preview "$pack"
    expect 0 preview "$pack" --html "$out/$name.html"
done

printf '{"schemaVersion": 1, "name": "Broken", "colors": {"a": "#GGG"}}' >"$out/broken.json"
expect 1 validate "$out/broken.json"
expect 1 validate "$out/does-not-exist.json"
expect 2 validate --no-such-flag "${packs[0]}"
expect 2 frobnicate

chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chromium" ]; then
    echo "cli-smoke: Chromium is not installed, so the HTML previews were not rendered (apt-get install chromium)"
else
    for page in "$out"/*.html; do
        png="${page%.html}.png"
        "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$png" \
            --window-size=1200,2000 "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")" >/dev/null 2>&1
        if [ -s "$png" ]; then
            echo "ok   rendered $png ($(wc -c <"$png") bytes)"
        else
            echo "FAIL: Chromium did not render $page" >&2
            failures=$((failures + 1))
        fi
    done
fi

if [ "$failures" -ne 0 ]; then
    echo "cli-smoke: $failures check(s) failed" >&2
    exit 1
fi
echo "cli-smoke: all checks passed; outputs in $out"
