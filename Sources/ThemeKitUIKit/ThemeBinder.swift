#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension Theme {
        /// A namespace for binding one object's properties to this theme.
        ///
        /// ```swift
        /// theme.themed(titleLabel).textColor { env in UIColor(env[Palette.self].text) }
        /// theme.themed(button).titleColor(for: .highlighted) { env in UIColor(env[Palette.self].accent) }
        /// theme.themed(view, in: sidebar).backgroundColor { env in UIColor(env[Palette.self].background) }
        /// ```
        ///
        /// Each call binds one property: its provider runs now and again whenever what it read through
        /// `env` changes, always on the main thread: the theme must deliver there (`Delivery.mainThread`,
        /// the default), which this checks here, at setup, rather than when the first change arrives from
        /// another thread. Binding the same property again replaces the earlier provider. The object is
        /// held weakly.
        /// - Parameters:
        ///   - object: The object to theme.
        ///   - node: The override scope the object lives in; `nil` keeps its current one (the root for a
        ///     new object).
        /// - Returns: The namespace.
        @MainActor
        public func themed<Object: AnyObject>(_ object: Object, in node: ThemeNode? = nil) -> ThemeBinder<Object> {
            ThemeBinder<Object>.requireMainThreadDelivery(of: self, in: "Theme.themed(_:in:)")
            return ThemeBinder(object: object, theme: self, node: node)
        }
    }

    /// Binds the properties of one object to a theme: common UIKit properties through their setters,
    /// any other property through a key path, and multi-state APIs through identified closures.
    ///
    /// Made by ``ThemeKit/Theme/themed(_:in:)``. Providers are `@MainActor`: they may build UIKit values
    /// (bar appearances, attributed strings). They must run on the main thread, which a theme created
    /// with `delivery: .mainThread` guarantees.
    @MainActor
    public struct ThemeBinder<Object: AnyObject> {
        /// The object being themed.
        public let object: Object
        /// The theme it follows.
        public let theme: Theme
        /// The override scope it lives in, if one was given.
        public let node: ThemeNode?

        /// Keeps any property equal to what `provider` returns, written through its key path.
        ///
        /// Written as a key-path literal (`set(\.alpha) { … }`), the write is specialised where you
        /// write it into a direct call of the property's setter, as the core's `Theme.bind(_:_:in:_:)`
        /// does; a key path held in a variable still works, through the key-path runtime.
        /// - Parameters:
        ///   - keyPath: The property; it identifies the binding (binding it again replaces this one).
        ///   - provider: Computes the value.
        @inlinable
        public func set<Value>(
            _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Object, Value>,
            _ provider: @escaping @MainActor @Sendable (ThemeContext) -> Value
        ) {
            // Inlinable, the key path an autoclosure handed on to the core's: each evaluation is
            // the caller's literal (see `_BindingBodies.keyPathWrite`).
            theme.bind(object, keyPath(), in: node) { env in Self.onMain(env, provider) }
        }

        /// Keeps any property equal to what `provider` returns for the object, written through its key
        /// path: the provider receives the object, so it reads the object's state without capturing it.
        /// - Parameters:
        ///   - keyPath: The property; it identifies the binding.
        ///   - provider: Computes the value from the object and the theme.
        @inlinable
        public func set<Value>(
            _ keyPath: @autoclosure () -> ReferenceWritableKeyPath<Object, Value>,
            _ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> Value
        ) {
            // As `set(_:_:)` above: the caller's literal reaches the core's autoclosure.
            theme.bind(object, keyPath(), in: node) { object, env in Self.onMain(object, env, provider) }
        }

        /// Keeps a property equal to what `provider` returns, written by `assign` (a direct setter).
        /// - Parameters:
        ///   - keyPath: The property; it identifies the binding (binding it again replaces this one).
        ///   - assign: Writes the value to the object.
        ///   - provider: Computes the value.
        public func set<Value>(
            _ keyPath: ReferenceWritableKeyPath<Object, Value>,
            assign: @escaping @MainActor @Sendable (Object, consuming Value) -> Void,
            _ provider: @escaping @MainActor @Sendable (ThemeContext) -> Value
        ) {
            theme.bind(
                object, keyPath,
                set: Self.onMain(assign), in: node
            ) { env in Self.onMain(env, provider) }
        }

        /// Runs `body` now and whenever what it read through `env` changes: for states, layers and any
        /// API that is not one property.
        ///
        /// The closure receives the object, so it needs no capture of it (or of its owner): read state
        /// through the object, and a view controller's table entry never keeps the controller alive.
        ///
        /// A customization is identified by `id`, else by the call site (file, line and column):
        /// customizing again from the same place replaces the earlier closure, so a reused cell's
        /// `configure()` called 500 times keeps one. Pass an `id` to keep several closures from one
        /// place (one per control state, say).
        /// - Parameters:
        ///   - id: Identifies the closure among the object's customizations; `nil` uses the call site.
        ///   - fileID: The call site's file (filled in by the compiler).
        ///   - line: The call site's line (filled in by the compiler).
        ///   - column: The call site's column (filled in by the compiler).
        ///   - body: Applies the theme to the object.
        public func customize(
            id: String? = nil, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
            _ body: @escaping @MainActor @Sendable (Object, ThemeContext) -> Void
        ) {
            let run: @Sendable (Object, ThemeContext) -> Void = { object, env in
                Self.checkMainThread()
                // Sound: checkMainThread() just proved this runs on the main thread, and assumeIsolated runs the body synchronously here, so the values never cross threads.
                nonisolated(unsafe) let object = object
                // Sound: the same (used synchronously on this, the main, thread).
                nonisolated(unsafe) let env = env
                MainActor.assumeIsolated { body(object, env) }
            }
            theme.customize(object, id: id ?? "site:\(fileID):\(line):\(column)", in: node, run)
        }

        /// Keeps a property equal to what `provider` returns for the object: the provider receives the
        /// object, so it reads the object's state without capturing it (`{ cell, env in cell.isSelected ? … }`).
        ///
        /// Identified by the key path: binding it again with this spelling replaces this one, and it
        /// replaces a binding of the same key path made with the `env`-only spelling.
        /// - Parameters:
        ///   - keyPath: The property.
        ///   - assign: Writes the value to the object (a direct setter).
        ///   - provider: Computes the value from the object and the theme.
        public func set<Value>(
            _ keyPath: ReferenceWritableKeyPath<Object, Value>,
            assign: @escaping @MainActor @Sendable (Object, consuming Value) -> Void,
            _ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> Value
        ) {
            theme.bind(
                object, keyPath,
                set: Self.onMain(assign), in: node
            ) { object, env in Self.onMain(object, env, provider) }
        }

        /// Re-runs every provider and customization of the object now (after its state changed).
        public func refresh() { theme.refresh(object) }

        /// Removes every binding and customization of the object; its properties keep their values.
        public func unbindAll() { theme.unbindAll(object) }

        /// Stops at setup, with what to do, when `theme` would deliver to UIKit objects off the main thread.
        nonisolated static func requireMainThreadDelivery(of theme: Theme, in entryPoint: String) {
            if let problem = theme.mainThreadDeliveryProblem(in: entryPoint) { preconditionFailure(problem) }
        }

        /// Stops with an explanation when a theme delivers to UIKit objects off the main thread (which
        /// ``requireMainThreadDelivery(of:in:)`` rules out at setup).
        nonisolated static func checkMainThread() {
            precondition(
                Thread.isMainThread,
                "ThemeKitUIKit: a UIKit binding ran off the main thread; create the theme with delivery: .mainThread")
        }

        /// Calls a main-actor provider that receives the object from the theme's delivery.
        /// `assign` as a setter the theme may call from its delivering thread: it checks that this
        /// is the main thread and calls `assign` there, synchronously.
        nonisolated static func onMain<Value>(
            _ assign: @escaping @MainActor @Sendable (Object, consuming Value) -> Void
        ) -> @Sendable (Object, consuming Value) -> Void {
            { object, value in
                checkMainThread()
                // Sound: checkMainThread() just proved this runs on the main thread, and assumeIsolated runs the body synchronously here, so the values never cross threads.
                nonisolated(unsafe) let object = object
                // Sound: the same (used synchronously on this, the main, thread).
                nonisolated(unsafe) let value = value
                MainActor.assumeIsolated { assign(object, value) }
            }
        }

        @usableFromInline
        nonisolated static func onMain<Value>(
            _ object: Object, _ env: ThemeContext, _ provider: @MainActor @Sendable (Object, ThemeContext) -> Value
        ) -> Value {
            checkMainThread()
            // Sound: checkMainThread() just proved this runs on the main thread, and assumeIsolated runs the body synchronously here, so the values never cross threads.
            nonisolated(unsafe) let object = object
            // Sound: the same.
            nonisolated(unsafe) let env = env
            // Sound: written by the synchronous main-actor call below, read after it on the same thread.
            nonisolated(unsafe) var result: Value?
            MainActor.assumeIsolated { result = provider(object, env) }
            return result!
        }

        /// Calls a main-actor provider from the theme's delivery, which runs on the main thread.
        @usableFromInline
        nonisolated static func onMain<Value>(
            _ env: ThemeContext, _ provider: @MainActor @Sendable (ThemeContext) -> Value
        ) -> Value {
            checkMainThread()
            // Sound: checkMainThread() just proved this runs on the main thread, and assumeIsolated runs the body synchronously here, so the values never cross threads.
            nonisolated(unsafe) let env = env
            // Sound: written by the synchronous main-actor call below, read after it on the same thread.
            nonisolated(unsafe) var result: Value?
            MainActor.assumeIsolated { result = provider(env) }
            return result!
        }
    }

    extension ThemeBinder where Object: UIView {
        /// Binds `backgroundColor`.
        /// - Parameter provider: Computes the colour.
        public func backgroundColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            set(\.backgroundColor, assign: { $0.backgroundColor = $1 }, provider)
        }

        /// Binds `backgroundColor` with a provider that receives the view (no capture needed).
        /// - Parameter provider: Computes the colour from the view and the theme.
        public func backgroundColor(_ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?) {
            set(\.backgroundColor, assign: { $0.backgroundColor = $1 }, provider)
        }

        /// Binds `tintColor`.
        /// - Parameter provider: Computes the colour.
        public func tintColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            set(\.tintColor, assign: { $0.tintColor = $1 }, provider)
        }

        /// Binds `tintColor` with a provider that receives the view (no capture needed).
        /// - Parameter provider: Computes the colour from the view and the theme.
        public func tintColor(_ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?) {
            set(\.tintColor, assign: { $0.tintColor = $1 }, provider)
        }

        /// Binds `layer.borderColor`, resolving a dynamic colour for the view's traits.
        ///
        /// A layer keeps a `CGColor`, which UIKit does not resolve again when the appearance changes. The
        /// colour is resolved with the view's traits carrying the binding's style, contrast and scope
        /// (`UITraitCollection.theme(_:base:)`), not the window's traits as they are during the pass: a
        /// window bridge changes those only after the bindings ran, so reading them would give the
        /// previous appearance after every in-app switch.
        /// - Parameter provider: Computes the colour.
        public func borderColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            layerColor(id: "layer.borderColor", provider) { $0.layer.borderColor = $1 }
        }

        /// Binds `layer.shadowColor`, resolving a dynamic colour for the view's traits (see ``borderColor(_:)``).
        /// - Parameter provider: Computes the colour.
        public func shadowColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            layerColor(id: "layer.shadowColor", provider) { $0.layer.shadowColor = $1 }
        }

        private func layerColor(
            id: String, _ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?,
            _ write: @escaping @MainActor @Sendable (UIView, CGColor?) -> Void
        ) {
            customize(id: id) { view, env in
                let traits = UITraitCollection.theme(env, base: view.traitCollection)
                write(view, provider(env)?.resolvedColor(with: traits).cgColor)
            }
        }
    }

    extension ThemeBinder where Object: UILabel {
        /// Binds `textColor`.
        /// - Parameter provider: Computes the colour.
        public func textColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `textColor` with a provider that receives the label (no capture needed).
        /// - Parameter provider: Computes the colour from the label and the theme.
        public func textColor(_ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `font`, and turns `adjustsFontForContentSizeCategory` on.
        ///
        /// A font scaled with `UIFontMetrics` (`UIFont.theme(_:compatibleWith:)`) follows the user's text
        /// size only while that property is on: UIKit then rescales it when the content size category
        /// changes, which the theme does not see. A fixed-size font is unaffected. To opt out, set the
        /// property back to `false` after binding.
        /// - Parameter provider: Computes the font.
        public func font(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIFont?) {
            object.adjustsFontForContentSizeCategory = true
            set(\.font, assign: { $0.font = $1 }, provider)
        }

        /// Sets attributes over the whole of `attributedText`, keeping its string.
        /// - Parameter provider: Computes the attributes.
        public func attributedTextAttributes(
            _ provider: @escaping @MainActor @Sendable (ThemeContext) -> [NSAttributedString.Key: Any]
        ) {
            customize(id: "attributedText.attributes") { label, env in
                let text = NSMutableAttributedString(attributedString: label.attributedText ?? NSAttributedString())
                text.addAttributes(provider(env), range: NSRange(location: 0, length: text.length))
                label.attributedText = text
            }
        }
    }

    extension ThemeBinder where Object: UITextField {
        /// Binds `textColor`.
        /// - Parameter provider: Computes the colour.
        public func textColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `textColor` with a provider that receives the object (no capture needed).
        /// - Parameter provider: Computes the colour from the object and the theme.
        public func textColor(_ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `font`, and turns `adjustsFontForContentSizeCategory` on.
        ///
        /// A font scaled with `UIFontMetrics` (`UIFont.theme(_:compatibleWith:)`) follows the user's text
        /// size only while that property is on: UIKit then rescales it when the content size category
        /// changes, which the theme does not see. A fixed-size font is unaffected. To opt out, set the
        /// property back to `false` after binding.
        /// - Parameter provider: Computes the font.
        public func font(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIFont?) {
            object.adjustsFontForContentSizeCategory = true
            set(\.font, assign: { $0.font = $1 }, provider)
        }
    }

    extension ThemeBinder where Object: UITextView {
        /// Binds `textColor`.
        /// - Parameter provider: Computes the colour.
        public func textColor(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `textColor` with a provider that receives the object (no capture needed).
        /// - Parameter provider: Computes the colour from the object and the theme.
        public func textColor(_ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?) {
            set(\.textColor, assign: { $0.textColor = $1 }, provider)
        }

        /// Binds `font`, and turns `adjustsFontForContentSizeCategory` on.
        ///
        /// A font scaled with `UIFontMetrics` (`UIFont.theme(_:compatibleWith:)`) follows the user's text
        /// size only while that property is on: UIKit then rescales it when the content size category
        /// changes, which the theme does not see. A fixed-size font is unaffected. To opt out, set the
        /// property back to `false` after binding.
        /// - Parameter provider: Computes the font.
        public func font(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIFont?) {
            object.adjustsFontForContentSizeCategory = true
            set(\.font, assign: { $0.font = $1 }, provider)
        }
    }

    extension ThemeBinder where Object: UIButton {
        /// Binds the title colour for one control state (`setTitleColor(_:for:)`); one binding per state.
        /// - Parameters:
        ///   - state: The control state.
        ///   - provider: Computes the colour.
        public func titleColor(
            for state: UIControl.State, _ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIColor?
        ) {
            customize(id: "titleColor.\(state.rawValue)") { button, env in
                button.setTitleColor(provider(env), for: state)
            }
        }

        /// Binds the title colour for one control state with a provider that receives the button.
        /// - Parameters:
        ///   - state: The control state.
        ///   - provider: Computes the colour from the button and the theme.
        public func titleColor(
            for state: UIControl.State,
            _ provider: @escaping @MainActor @Sendable (Object, ThemeContext) -> UIColor?
        ) {
            customize(id: "titleColor.\(state.rawValue)") { button, env in
                button.setTitleColor(provider(button, env), for: state)
            }
        }

        /// Binds the image for one control state to an image set, resolved (and tinted) in the binding's
        /// scope.
        /// - Parameters:
        ///   - state: The control state.
        ///   - provider: Chooses the image set; `nil` removes the image.
        public func image(
            for state: UIControl.State, _ provider: @escaping @MainActor @Sendable (ThemeContext) -> ImageSet?
        ) {
            customize(id: "image.\(state.rawValue)") { button, env in
                button.setImage(provider(env).flatMap { UIImage.theme($0, in: env) }, for: state)
            }
        }

        /// Binds the background image for one control state; one binding per state.
        /// - Parameters:
        ///   - state: The control state.
        ///   - provider: Computes the image.
        public func backgroundImage(
            for state: UIControl.State, _ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIImage?
        ) {
            customize(id: "backgroundImage.\(state.rawValue)") { button, env in
                button.setBackgroundImage(provider(env), for: state)
            }
        }
    }

    #if os(iOS)
        extension ThemeBinder where Object: UINavigationBar {
            /// Binds the bar's standard, compact, scroll-edge and (iOS 15+) compact scroll-edge
            /// appearances to one appearance.
            /// - Parameter provider: Builds the appearance.
            public func appearance(
                _ provider: @escaping @MainActor @Sendable (ThemeContext) -> UINavigationBarAppearance
            ) {
                customize(id: "navigationBar.appearance") { bar, env in
                    let appearance = provider(env)
                    bar.standardAppearance = appearance
                    bar.compactAppearance = appearance
                    bar.scrollEdgeAppearance = appearance
                    if #available(iOS 15.0, *) { bar.compactScrollEdgeAppearance = appearance }
                }
            }
        }

        extension ThemeBinder where Object: UITabBar {
            /// Binds the bar's standard and (iOS 15+) scroll-edge appearances to one appearance.
            /// - Parameter provider: Builds the appearance.
            public func appearance(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UITabBarAppearance) {
                customize(id: "tabBar.appearance") { bar, env in
                    let appearance = provider(env)
                    bar.standardAppearance = appearance
                    if #available(iOS 15.0, *) { bar.scrollEdgeAppearance = appearance }
                }
            }
        }

        extension ThemeBinder where Object: UIToolbar {
            /// Binds the toolbar's standard, compact and (iOS 15+) scroll-edge and compact scroll-edge
            /// appearances to one appearance: without the scroll-edge ones, UIKit draws a transparent
            /// toolbar where content meets its edge.
            /// - Parameter provider: Builds the appearance.
            public func appearance(_ provider: @escaping @MainActor @Sendable (ThemeContext) -> UIToolbarAppearance) {
                customize(id: "toolbar.appearance") { bar, env in
                    let appearance = provider(env)
                    bar.standardAppearance = appearance
                    bar.compactAppearance = appearance
                    if #available(iOS 15.0, *) {
                        bar.scrollEdgeAppearance = appearance
                        bar.compactScrollEdgeAppearance = appearance
                    }
                }
            }
        }
    #endif

    /// An object that applies a theme to itself in one method, re-run whenever what it read changes.
    ///
    /// ```swift
    /// final class ProfileHeader: UIView, ThemeApplying {
    ///     func apply(theme env: ThemeContext) {
    ///         backgroundColor = UIColor(env[Palette.self].background)
    ///         nameLabel.textColor = UIColor(env[Palette.self].text)
    ///     }
    /// }
    /// theme.adopt(header)
    /// ```
    @MainActor
    public protocol ThemeApplying: AnyObject {
        /// Applies the theme. Runs on the main thread at once and after each change of what it read;
        /// `env.isAnimatable` is `false` on the first run.
        /// - Parameter env: The resolved style, contrast and values at the object's node.
        func apply(theme env: ThemeContext)
    }

    extension Theme {
        /// Calls `object.apply(theme:)` now and whenever what it read through `env` changes.
        ///
        /// With an `animation`, a view's later applications cross-fade for its duration (the first never
        /// does, nor any with Reduce Motion on: `ThemeSwitchAnimation.animates(isInitialApplication:reduceMotion:duration:)`).
        /// Adopting the same object again replaces the earlier registration.
        ///
        /// ```swift
        /// theme.adopt(header, animation: ThemeSwitchAnimation(duration: 0.3))
        /// ```
        /// - Parameters:
        ///   - object: The object.
        ///   - node: The override scope the object lives in; `nil` keeps its current one.
        ///   - animation: How later applications to a view cross-fade; `nil` applies them at once.
        @MainActor
        public func adopt<Object: ThemeApplying>(
            _ object: Object, in node: ThemeNode? = nil, animation: ThemeSwitchAnimation? = nil
        ) {
            ThemeBinder<Object>.requireMainThreadDelivery(of: self, in: "Theme.adopt(_:in:animation:)")
            let duration = animation?.duration
            themed(object, in: node).customize(id: "ThemeApplying") { object, env in
                guard let duration, let view = object as? UIView,
                    ThemeSwitchAnimation.animates(
                        isInitialApplication: env.isInitialApplication,
                        reduceMotion: UIAccessibility.isReduceMotionEnabled, duration: duration)
                else {
                    object.apply(theme: env)
                    return
                }
                // Sound: this customize body runs on the main actor, and UIView.transition calls its
                // animations block on the main thread while the context's pass is still running.
                nonisolated(unsafe) let env = env
                UIView.transition(
                    with: view, duration: duration, options: [.transitionCrossDissolve, .allowUserInteraction],
                    animations: { object.apply(theme: env) })
            }
        }
    }
#endif
