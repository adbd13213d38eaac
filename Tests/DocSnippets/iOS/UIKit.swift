// swift-format-ignore-file
// Docs/UIKit.md's examples, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/UIKit.md set up
import ThemeKitTokens
import ThemeKitUIKit
import UIKit

let theme = Theme(storage: UserDefaultsThemeStorage())   // delivers on the main thread (the default)

@MainActor
func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    guard let scene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: scene)
    window.rootViewController = UIViewController()
    theme.attach(to: window)          // the window keeps the bridge, and frees it when it goes
    window.makeKeyAndVisible()
}
// end snippet
import ThemeKit

@MainActor
func bridgeHooks(window: UIWindow) {
// snippet: Docs/UIKit.md hooks
let bridge = theme.attach(to: window)
bridge.didApply = { change, window in
    window.rootViewController?.setNeedsStatusBarAppearanceUpdate()
    print("now \(change.style), cross-faded: \(change.animationDuration != nil)")
}
// end snippet
}

/// The app's colours in these examples.
struct Palette: ThemeExtension {
    var text = ThemeColor(red: 0, green: 0, blue: 0)
    var border = ThemeColor(red: 0.8, green: 0.8, blue: 0.8)
    var accent = ThemeColor(red: 0, green: 0.4, blue: 0.9)
    var accentPressed = ThemeColor(red: 0, green: 0.3, blue: 0.7)
    var surface = ThemeColor(red: 0.97, green: 0.97, blue: 0.97)
    var background = ThemeColor(red: 1, green: 1, blue: 1)
    static let fallback = Palette()
}

@MainActor
func uikitColours(
    colors: ThemePackColors, typography: ThemePackTypography, palette: Palette, view: UIView, label: UILabel,
    someUIColor: UIColor
) {
// snippet: Docs/UIKit.md colours
let background = colors.colors["background"] ?? ColorSet(ThemeColor(red: 1, green: 1, blue: 1))
view.backgroundColor = UIColor(background)                       // dynamic: no ThemeKit work on a system change
label.textColor = UIColor(palette.text)                          // one ThemeColor
let stored = ThemeColor(someUIColor, traits: view.traitCollection)   // back to a Codable value
label.font = typography["body"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .body)
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
theme.themed(slider).set(\.minimumTrackTintColor, assign: { $0.minimumTrackTintColor = $1 }) { env in
    UIColor(env[Palette.self].accent)
}
theme.themed(view, in: sidebarNode).backgroundColor { env in UIColor(env[Palette.self].background) }
// end snippet
}

// snippet: Docs/UIKit.md owner
final class TagCell: UICollectionViewCell {
    let title = UILabel()

    func configure(theme: Theme) {
        // The cell is handed in: nothing captures `self`, so the table never keeps the cell.
        theme.themed(self).backgroundColor { cell, env in
            cell.isSelected ? UIColor(env[Palette.self].accent) : UIColor(env[Palette.self].surface)
        }
        theme.themed(title).textColor { label, env in
            label.isEnabled ? UIColor(env[Palette.self].text) : .secondaryLabel
        }
        // Called on every reuse: identified by its call site, so it replaces itself instead of piling up.
        theme.themed(self).customize { cell, env in
            cell.layer.cornerRadius = CGFloat(env[ThemePackMetrics.self].radius("small") ?? 6)
        }
    }
}
// end snippet

/// A view with a gradient layer.
final class HeroView: UIView {
    let gradientLayer = CAGradientLayer()
}

@MainActor
func uikitImages(
    theme: Theme, accent: ThemeColor, accentDark: ThemeColor, logoView: UIImageView, favoriteButton: UIButton,
    searchField: UITextField, heroView: HeroView, hero: ThemeGradient
) {
// snippet: Docs/UIKit.md images
let logo = ImageSet(light: ThemeImage(name: "logo"), dark: ThemeImage(name: "logo-dark"))
let star = ImageSet(ThemeImage(systemName: "star.fill", tint: ColorSet(light: accent, dark: accentDark)))
theme.themed(logoView).image { _ in logo }                          // per style and contrast, tinted
theme.themed(favoriteButton).image(for: .normal) { _ in star }
theme.themed(searchField).keyboardAppearance()                      // dark keyboard in dark styles
theme.themed(heroView).gradient({ view in view.gradientLayer }) { _ in hero }
// end snippet
}

// snippet: Docs/UIKit.md status bar
final class ProfileViewController: UIViewController {
    private var statusBarStyle = UIStatusBarStyle.default
    override var preferredStatusBarStyle: UIStatusBarStyle { statusBarStyle }

    func bind(to theme: Theme) {
        theme.themed(self).statusBarStyle { controller, style in controller.statusBarStyle = style }
    }
}
// end snippet

// snippet: Docs/UIKit.md apply
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
    // snippet: Docs/UIKit.md apply
theme.adopt(header, animation: ThemeSwitchAnimation())   // later applications cross-fade
    // end snippet
}

@MainActor
func uikitSubtree(theme: Theme, sidebarView: UIView, sidebarLabel: UILabel) {
// snippet: Docs/UIKit.md subtree
let sidebar = ThemeNode(parent: theme.root)
sidebar.overrideStyle = .dark
theme.themed(sidebarView, in: sidebar).themeTraits()   // dynamic colours, system controls and iOS 17 traits follow
theme.themed(sidebarLabel, in: sidebar).textColor { env in UIColor(env[Palette.self].text) }   // env.style == .dark
// end snippet
}
