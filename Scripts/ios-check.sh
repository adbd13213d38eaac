#!/usr/bin/env bash
# Type-checks every library module, the iOS example app and the docs' iOS snippets for arm64-apple-ios, at the deployment
# floor in Package.swift and at 17.0, with ../shared/ios-sdk/swiftc-ios (its README says how the SDK is
# prepared). Any error or warning fails the check.
#
#   Scripts/ios-check.sh                      # skips with one line when no SDK is prepared
#   THEMEKIT_REQUIRE_IOS=1 Scripts/ios-check.sh   # fails instead of skipping
#   Scripts/ios-check.sh --symbol-graphs DIR  # also writes each module's symbol graph (for the docs script)
#
# Modules are checked in dependency order; each is first emitted as an interface-only module (function
# bodies skipped) so the next one can import it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# shellcheck source=Scripts/ios-sdk.sh
source "$root/Scripts/ios-sdk.sh"

symbol_graphs=""
if [ "${1:-}" = "--symbol-graphs" ]; then
    symbol_graphs=$(mkdir -p "${2:?--symbol-graphs needs a folder}" && cd "$2" && pwd)
fi

ios_sdk_available "iOS check" || exit 0

floor=$(grep -oE '\.iOS\(\.v[0-9]+(_[0-9]+)?\)' Package.swift | head -n 1 | sed -E 's/.*\.v([0-9]+)(_([0-9]+))?\)/\1.\3/; s/\.$/.0/')
[ -n "$floor" ] || { echo "iOS check: no .iOS(...) platform in Package.swift" >&2; exit 1; }

# Library modules in dependency order, then the example app (an application module with @main).
modules=(ThemeKit ThemeKitTokens ThemeKitUIKit ThemeKitSwiftUI)
app_dir=Examples/ThemeKitCatalog
# The UIKit and SwiftUI examples of README.md, Docs/ and the DocC catalogs (CONTRIBUTING.md, "Documentation
# snippets"): each file is checked as a module of its own, so each can hold an app's `@main`.
snippets_dir=Tests/DocSnippets/iOS

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0

sources_of() { find "$1" -name '*.swift' | LC_ALL=C sort; }

check_target() {
    local target=$1 out="$scratch/$1"
    mkdir -p "$out"
    export IOS_DEPLOYMENT_TARGET=$target
    # The core's C module (its module map is in its include folder).
    local common=(-swift-version 6 -package-name themekit -I "$out" -I "$root/Sources/CThemeKitAtomics/include"
        -warnings-as-errors)
    for module in "${modules[@]}"; do
        local dir=Sources/$module
        [ -d "$dir" ] || continue
        mapfile -t files < <(sources_of "$dir")
        [ ${#files[@]} -gt 0 ] || continue
        local log="$out/$module.log"
        local graph=()
        # Extension blocks give DocC a page per extended type (SwiftUI.View, ThemeKit.Theme).
        if [ -n "$symbol_graphs" ] && [ "$target" = "$floor" ]; then
            graph=(-emit-symbol-graph -emit-symbol-graph-dir "$symbol_graphs" -Xfrontend -emit-extension-block-symbols)
        fi
        # Full type-check (with every warning as an error), then an interface-only module for dependents.
        if "$swiftc_ios" -typecheck -module-name "$module" "${common[@]}" "${files[@]}" >"$log" 2>&1 \
            && "$swiftc_ios" -emit-module -Xfrontend -experimental-skip-all-function-bodies -module-name "$module" \
                "${common[@]}" "${graph[@]}" -emit-module-path "$out/$module.swiftmodule" "${files[@]}" >>"$log" 2>&1; then
            echo "iOS $target: $module ok (${#files[@]} files)"
        else
            echo "iOS $target: $module FAILED" >&2
            grep -E "(error|warning):" "$log" | sort -u >&2 || cat "$log" >&2
            failed=1
            return
        fi
    done
    if [ -d "$app_dir" ]; then
        mapfile -t files < <(sources_of "$app_dir")
        if "$swiftc_ios" -typecheck -module-name ThemeKitCatalog -parse-as-library "${common[@]}" "${files[@]}" \
            >"$out/app.log" 2>&1; then
            echo "iOS $target: ThemeKitCatalog (example app) ok (${#files[@]} files)"
        else
            echo "iOS $target: ThemeKitCatalog (example app) FAILED" >&2
            grep -E "(error|warning):" "$out/app.log" | sort -u >&2 || cat "$out/app.log" >&2
            failed=1
        fi
    fi
    if [ -d "$snippets_dir" ]; then
        local count=0 snippet_failed=0
        while IFS= read -r file; do
            local name
            name=DocSnippet_$(basename "$file" .swift | tr -c 'A-Za-z0-9\n' '_')
            if "$swiftc_ios" -typecheck -module-name "$name" -parse-as-library "${common[@]}" "$file" \
                >"$out/$name.log" 2>&1; then
                count=$((count + 1))
            else
                echo "iOS $target: doc snippet $file FAILED" >&2
                grep -E "(error|warning):" "$out/$name.log" | sort -u >&2 || cat "$out/$name.log" >&2
                snippet_failed=1
                failed=1
            fi
        done < <(sources_of "$snippets_dir")
        [ $snippet_failed -ne 0 ] || echo "iOS $target: doc snippets ok ($count files in $snippets_dir)"
    fi
}

for target in "$floor" 17.0; do
    check_target "$target"
done
if [ $failed -ne 0 ]; then
    echo "iOS check FAILED" >&2
    exit 1
fi
echo "iOS check passed (arm64-apple-ios$floor and arm64-apple-ios17.0)"
