// swift-format-ignore-file
// Docs/CLI.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/CLI.md in-process
import ThemeKitCLI
// end snippet
import Foundation  // harness: URL in a function's signature
import ThemeKitTokens  // harness: ColorSet in a signature, and the "generated colour set" fragment

/// The shape of what `export-swift` writes for one colour (the guide's excerpt).
func cliGeneratedColorSet() -> [String: ColorSet] {
    var result: [String: ColorSet] = [:]
    // snippet: Docs/CLI.md generated colour set
    result["accent"] = ThemeKitTokens.ColorSet(
        light: ThemeKitTokens.ThemeColor(red: 0, green: 0.41568627450980394, blue: 0.5568627450980392),  // #006A8E
        dark: ThemeKitTokens.ThemeColor(red: 0.30980392156862746, green: 0.7647058823529411, blue: 0.9098039215686274),  // #4FC3E8
        highContrastLight: ThemeKitTokens.ThemeColor(red: 0, green: 0.2901960784313726, blue: 0.4),  // #004A66
        highContrastDark: ThemeKitTokens.ThemeColor(red: 0.5411764705882353, green: 0.8627450980392157, blue: 0.9607843137254902),  // #8ADCF5
        custom: [
            ThemeKit.ThemeStyle(rawValue: "deepSea"): .init(color: ThemeKitTokens.ThemeColor(red: 0.23921568627450981, green: 0.7215686274509804, blue: 0.8784313725490196)),  // #3DB8E0
        ]
    )
    // end snippet
    return result
}

func cliInProcess(packsFolder: URL) {
    // snippet: Docs/CLI.md in-process

    var out = "", err = ""
    let status = ThemeKitCommand.run(
        arguments: ["contrast", "ocean.json", "--format", "json"], stdout: &out, stderr: &err,
        environment: CommandEnvironment(currentDirectory: packsFolder))
    // end snippet
    _ = status
}
