// swift-format-ignore-file
// Docs/UIKit.md's examples, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/UIKit.md scene
import ThemeKitTokens
import ThemeKitUIKit
import UIKit

// The app's own colours (the examples below read them); a pack's colours come as ThemePackColors.
struct Palette: ThemeExtension {
    var background, surface, text, border, accent, accentPressed: ThemeColor
    static let fallback = Palette(
        background: ThemeColor(red: 1, green: 1, blue: 1), surface: ThemeColor(red: 0.96, green: 0.97, blue: 0.98),
        text: ThemeColor(red: 0.07, green: 0.09, blue: 0.11), border: ThemeColor(red: 0.82, green: 0.84, blue: 0.87),
        accent: ThemeColor(red: 0, green: 0.42, blue: 0.56), accentPressed: ThemeColor(red: 0, green: 0.29, blue: 0.4))
}

// end snippet

final class RootViewController: UIViewController {
    init(theme: Theme) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    // snippet: Docs/UIKit.md scene
    let theme = Theme(storage: UserDefaultsThemeStorage(), delivery: .mainThread)

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: scene)
        window.rootViewController = RootViewController(theme: theme)
        theme.attach(to: window)          // the window keeps the bridge
        window.makeKeyAndVisible()
    }
    // end snippet
}

@MainActor
func uikitColorsAndFonts(
    view: UIView, label: UILabel, colors: ThemePackColors, palette: Palette, typography: ThemePackTypography,
    someUIColor: UIColor
) {
    // snippet: Docs/UIKit.md colours and fonts
    // dynamic: no ThemeKit work on a system change; a name the pack lacks falls back
    view.backgroundColor = colors.colors["background"].map { UIColor($0) } ?? .systemBackground
    label.textColor = UIColor(palette.text)                          // one ThemeColor
    let stored = ThemeColor(someUIColor, traits: view.traitCollection)   // back to a Codable value
    label.font = typography["body"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .body)   // UIFontMetrics
    label.adjustsFontForContentSizeCategory = true
    // end snippet
    _ = stored
}

@MainActor
func uikitThemed(
    theme: Theme, titleLabel: UILabel, card: UIView, button: UIButton, navigationBar: UINavigationBar,
    slider: UISlider, view: UIView, sidebarNode: ThemeNode
) {
    // snippet: Docs/UIKit.md themed
    theme.themed(titleLabel).textColor { env in UIColor(env[Palette.self].text) }
    theme.themed(titleLabel).font { env in
        env[ThemePackTypography.self]["headline"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .headline)
    }
    theme.themed(card).borderColor { env in UIColor(env[Palette.self].border) }
    theme.themed(button).titleColor(for: .normal) { env in UIColor(env[Palette.self].accent) }
    theme.themed(button).titleColor(for: .highlighted) { env in UIColor(env[Palette.self].accentPressed) }
    theme.themed(navigationBar).appearance { env in
        let appearance = UINavigationBarAppearance()
        appearance.backgroundColor = UIColor(env[Palette.self].surface)
        return appearance
    }
    theme.themed(slider).set(\.minimumTrackTintColor) { env in UIColor(env[Palette.self].accent) }   // any property
    theme.themed(view, in: sidebarNode).backgroundColor { env in UIColor(env[Palette.self].background) }
    // end snippet
}

// snippet: Docs/UIKit.md theme applying
final class ProfileHeader: UIView, ThemeApplying {
    let nameLabel = UILabel()
    func apply(theme env: ThemeContext) {
        backgroundColor = UIColor(env[Palette.self].surface)
        nameLabel.textColor = UIColor(env[Palette.self].text)
    }
}
// end snippet

@MainActor
func uikitAdopt(theme: Theme, header: ProfileHeader) {
    // snippet: Docs/UIKit.md theme applying
    theme.adopt(header, animation: ThemeSwitchAnimation())   // later applications cross-fade
    // end snippet
}

@MainActor
func uikitSidebar(theme: Theme, sidebarView: UIView, sidebarLabel: UILabel) {
    // snippet: Docs/UIKit.md subtrees
    let sidebar = ThemeNode(parent: theme.root)
    sidebar.overrideStyle = .dark
    sidebarView.overrideUserInterfaceStyle = .dark        // dynamic colours and system controls follow
    theme.themed(sidebarLabel, in: sidebar).textColor { env in UIColor(env[Palette.self].text) }   // env.style == .dark
    // end snippet
}
