// swift-format-ignore-file
// The examples of the ThemeKitUIKit DocC catalog, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the catalog's, word for word; the rest declares
// what it needs.

// snippet: Sources/ThemeKitUIKit/ThemeKitUIKit.docc/ThemeKitUIKit.md overview
import ThemeKitTokens
import ThemeKitUIKit
import UIKit
// end snippet

@MainActor
func doccUIKitOverview(window: UIWindow, titleLabel: UILabel, card: UIView) {
    // snippet: Sources/ThemeKitUIKit/ThemeKitUIKit.docc/ThemeKitUIKit.md overview

    let theme = Theme(delivery: .mainThread)
    let bridge = theme.attach(to: window)

    theme.themed(titleLabel).textColor { env in env[ThemePackColors.self].colors["text"].map { UIColor($0) } }
    theme.themed(card).backgroundColor { _ in .secondarySystemBackground }
    // end snippet
    _ = bridge
}

@MainActor
final class SceneDelegate {
    var bridge: ThemeWindowBridge?

    func doccUIKitGettingStarted(window: UIWindow, button: UIButton) {
        // snippet: Sources/ThemeKitUIKit/ThemeKitUIKit.docc/GettingStarted.md attach
        let theme = Theme(delivery: .mainThread)
        bridge = theme.attach(to: window)
        // end snippet
        // snippet: Sources/ThemeKitUIKit/ThemeKitUIKit.docc/GettingStarted.md button
        theme.themed(button).titleColor(for: .normal) { env in env[ThemePackColors.self].colors["accent"].map { UIColor($0) } }
        // end snippet
    }
}
