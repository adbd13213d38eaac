#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens

    extension Font {
        /// A font for a typography token that scales with Dynamic Type where SwiftUI can scale it alone.
        ///
        /// - A token with a `TypographyToken.family` is `Font.custom(_:size:relativeTo:)`
        ///   its text style (fixed size without one).
        /// - A system-font token whose size is its text style's default is `Font.system(_:design:)` of
        ///   that style, which scales.
        /// - A system-font token with another size has no scaling SwiftUI font: it is that fixed size.
        ///   Use ``SwiftUI/View/themeFont(_:)``, which scales it by the environment's size category
        ///   (`DynamicTypeScale`).
        ///
        /// Weight and design come from the token (`TypographyToken.namedWeight`).
        /// - Parameter token: The typography token.
        public init(_ token: TypographyToken) {
            // Which face: decided in ThemeKitTokens (`TypographyToken.scalingFace`, tested on Linux).
            self.init(token.scalingFace, token: token)
        }

        /// A font for a typography token at a content size category: its size scaled along its text
        /// style's Dynamic Type curve (`TypographyToken.scaledSize(at:)`).
        /// - Parameters:
        ///   - token: The typography token.
        ///   - sizeCategory: The content size category to size it for.
        public init(_ token: TypographyToken, sizeCategory: TextSizeCategory) {
            self.init(token.face(at: sizeCategory), token: token)
        }

        /// The font of `face`, with `token`'s weight and design.
        private init(_ face: TypographyToken.Face, token: TypographyToken) {
            let weight = Font.Weight(token.namedWeight)
            switch face {
            case .custom(let family, let size, let style?):
                self = Font.custom(family, size: size, relativeTo: Font.TextStyle(style)).weight(weight)
            case .custom(let family, let size, nil):
                self = Font.custom(family, fixedSize: size).weight(weight)
            case .systemTextStyle(let style):
                self = Font.system(Font.TextStyle(style), design: Font.Design(token.design)).weight(weight)
            case .system(let size):
                self = Font.system(size: size, weight: weight, design: Font.Design(token.design))
            }
        }
    }

    extension View {
        /// Sets the font of a typography token, scaled for the environment's content size category, and
        /// its line height.
        ///
        /// ```swift
        /// Text("Title").themeFont(typography["title"])
        /// ```
        /// - Parameter token: The token; `nil` leaves the font unchanged.
        /// - Returns: A view with the token's font.
        public func themeFont(_ token: TypographyToken?) -> some View {
            modifier(ThemeFontModifier(token: token))
        }
    }

    private struct ThemeFontModifier: ViewModifier {
        let token: TypographyToken?
        @Environment(\.sizeCategory) private var sizeCategory

        // One structure whether or not there is a token (no `AnyView` of two types): a token that
        // arrives later (a pack loaded after launch) changes the environment, not the view's
        // identity, so the content keeps its state, focus and scroll position.
        func body(content: Content) -> some View {
            let category = TextSizeCategory(sizeCategory)
            return
                content
                .transformEnvironment(\.font) { font in
                    if let token { font = Font(token, sizeCategory: category) }
                }
                .transformEnvironment(\.lineSpacing) { spacing in
                    if let token { spacing = token.lineSpacing(at: category) }
                }
        }
    }

    extension TextSizeCategory {
        /// The category of a SwiftUI content size category (an unknown future one counts as `large`).
        /// - Parameter category: The SwiftUI category.
        public init(_ category: ContentSizeCategory) {
            switch category {
            case .extraSmall: self = .extraSmall
            case .small: self = .small
            case .medium: self = .medium
            case .large: self = .large
            case .extraLarge: self = .extraLarge
            case .extraExtraLarge: self = .extraExtraLarge
            case .extraExtraExtraLarge: self = .extraExtraExtraLarge
            case .accessibilityMedium: self = .accessibilityMedium
            case .accessibilityLarge: self = .accessibilityLarge
            case .accessibilityExtraLarge: self = .accessibilityExtraLarge
            case .accessibilityExtraExtraLarge: self = .accessibilityExtraExtraLarge
            case .accessibilityExtraExtraExtraLarge: self = .accessibilityExtraExtraExtraLarge
            @unknown default: self = .large
            }
        }
    }

    extension Font.TextStyle {
        /// The SwiftUI text style of a token's text style.
        /// - Parameter style: The token's text style.
        public init(_ style: TextStyle) {
            switch style {
            case .largeTitle: self = .largeTitle
            case .title: self = .title
            case .title2: self = .title2
            case .title3: self = .title3
            case .headline: self = .headline
            case .subheadline: self = .subheadline
            case .body: self = .body
            case .callout: self = .callout
            case .footnote: self = .footnote
            case .caption: self = .caption
            case .caption2: self = .caption2
            }
        }
    }

    extension Font.Weight {
        /// The SwiftUI weight of a named weight.
        /// - Parameter weight: The named weight.
        public init(_ weight: NamedFontWeight) {
            switch weight {
            case .ultraLight: self = .ultraLight
            case .thin: self = .thin
            case .light: self = .light
            case .regular: self = .regular
            case .medium: self = .medium
            case .semibold: self = .semibold
            case .bold: self = .bold
            case .heavy: self = .heavy
            case .black: self = .black
            }
        }
    }

    extension Font.Design {
        /// The SwiftUI design of a token's font design.
        /// - Parameter design: The token's design.
        public init(_ design: FontDesign) {
            switch design {
            case .default: self = .default
            case .serif: self = .serif
            case .rounded: self = .rounded
            case .monospaced: self = .monospaced
            }
        }
    }
#endif
