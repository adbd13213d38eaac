import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

/// The "style protocol in the environment" pattern: a `ButtonStyle` that reads the theme.
///
/// A `ButtonStyle` is not a view, so its body is one: `CatalogButton` reads the colours and metrics with
/// `@ThemeValue` and redraws when they change.
struct CatalogButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        CatalogButton(label: configuration.label, isPressed: configuration.isPressed)
    }
}

private struct CatalogButton<Label: View>: View {
    let label: Label
    let isPressed: Bool
    @ThemeValue(ThemePackColors.self) private var colors
    @ThemeValue(ThemePackMetrics.self) private var metrics
    @ThemeValue(ThemePackTypography.self) private var typography
    @ThemeAppearance private var appearance

    var body: some View {
        label
            .themeFont(typography["headline"])
            .foregroundColor(appearance.color(colors.colors["onAccent"], baseStyles: colors.styles))
            .padding(.horizontal, CGFloat(metrics.spacing("m") ?? 16))
            .padding(.vertical, CGFloat(metrics.spacing("s") ?? 8))
            .background(
                RoundedRectangle(cornerRadius: CGFloat(metrics.radius("medium") ?? 8))
                    .fill(appearance.color(colors.colors["accent"], baseStyles: colors.styles))
            )
            .opacity(isPressed ? 0.7 : 1)
    }
}
