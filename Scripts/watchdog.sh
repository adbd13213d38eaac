#!/usr/bin/env bash
# Runs a command with a time limit: past MINUTES, prints the stack of every thread of this checkout's test
# processes (with gdb, when installed) and stops the command, so a hung test fails CI with a diagnosis
# instead of running into CI's own limit.
#
#   Scripts/watchdog.sh 25 swift test
set -uo pipefail
minutes=${1:?usage: Scripts/watchdog.sh MINUTES COMMAND...}
shift
"$@" &
pid=$!
deadline=$((SECONDS + minutes * 60))
while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "watchdog: '$*' still running after $minutes min: stopping it" >&2
        for test_process in $(pgrep -f "$PWD/.build/.*xctest" || true); do
            echo "watchdog: threads of process $test_process:" >&2
            if command -v gdb >/dev/null 2>&1; then
                gdb -p "$test_process" -batch -ex "thread apply all bt 20" 2>/dev/null |
                    grep -E '^Thread|^#' | grep -v 'start_thread|clone3' >&2
            else
                echo "  (no gdb to print them)" >&2
            fi
            kill -TERM "$test_process" 2>/dev/null
        done
        kill -TERM "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        exit 124
    fi
    sleep 5
done
wait "$pid"
