#!/usr/bin/env bash
# Runs the reference-model test (Tests/ThemeKitTests/Model, Docs/Reliability.md "Reference model")
# with a long budget under a sanitizer, and fails on a model mismatch or a sanitizer report.
#
#   Scripts/model-check.sh address    release build with ASan (where a reused address shows)
#   Scripts/model-check.sh thread     debug build with TSan (the several-threads test)
#
# Environment:
#   SANITIZE_SCRATCH          build directory; pass the one Scripts/sanitize.sh used to reuse its
#                             build (default .build/sanitize-<mode>)
#   MODEL_CONFIGURATION       debug or release (default: release for address, debug for thread)
#   THEMEKIT_MODEL_SECONDS    time budget of each model test (default 60)
#   THEMEKIT_MODEL_SEED       first seed (default: from the clock, printed, so a failure replays)
# The full log is kept in <scratch>/model-check-<mode>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

mode=${1:?usage: Scripts/model-check.sh address|thread}
scratch=${SANITIZE_SCRATCH:-.build/sanitize-$mode}
export THEMEKIT_MODEL_SECONDS=${THEMEKIT_MODEL_SECONDS:-60}
export THEMEKIT_MODEL_SEED=${THEMEKIT_MODEL_SEED:-$(date +%s)}
export THEMEKIT_SANITIZER=$mode

case "$mode" in
address)
    configuration=${MODEL_CONFIGURATION:-release}
    filter='ModelBasedTests'
    export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    ;;
thread)
    configuration=${MODEL_CONFIGURATION:-debug}
    filter='ModelBasedTests/severalThreads'
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    ;;
*)
    echo "unknown sanitizer '$mode' (address or thread)" >&2
    exit 2
    ;;
esac

# Release test builds need -enable-testing: several test files use `@testable import`.
flags=(-c "$configuration" --sanitize="$mode" --scratch-path "$scratch")
[ "$configuration" = release ] && flags+=(-Xswiftc -enable-testing)

mkdir -p "$scratch"
log=$scratch/model-check-$mode.log
echo "--- build (${flags[*]}; a no-op when this build exists already)"
if ! swift build --build-tests "${flags[@]}" >"$log" 2>&1; then
    tail -80 "$log" >&2
    exit 1
fi

echo "--- model test ($configuration, $mode sanitizer, ${THEMEKIT_MODEL_SECONDS} s, seed $THEMEKIT_MODEL_SEED)"
status=0
swift test --skip-build "${flags[@]}" --filter "$filter" >"$log" 2>&1 || status=$?
grep -E "^ThemeKit model|replay:|✘|✔ Test run|SUMMARY" "$log" || true

if grep -qE "(ThreadSanitizer|AddressSanitizer|LeakSanitizer)" "$log"; then
    echo "--- $mode sanitizer report (the round running when it fired is the last 'round' line):" >&2
    grep -E "^  round" "$log" | tail -2 >&2 || true
    grep -A40 -E "(WARNING|ERROR): (ThreadSanitizer|AddressSanitizer|LeakSanitizer)" "$log" | head -200 >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "--- model test failed (exit $status); the round that was running:" >&2
    grep -E "^  round" "$log" | tail -2 >&2 || true
    echo "    replay: THEMEKIT_MODEL_SEED=<its seed> THEMEKIT_MODEL_OPERATIONS=<its operations>" \
        "THEMEKIT_MODEL_STEPS=<the same> swift test ${flags[*]} --filter '$filter'; last lines:" >&2
    tail -60 "$log" >&2
    exit "$status"
fi
echo "--- model test under $mode: no mismatch, no report"
