import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

/// The pack's text styles, scaled for the environment's Dynamic Type size.
struct TypographyScreen: View {
    @ThemeValue(ThemePackTypography.self) private var typography
    @Environment(\.sizeCategory) private var sizeCategory

    var body: some View {
        List {
            ForEach(typography.tokens.keys.sorted(), id: \.self) { name in
                if let token = typography[name] {
                    VStack(alignment: .leading) {
                        Text(name).themeFont(token)
                        Text(description(of: token)).font(.caption)
                    }
                }
            }
        }
        .navigationBarTitle("Typography")
    }

    private func description(of token: TypographyToken) -> String {
        let size = token.scaledSize(at: TextSizeCategory(sizeCategory))
        let family = token.family ?? "System"
        return "\(family), \(Int(token.size.rounded())) pt → \(String(format: "%.1f", size)) pt here"
    }
}
