#!/usr/bin/env bash
# Fuzzes the parsers of untrusted input with libFuzzer (Fuzz/Targets, Docs/Reliability.md).
#
#   Scripts/fuzz.sh [--time SECONDS] [--merge] [TARGET...]
#       targets: hex pack dtcg css style-dictionary tokens-studio color-space
#                tokens-studio-modifier (default: all)
#
# Each target runs for SECONDS (default 60; all targets at once) from its seed corpus (Fuzz/Corpus/<target>)
# and every input that ever failed (Fuzz/Regressions/<target>). A crash, a property
# violation, a sanitizer report, an input taking more than 1 s (when replayed alone too), or
# more than 2 GB of memory fails the run; the failing input is copied to Fuzz/Regressions/<target>/ so that
# it is committed and replayed by the test suite (Fuzz/Tests) from then on.
#
# --merge adds the inputs that reached new code to the seed corpus (for developers; CI
# does not change the repository unless something fails).
#
# Environment: FUZZ_SCRATCH (build directory, default .build/fuzz), FUZZ_WORK (scratch
# corpus and logs, default a temporary directory), FUZZ_FLAGS (more libFuzzer flags, which
# override the defaults: `-dict=…`, `-max_len=…`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

seconds=60
merge=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
    --time) seconds=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    hex | pack | dtcg | css | style-dictionary | tokens-studio | color-space | tokens-studio-modifier) targets+=("$1"); shift ;;
    *) echo "usage: Scripts/fuzz.sh [--time SECONDS] [--merge] [hex|pack|dtcg|css|style-dictionary|tokens-studio|color-space|tokens-studio-modifier]..." >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(hex pack dtcg css style-dictionary tokens-studio color-space tokens-studio-modifier)

scratch=${FUZZ_SCRATCH:-.build/fuzz}
# libFuzzer reports crashes itself; Swift's own backtracer would only race it (and trips ASan).
export SWIFT_BACKTRACE=enable=no
work=${FUZZ_WORK:-$(mktemp -d)}
mkdir -p "$work"

echo "--- build (release, -sanitize=fuzzer,address, $scratch)"
if ! swift build -c release --product ThemeKitFuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTHEMEKIT_LIBFUZZER >"$work/build.log" 2>&1; then
    tail -60 "$work/build.log" >&2
    exit 1
fi
binary=$(swift build -c release --product ThemeKitFuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTHEMEKIT_LIBFUZZER --show-bin-path)/ThemeKitFuzz

# All targets run at once: each gets its full time on the clock, and CI's two cores are
# shared between them instead of one target waiting for another.
# libFuzzer's per-input bound is wall-clock time, so on a loaded machine a fast input can
# overrun it. A timeout therefore counts only if it reproduces when the input is run alone;
# one that does not is set aside (in the work folder) and fuzzing resumes for the time left.
reproduces() {
    local target=$1 input=$2
    for _ in 1 2 3; do
        THEMEKIT_FUZZ_TARGET=$target "$binary" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=2048 -runs=1 \
            ${FUZZ_FLAGS:-} "$input" >/dev/null 2>&1 || return 0
    done
    return 1
}

run_target() {
    local target=$1
    local artifacts="$work/artifacts-$target"
    mkdir -p "$work/corpus-$target" "$artifacts" "$work/unconfirmed-$target" "Fuzz/Regressions/$target"
    local deadline=$((SECONDS + seconds)) status=0 executions=0 attempt=0 remaining
    : >"$work/$target.log"
    while remaining=$((deadline - SECONDS)) && [ "$remaining" -gt 0 ]; do
        attempt=$((attempt + 1))
        status=0
        THEMEKIT_FUZZ_TARGET=$target ASAN_OPTIONS="detect_leaks=1:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
            "$binary" -max_total_time="$remaining" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$artifacts/" ${FUZZ_FLAGS:-} \
            "$work/corpus-$target" "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" >"$work/$target.run" 2>&1 ||
            status=$?
        cat "$work/$target.run" >>"$work/$target.log"
        local count
        count=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.run" | tail -1)
        executions=$((executions + ${count:-0}))
        [ "$status" -ne 0 ] || break
        # Only unconfirmed timeouts let the run go on.
        local real=0 artifact
        for artifact in "$artifacts"/*; do
            [ -f "$artifact" ] || continue
            case $(basename "$artifact") in
            timeout-*)
                if reproduces "$target" "$artifact"; then real=1; else
                    echo "note: $(basename "$artifact") ran within 1 s when replayed alone; set aside" >>"$work/$target.log"
                    mv "$artifact" "$work/unconfirmed-$target/"
                fi
                ;;
            *) real=1 ;;
            esac
        done
        [ "$real" -eq 0 ] || break
        status=0
    done
    echo "$status" >"$work/$target.status"
    echo "$executions" >"$work/$target.executions"
}

for target in "${targets[@]}"; do
    mkdir -p "Fuzz/Regressions/$target"
    seeds=$(find "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" -type f ! -name '.*' | wc -l)
    echo "--- fuzz $target for ${seconds}s ($seeds corpus inputs)"
    run_target "$target" &
done
wait

failed=0
summary=()
for target in "${targets[@]}"; do
    corpus="$work/corpus-$target"
    artifacts="$work/artifacts-$target"
    status=$(cat "$work/$target.status")
    seeds=$(find "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" -type f ! -name '.*' | wc -l)
    echo "--- $target"
    grep -E "INITED|^Done|stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|ThemeKitFuzz |^note:" \
        "$work/$target.log" || true
    executions=$(cat "$work/$target.executions")
    found=$(find "$artifacts" -type f | wc -l)
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=1
        echo "--- $target FAILED (exit $status); log tail:" >&2
        tail -40 "$work/$target.log" >&2
        for artifact in "$artifacts"/*; do
            [ -f "$artifact" ] || continue
            cp "$artifact" "Fuzz/Regressions/$target/"
            echo "kept $(basename "$artifact") in Fuzz/Regressions/$target/: commit it" >&2
        done
    fi
    if [ "$merge" -eq 1 ]; then
        THEMEKIT_FUZZ_TARGET=$target "$binary" -merge=1 "Fuzz/Corpus/$target" "$corpus" >>"$work/$target.log" 2>&1
    fi
    summary+=("$target: ${executions:-?} executions, $seeds corpus inputs, $(find "$corpus" -type f | wc -l) new coverage inputs")
done

echo "--- fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}" | tee "$work/summary.txt"
exit "$failed"
