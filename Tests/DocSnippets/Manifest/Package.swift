// swift-tools-version:6.0
// swift-format-ignore-file
// README.md's installation example: a client's whole manifest. ManifestSnippetTests evaluates it with
// `swift package dump-package` (which reads a manifest without fetching its dependencies) and checks that
// every product it names is a library product of ThemeKit's own Package.swift.
// snippet: README.md package manifest
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/themekit/ThemeKit.git", from: "0.1.0"),
    ],
    targets: [
        .target(
            name: "MyApp",
            dependencies: [
                .product(name: "ThemeKitUIKit", package: "ThemeKit"),     // UIKit screens
                .product(name: "ThemeKitSwiftUI", package: "ThemeKit"),   // SwiftUI views
            ]),
    ]
)
// end snippet
