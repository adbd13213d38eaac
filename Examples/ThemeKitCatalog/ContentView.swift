import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

/// The catalog's main screen: brand, style and contrast controls, then what they change.
struct ContentView: View {
    @ObservedObject var model: CatalogModel
    @Environment(\.theme) private var theme
    @ThemeValue(ThemePackColors.self) private var colors
    @ThemeAppearance private var appearance

    var body: some View {
        NavigationView {
            List {
                Section(header: Text("Brand")) {
                    ForEach(model.packs, id: \.id) { pack in
                        Button {
                            model.select(pack)
                        } label: {
                            HStack {
                                Text(pack.name)
                                Spacer()
                                if pack.id == model.selectedPackID { Image(systemName: "checkmark") }
                            }
                        }
                    }
                    TextField("Pack URL", text: $model.packURL)
                        .keyboardType(.URL)
                        .autocapitalization(.none)
                    Button("Load pack from URL") { model.loadFromURL() }
                    if let status = model.status { Text(status).font(.footnote) }
                }
                AppearanceControls(customStyles: colors.styles.keys.sorted { $0.rawValue < $1.rawValue })
                Section(header: Text("Colours")) {
                    SwatchGrid()
                }
                Section(header: Text("Forced dark")) {
                    // The background is resolved inside the override (in ForcedSwatches), for its style.
                    ForcedSwatches()
                        .themeOverride(style: .dark)
                }
                Section(header: Text("More")) {
                    NavigationLink("Typography", destination: TypographyScreen())
                    NavigationLink("UIKit screen", destination: UIKitScreen().navigationBarTitle("UIKit"))
                }
            }
            .navigationBarTitle("ThemeKit")
        }
    }
}

/// The swatches on the pack's background, both resolved in the scope this view is drawn in.
struct ForcedSwatches: View {
    @ThemeValue(ThemePackColors.self) private var colors
    @ThemeAppearance private var appearance

    var body: some View {
        SwatchGrid()
            .padding()
            .background(appearance.color(colors.colors["background"], baseStyles: colors.styles))
    }
}

/// Style and contrast: follow the system, or force one. `followsSystem` and `followsSystemContrast`
/// are read from the theme (observable), not kept in a copy.
struct AppearanceControls: View {
    let customStyles: [ThemeStyle]
    @Environment(\.theme) private var theme
    @ThemeAppearance private var appearance

    var body: some View {
        Section(header: Text("Appearance: \(appearance.style.rawValue), \(appearance.contrast.rawValue)")) {
            Toggle(
                "Follow the system", isOn: Binding(get: { appearance.followsSystem }, set: { theme.followsSystem = $0 })
            )
            if !appearance.followsSystem {
                ForEach([ThemeStyle.light, .dark] + customStyles, id: \.self) { style in
                    Button(style.rawValue) { theme.style = style }
                }
            }
            Toggle(
                "System contrast",
                isOn: Binding(get: { appearance.followsSystemContrast }, set: { theme.followsSystemContrast = $0 }))
            if !appearance.followsSystemContrast {
                ForEach(ThemeContrast.allCases, id: \.self) { contrast in
                    Button(contrast.rawValue) { theme.contrast = contrast }
                }
            }
        }
    }
}

/// The pack's main colours, resolved where the grid is drawn (so inside an override, for its style).
struct SwatchGrid: View {
    @ThemeValue(ThemePackColors.self) private var colors
    @ThemeValue(ThemePackMetrics.self) private var metrics
    @ThemeAppearance private var appearance

    private let names = ["background", "surface", "textPrimary", "textSecondary", "accent", "border"]

    var body: some View {
        VStack(alignment: .leading, spacing: CGFloat(metrics.spacing("s") ?? 8)) {
            ForEach(names, id: \.self) { name in
                HStack {
                    RoundedRectangle(cornerRadius: CGFloat(metrics.radius("small") ?? 4))
                        .fill(appearance.color(colors.colors[name], baseStyles: colors.styles))
                        .frame(width: 44, height: 28)
                    Text(name)
                        .foregroundColor(appearance.color(colors.colors["textPrimary"], baseStyles: colors.styles))
                }
            }
            Button("Accent button") {}
                .buttonStyle(CatalogButtonStyle())
        }
    }
}
