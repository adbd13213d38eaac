#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension UIImage {
        /// The image of a set for a binding's scope (`ThemeColorScope(env)`): the style's and contrast's
        /// image, drawn in its tint (resolved in the same scope) when it has one; `nil` when no asset or
        /// symbol has that name.
        ///
        /// ```swift
        /// theme.themed(logoView).image { _ in logo }
        /// ```
        /// - Parameters:
        ///   - set: The image set.
        ///   - env: The binding's context.
        ///   - bundle: The bundle whose asset catalog holds the assets (a Swift package's `Bundle.module`,
        ///     a framework's); `nil`, the default: the main bundle.
        /// - Returns: The image, or `nil` when none has the resolved name.
        public static func theme(_ set: ImageSet, in env: ThemeContext, bundle: Bundle? = nil) -> UIImage? {
            theme(set, scope: ThemeColorScope(env), bundle: bundle)
        }

        /// The image of a set for a scope, tinted when it has a tint.
        ///
        /// An asset is looked up for the scope's appearance and contrast, so an asset catalog's dark or
        /// high-contrast variant matches the scope (a `ThemeNode` override, a custom style's base).
        /// - Parameters:
        ///   - set: The image set.
        ///   - scope: Where it is drawn.
        ///   - bundle: The bundle whose asset catalog holds the assets; `nil`, the default: the main bundle.
        /// - Returns: The image, or `nil` when none has the resolved name.
        public static func theme(_ set: ImageSet, scope: ThemeColorScope, bundle: Bundle? = nil) -> UIImage? {
            let (image, tint) = set.resolvedTint(in: scope)
            let found: UIImage? =
                switch image.source {
                case .asset:
                    UIImage(
                        named: image.name, in: bundle,
                        compatibleWith: UITraitCollection.theme(scope, base: UITraitCollection()))
                case .symbol: UIImage(systemName: image.name)
                }
            guard let found, let tint else { return found }
            return found.withTintColor(UIColor(tint), renderingMode: .alwaysOriginal)
        }
    }

    extension UIStatusBarStyle {
        /// The UIKit status-bar style of a theme's.
        /// - Parameter style: The theme's status-bar style.
        public init(_ style: ThemeStatusBarStyle) {
            switch style {
            case .darkContent: self = .darkContent
            case .lightContent: self = .lightContent
            }
        }
    }

    extension UIKeyboardAppearance {
        /// The UIKit keyboard appearance of a theme's.
        /// - Parameter appearance: The theme's keyboard appearance.
        public init(_ appearance: ThemeKeyboardAppearance) {
            switch appearance {
            case .light: self = .light
            case .dark: self = .dark
            }
        }

        /// What a `keyboardAppearance` binding writes: `provider`'s choice, else the appearance the
        /// scope of `env` is drawn in.
        @MainActor
        static func theme(
            _ env: ThemeContext, _ provider: (@MainActor @Sendable (ThemeContext) -> UIKeyboardAppearance)?
        ) -> UIKeyboardAppearance {
            provider?(env) ?? UIKeyboardAppearance(ThemeKeyboardAppearance(ThemeColorScope(env)))
        }
    }

    extension ThemeBinder where Object: UIImageView {
        /// Binds `image` to an image set, resolved (and tinted) in the binding's scope.
        /// - Parameter provider: Chooses the image set; `nil` removes the image.
        public func image(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> ImageSet?) {
            customize(id: "imageView.image") { view, env in
                view.image = provider(env).flatMap { UIImage.theme($0, in: env) }
            }
        }
    }

    extension ThemeBinder where Object: UITextField {
        /// Binds `keyboardAppearance` to the appearance the binding's scope is drawn in
        /// (`ThemeKeyboardAppearance`), or to what `provider` returns.
        /// - Parameter provider: Computes the appearance; `nil` follows the scope.
        public func keyboardAppearance(
            _ provider: (@MainActor @Sendable (ThemeContext) -> UIKeyboardAppearance)? = nil
        ) {
            customize(id: "keyboardAppearance") { field, env in
                field.keyboardAppearance = UIKeyboardAppearance.theme(env, provider)
            }
        }
    }

    extension ThemeBinder where Object: UITextView {
        /// Binds `keyboardAppearance` to the appearance the binding's scope is drawn in, or to what
        /// `provider` returns.
        /// - Parameter provider: Computes the appearance; `nil` follows the scope.
        public func keyboardAppearance(
            _ provider: (@MainActor @Sendable (ThemeContext) -> UIKeyboardAppearance)? = nil
        ) {
            customize(id: "keyboardAppearance") { view, env in
                view.keyboardAppearance = UIKeyboardAppearance.theme(env, provider)
            }
        }
    }

    extension ThemeBinder where Object: UIView {
        /// Puts the binding's scope (its node's style and contrast, the pack's base styles) in the view's
        /// traits, so every dynamic colour below it resolves for the subtree: `overrideUserInterfaceStyle`
        /// on every version, and ``ThemeStyleTrait`` (custom style, contrast) on iOS 17.
        ///
        /// ```swift
        /// let preview = ThemeNode(parent: theme.root)
        /// preview.overrideStyle = .dark
        /// theme.themed(previewContainer, in: preview).themeTraits()
        /// ```
        public func themeTraits() {
            customize(id: "themeTraits") { view, env in
                let scope = ThemeColorScope(env)
                view.overrideUserInterfaceStyle = UIUserInterfaceStyle(scope.appearance)
                if #available(iOS 17.0, tvOS 17.0, *) {
                    view.traitOverrides[ThemeStyleTrait.self] = ThemeStyleTrait.Style(scope)
                }
            }
        }

        /// Binds a gradient layer's colours and end points to a gradient resolved in the binding's scope.
        /// - Parameters:
        ///   - layer: The gradient layer (the view's own layer or a sublayer it owns).
        ///   - provider: Chooses the gradient.
        public func gradient(
            _ layer: @escaping @MainActor @Sendable (Object) -> CAGradientLayer,
            _ provider: @escaping @MainActor @Sendable (ThemeContext) -> ThemeGradient
        ) {
            customize(id: "gradient") { view, env in
                let gradient = provider(env)
                let stops = gradient.resolved(in: ThemeColorScope(env))
                let target = layer(view)
                target.colors = stops.map { UIColor($0.color).cgColor }
                target.locations = stops.map { NSNumber(value: $0.location) }
                target.startPoint = CGPoint(x: gradient.start.x, y: gradient.start.y)
                target.endPoint = CGPoint(x: gradient.end.x, y: gradient.end.y)
            }
        }
    }

    #if os(iOS)
        extension ThemeBinder where Object: UIViewController {
            /// Keeps a controller's status bar in step with the theme: `store` receives the style for the
            /// binding's scope (`ThemeStatusBarStyle`, or what `provider` returns) and the controller is
            /// asked to update its status bar.
            ///
            /// ```swift
            /// final class ProfileViewController: UIViewController {
            ///     private var statusBarStyle = UIStatusBarStyle.default
            ///     override var preferredStatusBarStyle: UIStatusBarStyle { statusBarStyle }
            ///     func bindTheme(_ theme: Theme) {
            ///         theme.themed(self).statusBarStyle { controller, style in controller.statusBarStyle = style }
            ///     }
            /// }
            /// ```
            /// - Parameters:
            ///   - provider: Computes the style; `nil` uses the scope's appearance.
            ///   - store: Keeps the style where `preferredStatusBarStyle` returns it.
            public func statusBarStyle(
                _ provider: (@MainActor @Sendable (ThemeContext) -> ThemeStatusBarStyle)? = nil,
                store: @escaping @MainActor @Sendable (Object, UIStatusBarStyle) -> Void
            ) {
                customize(id: "statusBarStyle") { controller, env in
                    store(controller, UIStatusBarStyle(provider?(env) ?? ThemeStatusBarStyle(ThemeColorScope(env))))
                    controller.setNeedsStatusBarAppearanceUpdate()
                }
            }
        }
    #endif
#endif
