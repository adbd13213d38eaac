// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ThemeKit",
    platforms: [.macOS(.v11), .iOS(.v14), .tvOS(.v14), .watchOS(.v7)],
    products: [
        .library(name: "ThemeKit", targets: ["ThemeKit"]),
        .library(name: "ThemeKitTokens", targets: ["ThemeKitTokens"]),
        .executable(name: "themekit-demo", targets: ["ThemeKitDemo"]),
        .executable(name: "themekit", targets: ["ThemeKitTool"]),
    ],
    targets: [
        .target(name: "ThemeKit"),
        .target(name: "ThemeKitTokens", dependencies: ["ThemeKit"]),
        .target(name: "ThemeKitCLI", dependencies: ["ThemeKit", "ThemeKitTokens"]),
        // The `themekit` product's target is not named `themekit`: on case-insensitive file systems (macOS)
        // `Sources/themekit` would be `Sources/ThemeKit`, and its module would clash with the ThemeKit module.
        .executableTarget(name: "ThemeKitTool", dependencies: ["ThemeKitCLI"]),
        .executableTarget(name: "ThemeKitDemo", dependencies: ["ThemeKit"], path: "Examples/ThemeKitDemo"),
        .target(name: "ThemeKitTestSupport", dependencies: ["ThemeKit"], path: "Tests/ThemeKitTestSupport"),
        .testTarget(name: "ThemeKitTests", dependencies: ["ThemeKit", "ThemeKitTestSupport"]),
        .testTarget(name: "ThemeKitTokensTests", dependencies: ["ThemeKitTokens", "ThemeKitTestSupport"]),
        .testTarget(name: "ThemeKitCLITests", dependencies: ["ThemeKitCLI", "ThemeKitTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
