// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ThemeKit",
    platforms: [.macOS(.v11), .iOS(.v14), .tvOS(.v14), .watchOS(.v7)],
    products: [
        .library(name: "ThemeKit", targets: ["ThemeKit"]),
        .library(name: "ThemeKitTokens", targets: ["ThemeKitTokens"]),
        .library(name: "ThemeKitSwiftUI", targets: ["ThemeKitSwiftUI"]),
        .library(name: "ThemeKitUIKit", targets: ["ThemeKitUIKit"]),
        .executable(name: "themekit-demo", targets: ["ThemeKitDemo"]),
        .executable(name: "themekit", targets: ["ThemeKitTool"]),
        .executable(name: "themekit-bench", targets: ["ThemeKitBenchmarks"]),
    ],
    targets: [
        // The core's one atomic word (Sources/CThemeKitAtomics/include/CThemeKitAtomics.h says why C).
        .target(name: "CThemeKitAtomics"),
        .target(name: "ThemeKit", dependencies: ["CThemeKitAtomics"]),
        .target(name: "ThemeKitTokens", dependencies: ["ThemeKit"]),
        // Apple adapters: every file is inside `#if canImport(SwiftUI)` / `#if canImport(UIKit)`, so they
        // build empty on Linux; Scripts/ios-check.sh type-checks them for iOS (Docs/SwiftUI.md, Docs/UIKit.md).
        // SwiftUI's colours and UIKit's share one trait (`ThemeStyleTrait`), so a scope set on either side
        // reaches the other: a `UIViewRepresentable` under `themeOverride`, a hosting controller in a
        // bridged window.
        .target(name: "ThemeKitSwiftUI", dependencies: ["ThemeKit", "ThemeKitTokens", "ThemeKitUIKit"]),
        .target(name: "ThemeKitUIKit", dependencies: ["ThemeKit", "ThemeKitTokens"]),
        .target(name: "ThemeKitCLI", dependencies: ["ThemeKit", "ThemeKitTokens"]),
        // The `themekit` product's target is not named `themekit`: on case-insensitive file systems (macOS)
        // `Sources/themekit` would be `Sources/ThemeKit`, and its module would clash with the ThemeKit module.
        .executableTarget(name: "ThemeKitTool", dependencies: ["ThemeKitCLI"]),
        .executableTarget(
            name: "ThemeKitDemo", dependencies: ["ThemeKit", "ThemeKitTokens"], path: "Examples/ThemeKitDemo"),
        .target(name: "ThemeKitTestSupport", dependencies: ["ThemeKit"], path: "Tests/ThemeKitTestSupport"),
        // The child process that the crash-safety tests kill with SIGKILL mid-write, and that measures its own
        // peak memory under a hostile download (the peak is process-wide, so it is measured alone).
        .executableTarget(
            name: "ThemeKitCrashChild", dependencies: ["ThemeKit", "ThemeKitTokens", "ThemeKitTestSupport"],
            path: "Tests/ThemeKitCrashChild"),
        // Fuzzing (Docs/Reliability.md): the checks each input must pass, the libFuzzer driver
        // (Scripts/fuzz.sh builds it with -sanitize=fuzzer) and the tests that replay the corpus.
        .target(name: "ThemeKitFuzzTargets", dependencies: ["ThemeKitTokens"], path: "Fuzz/Targets"),
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "ThemeKitFuzz", dependencies: ["ThemeKitFuzzTargets", "CLibFuzzer"], path: "Fuzz/Driver"),
        .testTarget(
            name: "ThemeKitFuzzTests", dependencies: ["ThemeKitFuzzTargets", "ThemeKitTestSupport"],
            path: "Fuzz/Tests"),
        .testTarget(name: "ThemeKitTests", dependencies: ["ThemeKit", "ThemeKitTestSupport"]),
        .testTarget(name: "ThemeKitTokensTests", dependencies: ["ThemeKitTokens", "ThemeKitTestSupport"]),
        .testTarget(name: "ThemeKitCLITests", dependencies: ["ThemeKitCLI", "ThemeKitTestSupport"]),
        // The Swift blocks of README.md, Docs/ and the DocC catalogs, compiled (CONTRIBUTING.md, "Documentation
        // snippets"); the UIKit and SwiftUI ones in iOS/ are type-checked by Scripts/ios-check.sh instead, and
        // Manifest/ is README's client manifest, evaluated by `swift package dump-package`.
        .testTarget(
            name: "DocSnippetTests", dependencies: ["ThemeKit", "ThemeKitTokens", "ThemeKitCLI"],
            path: "Tests/DocSnippets", exclude: ["iOS", "Manifest"]),
        // Benchmarks (issue #4): a C shim for process counters, the scenarios as a
        // library, a thin executable, and a test that runs the quick mode.
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .target(
            name: "ThemeKitBenchmarkCore", dependencies: ["ThemeKit", "BenchmarkSupport"],
            path: "Benchmarks/ThemeKitBenchmarkCore"),
        .executableTarget(
            name: "ThemeKitBenchmarks", dependencies: ["ThemeKitBenchmarkCore"], path: "Benchmarks/themekit-bench"),
        .testTarget(name: "ThemeKitBenchmarkTests", dependencies: ["ThemeKitBenchmarkCore"]),
    ],
    swiftLanguageModes: [.v6]
)
