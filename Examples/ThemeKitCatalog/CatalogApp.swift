import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens
import ThemeKitUIKit

/// ThemeKit's iOS catalog: SwiftUI screens and one hosted UIKit screen over one theme.
///
/// Run it in Xcode as README.md, "The example app (iOS, in Xcode)", says: a new iOS App project, this
/// checkout added as a local package, these six files and `Examples/Packs/ocean.json` and `ember.json`
/// (resources of the app target) dragged in. The app also loads a pack from any URL.
@main @MainActor
struct CatalogApp: App {
    @StateObject private var model = CatalogModel()

    var body: some Scene {
        WindowGroup {
            ContentView(model: model)
                .theme(model.theme)
                .themeWindow(model.theme)
        }
    }
}

extension ThemeStyle {
    /// The ocean pack's night style, based on dark.
    static let deepSea = ThemeStyle(rawValue: "deepSea")
    /// The ember pack's paper style, based on light.
    static let sepia = ThemeStyle(rawValue: "sepia")
}
