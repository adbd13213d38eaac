#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension UIFont {
        /// A font for a typography token that scales with Dynamic Type through `UIFontMetrics` of its
        /// text style.
        ///
        /// ```swift
        /// label.font = typography["body"].map { UIFont.theme($0) } ?? .preferredFont(forTextStyle: .body)
        /// label.adjustsFontForContentSizeCategory = true
        /// ```
        ///
        /// The family's face nearest the token's weight is used, or the system font (with the token's
        /// design) when the token has no family or the family is not installed. The family is matched
        /// ignoring case (`"helvetica neue"` finds Helvetica Neue). A token without a text style keeps
        /// its size.
        /// - Parameters:
        ///   - token: The typography token.
        ///   - traits: The traits whose content size category the font is scaled for; the current ones
        ///     by default.
        /// - Returns: The font.
        public static func theme(_ token: TypographyToken, compatibleWith traits: UITraitCollection? = nil) -> UIFont {
            let size = CGFloat(token.size)
            let weight = UIFont.Weight(token.namedWeight)
            // Which face: decided in ThemeKitTokens (`TypographyToken.installedFace`, tested on Linux).
            let base: UIFont
            switch token.installedFace(among: UIFont.familyNames) {
            case .family(let family):
                let descriptor = UIFontDescriptor(fontAttributes: [
                    .family: family, .traits: [UIFontDescriptor.TraitKey.weight: weight],
                ])
                base = UIFont(descriptor: descriptor, size: size)
            case .system(let design):
                let system = UIFont.systemFont(ofSize: size, weight: weight)
                base =
                    system.fontDescriptor.withDesign(UIFontDescriptor.SystemDesign(design))
                    .map { UIFont(descriptor: $0, size: size) } ?? system
            }
            guard let style = token.textStyle else { return base }
            return UIFontMetrics(forTextStyle: UIFont.TextStyle(style)).scaledFont(for: base, compatibleWith: traits)
        }
    }

    extension UIFont.TextStyle {
        /// The UIKit text style of a token's text style (`largeTitle` is `title1` on tvOS, which has none).
        /// - Parameter style: The token's text style.
        public init(_ style: TextStyle) {
            switch style {
            case .largeTitle:
                #if os(tvOS)
                    self = .title1
                #else
                    self = .largeTitle
                #endif
            case .title: self = .title1
            case .title2: self = .title2
            case .title3: self = .title3
            case .headline: self = .headline
            case .subheadline: self = .subheadline
            case .body: self = .body
            case .callout: self = .callout
            case .footnote: self = .footnote
            case .caption: self = .caption1
            case .caption2: self = .caption2
            }
        }
    }

    extension UIFont.Weight {
        /// The UIKit weight of a named weight.
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

    extension UIFontDescriptor.SystemDesign {
        /// The UIKit system design of a token's font design.
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

    extension TextSizeCategory {
        /// The category of a UIKit content size category (`unspecified` and unknown ones count as `large`).
        /// - Parameter category: The UIKit category.
        public init(_ category: UIContentSizeCategory) {
            let table: [UIContentSizeCategory: TextSizeCategory] = [
                .extraSmall: .extraSmall, .small: .small, .medium: .medium, .large: .large,
                .extraLarge: .extraLarge, .extraExtraLarge: .extraExtraLarge,
                .extraExtraExtraLarge: .extraExtraExtraLarge, .accessibilityMedium: .accessibilityMedium,
                .accessibilityLarge: .accessibilityLarge, .accessibilityExtraLarge: .accessibilityExtraLarge,
                .accessibilityExtraExtraLarge: .accessibilityExtraExtraLarge,
                .accessibilityExtraExtraExtraLarge: .accessibilityExtraExtraExtraLarge,
            ]
            self = table[category] ?? .large
        }
    }
#endif
