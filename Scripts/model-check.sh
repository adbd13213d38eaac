#!/usr/bin/env bash
# Runs the reference-model test (Tests/ThemeKitTests/Model, Docs/Reliability.md "Reference model")
# with a long budget under a sanitizer, and fails on a model mismatch or a sanitizer report.
#
#   Scripts/model-check.sh address    release build with ASan, run twice for half the budget each:
#                                     once with ASan's quarantine off, so that freed memory comes
#                                     back at once as with the system allocator (a stale identity,
#                                     such as issue #28's reused ThemedProperty address, shows
#                                     only then), once with it on (use-after-free is caught)
#   Scripts/model-check.sh thread     debug build with TSan (the several-threads and main-thread-delivery tests)
#
# Environment:
#   SANITIZE_SCRATCH          build directory; pass the one Scripts/sanitize.sh used to reuse its
#                             build (default .build/sanitize-<mode>)
#   MODEL_CONFIGURATION       debug or release (default: release for address, debug for thread)
#   THEMEKIT_MODEL_SECONDS    time budget of each model test (default 60; split in two under ASan)
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
    filter='ModelBasedTests/(severalThreads|mainThreadDelivery)'
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

# Runs the model test once with extra sanitizer options ($1, a label; $2, the options).
run_model() {
    local label=$1 options=$2 seconds=$3
    echo "--- model test ($configuration, $mode sanitizer$label, $seconds s, seed $THEMEKIT_MODEL_SEED)"
    local status=0
    if [ "$mode" = address ]; then
        ASAN_OPTIONS="$ASAN_OPTIONS$options" THEMEKIT_MODEL_SECONDS=$seconds \
            swift test --skip-build "${flags[@]}" --filter "$filter" >"$log" 2>&1 || status=$?
    else
        TSAN_OPTIONS="$TSAN_OPTIONS$options" THEMEKIT_MODEL_SECONDS=$seconds \
            swift test --skip-build "${flags[@]}" --filter "$filter" >"$log" 2>&1 || status=$?
    fi
    grep -E "^ThemeKit model|replay:|✘|✔ Test run|SUMMARY" "$log" || true

    if grep -qE "(ThreadSanitizer|AddressSanitizer|LeakSanitizer)" "$log" || [ "$status" -ne 0 ]; then
        echo "--- model test failed (exit $status); the round that was running:" >&2
        grep -E "^  round" "$log" | tail -2 >&2 || true
        echo "    replay: THEMEKIT_MODEL_SEED=<its seed> THEMEKIT_MODEL_OPERATIONS=<its operations>" \
            "THEMEKIT_MODEL_STEPS=<the same> ${options:+ASAN_OPTIONS=${options#:} }swift test ${flags[*]}" \
            "--filter '$filter'" >&2
        if grep -qE "(ThreadSanitizer|AddressSanitizer|LeakSanitizer)" "$log"; then
            grep -A40 -E "(WARNING|ERROR): (ThreadSanitizer|AddressSanitizer|LeakSanitizer)" "$log" | head -200 >&2
        else
            tail -60 "$log" >&2
        fi
        return 1
    fi
}

if [ "$mode" = address ]; then
    half=$(awk "BEGIN { print $THEMEKIT_MODEL_SECONDS / 2 }")
    run_model ", quarantine off" ":quarantine_size_mb=0:thread_local_quarantine_size_kb=0" "$half"
    run_model ", quarantine on" "" "$half"
else
    run_model "" "" "$THEMEKIT_MODEL_SECONDS"
fi
echo "--- model test under $mode: no mismatch, no report"
