# Sourced by the scripts that compile for iOS (ios-check.sh, keypath-check.sh), with `root` set to the
# checkout: sets `swiftc_ios` (../shared/ios-sdk/swiftc-ios, or $SWIFTC_IOS) and defines
# `ios_sdk_available WHAT`, which returns 0 when an iOS SDK is prepared; otherwise it prints the one
# line "WHAT skipped: …" and returns 1, or, under THEMEKIT_REQUIRE_IOS=1, prints "WHAT FAILED: …" and
# exits 1.
swiftc_ios=${SWIFTC_IOS:-$root/../shared/ios-sdk/swiftc-ios}

ios_sdk_available() {
    local what=$1
    if [ -x "$swiftc_ios" ] && "$swiftc_ios" --sdk-path >/dev/null 2>&1; then return 0; fi
    if [ "${THEMEKIT_REQUIRE_IOS:-}" = "1" ]; then
        echo "$what FAILED: no iOS SDK prepared (THEMEKIT_REQUIRE_IOS=1); README.md, \"Running the tests\", says what it needs" >&2
        exit 1
    fi
    echo "$what skipped: no iOS SDK prepared (no working $swiftc_ios; README.md, \"Running the tests\", says what it needs)"
    return 1
}
