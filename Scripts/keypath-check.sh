#!/usr/bin/env bash
# Checks that the optimiser turns a key-path binding into a direct write (issue #31), for this machine's
# target and for arm64-apple-ios with ../shared/ios-sdk/swiftc-ios: a client module binds a computed and a
# stored property with key-path literals (`theme.bind(view, \.title) { … }`, `ThemedProperty(\.name) { … }`),
# is compiled with -O against ThemeKit (its inlinable bodies kept), and its code must not call the key-path
# runtime's write (`swift_setAtReferenceWritableKeyPath`). A control binding whose key path is a variable
# must still call it: the check can fail, and the fallback stays the runtime write.
#
# It also checks what the refresh loop runs: the specialised writes given the object `inout` (closure #1 of
# `_BindingBodies.keyPathWrite`) must not retain it. The control is the first run's write of the computed
# property, given the object borrowed (closure #2), which copies its root into a temporary and so retains it.
#
# And that each bind instantiates its key-path literal once, in the caller: no closure of ThemeKit's inlinable
# code, specialised for the literal, calls `swift_getKeyPath` again (KEEP_SCRATCH=1 keeps the assembly).
#
#   Scripts/keypath-check.sh             # the iOS half skips with one line when no SDK is prepared
#   THEMEKIT_REQUIRE_IOS=1 Scripts/keypath-check.sh   # fails instead of skipping
#
# Docs/Benchmarks.md, "The key-path write", says what the specialised code is and what must not break it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# shellcheck source=Scripts/ios-sdk.sh
source "$root/Scripts/ios-sdk.sh"
scratch=$(mktemp -d)
trap '[ -n "${KEEP_SCRATCH:-}" ] && echo "kept $scratch" || rm -rf "$scratch"' EXIT

mapfile -t sources < <(find Sources/ThemeKit -name '*.swift' | LC_ALL=C sort)
# The core's C module (its module map is in its include folder).
atomics=$PWD/Sources/CThemeKitAtomics/include
runtime_write='swift_setAtReferenceWritableKeyPath'

cat >"$scratch/Client.swift" <<'EOF'
import ThemeKit

public struct Colors: ThemeExtension {
    public var text = "#000000"
    public init() {}
    public static let fallback = Colors()
}

public final class View {
    private var storedTitle = ""
    public var setterCalls = 0
    public var name = ""
    /// A computed property whose setter does work, as UIKit's are.
    public var title: String {
        get { storedTitle }
        set {
            storedTitle = newValue
            setterCalls += 1
        }
    }
    public init() {}
}

public let shared = ThemedProperty<View, String>(\.name) { env in env[Colors.self].text }

/// Key-path literals: each write must be specialised into a direct store or setter call.
@inline(never)
public func bindLiterals(_ view: View, in theme: Theme) {
    theme.bind(view, \.title) { env in env[Colors.self].text }
    theme.bind(view, \.name) { view, env in env[Colors.self].text + "\(view.setterCalls)" }
    theme.bind(view, shared)
    theme.bind(view, \.setterCalls, set: { $0.setterCalls = $1 }) { env in env[Colors.self].text.count }
}
EOF
# The control, compiled on its own: a key path held in a variable goes through the key-path runtime.
sed -n '/^import/,/^public let shared/p' "$scratch/Client.swift" | grep -v '^public let shared' >"$scratch/Control.swift"
cat >>"$scratch/Control.swift" <<'EOF'
@inline(never)
public func bindVariable(_ view: View, _ path: ReferenceWritableKeyPath<View, String>, in theme: Theme) {
    theme.bind(view, path) { env in env[Colors.self].text }
}
EOF

# The client's assembly, one function per paragraph: "<symbol>:" then its lines.
compile() {
    local label=$1 compiler=$2 out="$scratch/$1"
    mkdir -p "$out"
    if ! "$compiler" -O -swift-version 6 -parse-as-library -package-name themekit -module-name ThemeKit \
        -I "$atomics" -emit-module -emit-module-path "$out/ThemeKit.swiftmodule" \
        -Xfrontend -experimental-skip-non-inlinable-function-bodies "${sources[@]}" >"$out/module.log" 2>&1; then
        echo "key-path check ($label): ThemeKit did not build" >&2
        tail -n 20 "$out/module.log" >&2
        return 1
    fi
    local client
    for client in Client Control; do
        if ! "$compiler" -O -swift-version 6 -parse-as-library -module-name "$client" -I "$out" -I "$atomics" -emit-assembly \
            "$scratch/$client.swift" -o "$out/$client.s" >"$out/$client.log" 2>&1; then
            echo "key-path check ($label): $client.swift did not compile" >&2
            tail -n 20 "$out/$client.log" >&2
            return 1
        fi
    done
}

# Prints the name of the function in assembly file `$1` of each call of `$2` (one line per call).
callers_of_each() {
    awk -v symbol="$2" '
        /^[$_A-Za-z0-9.]+:/ && !/^\.L/ && !/^L/ { name = $1 }
        index($0, symbol) && ($1 ~ /^(call|callq|jmp|bl|b)$/) { print name }
    ' "$1"
}

# Prints the names of the functions in assembly file `$1` that call `$2`.
callers_of() { callers_of_each "$1" "$2" | sort -u; }

# Prints, demangled, the specialised key-path writes for the client's View in `$1` that retain: closure `$2`
# of `_BindingBodies.keyPathWrite` ("closure #1" is given the object inout, "closure #2" borrowed; the latter
# may be folded into a reabstraction thunk, whose demangled name still says which closure it is).
retaining_writes() {
    callers_of "$1" swift_retain | sed -e 's/:$//' -e 's/^_\$/$/' | swift demangle |
        grep -F "$2 " | grep -F 'in static ThemeKit._BindingBodies.keyPathWrite' | grep -F '<Client.View, Swift.String>' || true
}

