#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's own `docc`, from symbol
# graphs (no plugin package). Any DocC warning fails the script.
#
#   Scripts/docs.sh                            # adapters skipped with one line when no iOS SDK is prepared
#   THEMEKIT_REQUIRE_IOS=1 Scripts/docs.sh     # fails instead of skipping them
#
# - ThemeKit and ThemeKitTokens: `swift build --target ThemeKitTokens` (the same debug build as
#   `swift build`, so nothing is rebuilt after it), then `swift-symbolgraph-extract` on the built
#   modules, public symbols only — what `swift package dump-symbol-graph` runs, without building
#   every other target first.
# - ThemeKitSwiftUI and ThemeKitUIKit build empty on Linux; their symbol graphs come from the iOS
#   type-check (`Scripts/ios-check.sh --symbol-graphs`).
#
# Output: .build/docs/<Module>.doccarchive, and each module's symbol graphs in
# .build/docs/symbol-graphs/<Module> (for `docc preview`, see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH=/opt/swift/usr/bin:$PATH

out=.build/docs
graphs=$out/symbol-graphs
rm -rf "$out"
mkdir -p "$graphs"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
started=$SECONDS

# Runs a command quietly; prints its output only when it fails.
quietly() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "docs FAILED: $*" >&2
        exit 1
    fi
}

# ThemeKit and ThemeKitTokens on this platform.
quietly swift build --target ThemeKitTokens
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
modules=(ThemeKit ThemeKitTokens)
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    quietly swift-symbolgraph-extract -module-name "$module" -target "$triple" "${sdk[@]}" -I "$bin/Modules" -I "$bin" \
        -I Sources/CThemeKitAtomics/include \
        -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols -output-dir "$graphs/$module"
done
echo "docs: ThemeKit and ThemeKitTokens symbol graphs (swift build + swift-symbolgraph-extract) in $((SECONDS - started))s"

# ThemeKitSwiftUI and ThemeKitUIKit from the iOS type-check (every module's graph lands in one folder).
# THEMEKIT_IOS_SYMBOL_GRAPHS names the folder of an iOS check that already ran with --symbol-graphs
# (as .ci/run's does), which is then reused instead of type-checking everything again.
ios=$(mktemp -d)
phase=$SECONDS
trap 'rm -f "$log"; rm -rf "$ios"' EXIT
reused=${THEMEKIT_IOS_SYMBOL_GRAPHS:-}
if [ -n "$reused" ] && [ -f "$reused/ThemeKitSwiftUI.symbols.json" ] && [ -f "$reused/ThemeKitUIKit.symbols.json" ]; then
    cp "$reused"/*.symbols.json "$ios/"
    : >"$log"
else
    quietly Scripts/ios-check.sh --symbol-graphs "$ios"
fi
if grep -q "^iOS check skipped" "$log"; then
    echo "docs: ThemeKitSwiftUI and ThemeKitUIKit skipped (no iOS SDK prepared; THEMEKIT_REQUIRE_IOS=1 fails instead)"
else
    for module in ThemeKitSwiftUI ThemeKitUIKit; do
        mkdir -p "$graphs/$module"
        cp "$ios/$module.symbols.json" "$ios/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
        [ -f "$graphs/$module/$module.symbols.json" ] || {
            echo "docs FAILED: Scripts/ios-check.sh wrote no symbol graph for $module" >&2
            exit 1
        }
        modules+=("$module")
    done
    echo "docs: ThemeKitSwiftUI and ThemeKitUIKit symbol graphs (Scripts/ios-check.sh) in $((SECONDS - phase))s"
fi

# One archive per module, from its catalog and only its own symbol graphs.
for module in "${modules[@]}"; do
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.themekit.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors >"$log" 2>&1 \
        || grep -qE "(warning|error):" "$log"; then
        cat "$log" >&2
        echo "docs FAILED: $module ($(grep -cE '(warning|error):' "$log") warnings and errors)" >&2
        exit 1
    fi
    echo "docs: $module -> $out/$module.doccarchive (0 warnings)"
done
echo "docs built in $((SECONDS - started))s"
