import SwiftUI
import ThemeKitTokens
import ThemeKitUIKit
import UIKit

/// The hosted UIKit screen: the same theme, bound to UIKit objects.
struct UIKitScreen: UIViewControllerRepresentable {
    @Environment(\.theme) private var theme
    @Environment(\.themeNode) private var node

    func makeUIViewController(context: Context) -> CatalogViewController {
        CatalogViewController(theme: theme, node: node)
    }

    func updateUIViewController(_ controller: CatalogViewController, context: Context) {}
}

/// A UIKit screen themed three ways: the `themed` namespace, dynamic colours from colour sets, and an
/// object that applies the theme to itself.
final class CatalogViewController: UIViewController {
    private let theme: Theme
    private let node: ThemeNode?
    private let titleLabel = UILabel()
    private let bodyLabel = UILabel()
    private let button = UIButton(type: .system)
    private let card = CardView()
    private let darkCard = CardView()
    private let darkNode: ThemeNode

    init(theme: Theme, node: ThemeNode?) {
        self.theme = theme
        self.node = node
        darkNode = ThemeNode(parent: node ?? theme.root)
        darkNode.overrideStyle = .dark
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("CatalogViewController is created in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.text = "UIKit"
        titleLabel.adjustsFontForContentSizeCategory = true
        bodyLabel.text = "Labels, a button with per-state colours, and cards that apply the theme themselves."
        bodyLabel.numberOfLines = 0
        bodyLabel.adjustsFontForContentSizeCategory = true
        button.setTitle("Accent", for: .normal)

        let stack = UIStackView(arrangedSubviews: [titleLabel, bodyLabel, button, card, darkCard])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        ])

        // Dynamic colours: UIKit resolves them per trait collection, so the providers depend only on the pack.
        theme.themed(view, in: node).backgroundColor { env in
            env[ThemePackColors.self].colors["background"].map(UIColor.init) ?? .systemBackground
        }
        theme.themed(titleLabel, in: node).textColor { env in
            env[ThemePackColors.self].colors["textPrimary"].map(UIColor.init) ?? .label
        }
        theme.themed(titleLabel, in: node).font { env in
            env[ThemePackTypography.self]["largeTitle"].map { UIFont.theme($0) }
                ?? .preferredFont(forTextStyle: .largeTitle)
        }
        theme.themed(bodyLabel, in: node).textColor { env in
            env[ThemePackColors.self].colors["textSecondary"].map(UIColor.init) ?? .secondaryLabel
        }
        theme.themed(bodyLabel, in: node).font { env in
            env[ThemePackTypography.self]["body"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .body)
        }
        // A multi-state control: one identified closure per state.
        theme.themed(button, in: node).titleColor(for: .normal) { env in
            env[ThemePackColors.self].colors["accent"].map(UIColor.init)
        }
        theme.themed(button, in: node).titleColor(for: .highlighted) { env in
            env[ThemePackColors.self].colors["textSecondary"].map(UIColor.init)
        }
        // Objects that apply the theme to themselves; one of them in a subtree forced dark.
        theme.adopt(card, in: node)
        theme.adopt(darkCard, in: darkNode)
        // The forced-dark card's traits carry its node's scope: system colours and UIColor(ColorSet) below it
        // resolve dark (and, on iOS 17, in the node's custom style and contrast).
        theme.themed(darkCard, in: darkNode).themeTraits()
    }
}

/// A card that applies the theme in one method. Its colours are resolved for the style and contrast in
/// effect at its node, so the card in the forced-dark node is dark whatever the theme's style.
final class CardView: UIView, ThemeApplying {
    private let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -12),
            label.topAnchor.constraint(equalTo: topAnchor, constant: 12),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
        ])
        layer.borderWidth = 1
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("CardView is created in code") }

    func apply(theme env: ThemeContext) {
        let pack = env[ThemePackColors.self]
        func color(_ name: String) -> UIColor? {
            pack.color(name, for: env.style, contrast: env.contrast).map(UIColor.init)
        }
        backgroundColor = color("surface")
        label.textColor = color("textPrimary")
        layer.cornerRadius = CGFloat(env[ThemePackMetrics.self].radius("large") ?? 12)
        layer.borderColor = color("border")?.cgColor
        label.text = "Card in \(env.style.rawValue), \(env.contrast.rawValue) contrast"
    }
}