check() {
    local label=$1
    local literal variable
    literal=$(callers_of "$scratch/$1/Client.s" "$runtime_write")
    variable=$(callers_of "$scratch/$1/Control.s" "$runtime_write")
    if ! grep -q 'keyPathWrite.*Client4View' "$scratch/$1/Client.s"; then
        echo "key-path check ($label) FAILED: the client holds no write specialised for its View:" >&2
        echo "  the key-path write no longer reaches the caller's code (_BindingBodies.keyPathWrite)" >&2
        return 1
    fi
    if [ -n "$literal" ]; then
        echo "key-path check ($label) FAILED: a key-path literal binding still writes through the key-path runtime:" >&2
        echo "$literal" | sed 's/^/  /' >&2
        return 1
    fi
    if [ -z "$variable" ]; then
        echo "key-path check ($label) FAILED: the control (a key path in a variable) no longer calls $runtime_write;" >&2
        echo "  the check cannot tell a specialised write from a missing one any more" >&2
        return 1
    fi
    if [ -n "$(retaining_writes "$scratch/$1/Client.s" "closure #1")" ]; then
        echo "key-path check ($label) FAILED: a refresh-loop key-path write (given the object inout) retains it:" >&2
        retaining_writes "$scratch/$1/Client.s" "closure #1" | sed 's/^/  /' >&2
        return 1
    fi
    if [ -z "$(retaining_writes "$scratch/$1/Client.s" "closure #2")" ]; then
        echo "key-path check ($label) FAILED: the control (a first run's write of a computed property, borrowed)" >&2
        echo "  no longer retains its root; the check cannot tell a retaining write from one that is not" >&2
        return 1
    fi
    # Each bind instantiates its key-path literal once, in the caller (`swift_getKeyPath`: a runtime call, an
    # atomic retain and a release): none in the closures ThemeKit's inlinable code makes, which the optimiser
    # may specialise for a captured literal and instantiate it again (RESULTS.md, session 22).
    local instantiations
    instantiations=$(callers_of_each "$scratch/$1/Client.s" swift_getKeyPath | sed -e 's/:$//' -e 's/^_\$/$/' | swift demangle)
    if [ "$(grep -c '^Client.bindLiterals' <<<"$instantiations")" -ne 3 ] ||
        grep -v -e '^Client.bindLiterals' -e '^one-time initialization function for shared$' <<<"$instantiations" | grep -q .; then
        echo "key-path check ($label) FAILED: a key-path literal is not instantiated once per bind, in the caller" >&2
        echo "  (expected 3 calls of swift_getKeyPath in bindLiterals, and none elsewhere but the initialiser of shared):" >&2
        sed 's/^/  /' <<<"$instantiations" >&2
        return 1
    fi
    echo "key-path check ($label): literal key paths write directly, and the refresh loop's writes retain no object;"
    echo "  a key path in a variable uses the runtime; each bind instantiates its key path once"
}

host=$(swiftc -print-target-info | awk -F'"' '/"triple"/ { print $4; exit }')
compile "$host" swiftc
check "$host"

ios_sdk_available "key-path check (arm64-apple-ios)" || exit 0
compile arm64-apple-ios "$swiftc_ios"
check arm64-apple-ios

# The UIKit adapter's key-path entry point (`themed(view).set(\.alpha) { … }`), iOS only: its write must be
# specialised in the caller too, for an Objective-C property and for a Swift one.
out="$scratch/arm64-apple-ios"
for module in ThemeKitTokens ThemeKitUIKit; do
    mapfile -t files < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    if ! "$swiftc_ios" -O -swift-version 6 -parse-as-library -package-name themekit -module-name "$module" -I "$out" -I "$atomics" \
        -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -Xfrontend -experimental-skip-non-inlinable-function-bodies "${files[@]}" >"$out/$module.log" 2>&1; then
        echo "key-path check (arm64-apple-ios): $module did not build" >&2
        tail -n 20 "$out/$module.log" >&2
        exit 1
    fi
done
cat >"$scratch/Adapter.swift" <<'EOF'
import ThemeKit
import ThemeKitUIKit
import UIKit

public final class Model {
    private var storedTitle = ""
    public var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    public init() {}
}

@MainActor @inline(never)
public func bindThroughTheAdapter(_ view: UIView, _ model: Model, in theme: Theme) {
    theme.themed(view).set(\.alpha) { env in env.style == .dark ? 0.5 : 1 }
    theme.themed(model).set(\.title) { env in "\(env.style)" }
}
EOF
if ! "$swiftc_ios" -O -swift-version 6 -parse-as-library -module-name Adapter -I "$out" -I "$atomics" -emit-assembly \
    "$scratch/Adapter.swift" -o "$out/Adapter.s" >"$out/Adapter.log" 2>&1; then
    echo "key-path check (arm64-apple-ios): Adapter.swift did not compile" >&2
    tail -n 20 "$out/Adapter.log" >&2
    exit 1
fi
runtime=$(callers_of "$out/Adapter.s" "$runtime_write")
if [ -n "$runtime" ] || ! grep -q 'keyPathWrite.*UIView' "$out/Adapter.s" || ! grep -q 'keyPathWrite.*Adapter5Model' "$out/Adapter.s"; then
    echo "key-path check (arm64-apple-ios) FAILED: ThemeBinder.set(_:_:) does not specialise its key-path write in the caller" >&2
    [ -z "$runtime" ] || echo "$runtime" | sed 's/^/  runtime write in: /' >&2
    exit 1
fi
echo "key-path check (arm64-apple-ios): the UIKit adapter's key-path literals write directly (UIView.alpha, a Swift property)"
