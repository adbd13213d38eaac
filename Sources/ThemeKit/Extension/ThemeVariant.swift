/// A named set of values of one ``ThemeExtension`` type for each appearance — a brand.
///
/// A theme with an active variant for a type resolves that type per style and
/// contrast, so a subtree forced to `.dark` reads the variant's dark value while
/// the rest of the app reads its light one.
///
/// ```swift
/// struct PaletteVariant: ThemeVariant { let id: String; let light: Palette; let dark: Palette }
/// theme.register([brandA])
/// theme.apply(variant: brandA, for: .dark)
/// ```
public protocol ThemeVariant: Sendable {
    /// The extension type this variant supplies.
    associatedtype Extension: ThemeExtension

    /// A stable identifier, persisted so the variant can be restored on the next launch.
    var id: String { get }
    /// The value for the light style (and, by default, for custom styles).
    var light: Extension { get }
    /// The value for the dark style.
    var dark: Extension { get }
    /// The value for light with increased contrast; `nil` falls back to ``light``.
    var highContrastLight: Extension? { get }
    /// The value for dark with increased contrast; `nil` falls back to ``dark``.
    var highContrastDark: Extension? { get }

    /// Returns the value for a style and contrast.
    ///
    /// The default resolves `.dark` to ``dark`` and every other style to ``light``,
    /// using the high-contrast value when `contrast` is `.increased` and one is given.
    /// Implement it to give custom styles their own values. It must be a pure
    /// function: it may be called on any thread, at any time.
    func value(for style: ThemeStyle, contrast: ThemeContrast) -> Extension
}

extension ThemeVariant {
    /// No high-contrast light value: ``light`` is used.
    public var highContrastLight: Extension? { nil }
    /// No high-contrast dark value: ``dark`` is used.
    public var highContrastDark: Extension? { nil }

    /// Resolves `.dark` to the dark values and every other style to the light ones.
    public func value(for style: ThemeStyle, contrast: ThemeContrast) -> Extension {
        if style == .dark {
            return contrast == .increased ? (highContrastDark ?? dark) : dark
        }
        return contrast == .increased ? (highContrastLight ?? light) : light
    }
}
