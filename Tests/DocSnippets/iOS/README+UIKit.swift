// swift-format-ignore-file
// README.md's UIKit quick start, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the README's, word for word.

// snippet: README.md UIKit quick start
import ThemeKitTokens
import ThemeKitUIKit
import UIKit

// Your own typed colours (or let `themekit export-swift` generate them from a pack).
struct BrandColors: ThemeExtension {
    var text: ThemeColor
    var accent: ThemeColor
    static let fallback = BrandColors(
        text: ThemeColor(red: 0.04, green: 0.15, blue: 0.2), accent: ThemeColor(red: 0, green: 0.42, blue: 0.56))
}

// end snippet

final class HeaderView: UIView, ThemeApplying {
    func apply(theme env: ThemeContext) { backgroundColor = UIColor(env[BrandColors.self].accent) }
}

@MainActor
func readmeUIKitQuickStart(window: UIWindow, view: UIView, label: UILabel, button: UIButton, headerView: HeaderView) {
    // snippet: README.md UIKit quick start
    let theme = Theme(storage: UserDefaultsThemeStorage(), delivery: .mainThread)
    theme.attach(to: window)   // system appearance in, overrideUserInterfaceStyle out, later switches cross-fade

    // A pack's colours stay dynamic (light, dark, high contrast); a name the pack lacks falls back.
    theme.themed(view).backgroundColor { env in
        env[ThemePackColors.self].colors["background"].map { UIColor($0) } ?? .systemBackground
    }
    theme.themed(label).font { env in   // UIFontMetrics of the token's text style
        env[ThemePackTypography.self]["body"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .body)
    }
    theme.themed(label).textColor { env in UIColor(env[BrandColors.self].text) }   // through the setter
    theme.themed(button).titleColor(for: .highlighted) { env in UIColor(env[BrandColors.self].accent) }
    // Any other property, with a direct setter rather than the key-path runtime:
    theme.themed(label).set(\.shadowColor, assign: { $0.shadowColor = $1 }) { env in
        UIColor(env[BrandColors.self].accent)
    }
    theme.adopt(headerView)    // a ThemeApplying view: apply(theme:) now and on every change it read
    // end snippet
}
