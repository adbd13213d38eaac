import Foundation
import ThemeKitTokens

/// The catalog's state: the theme, the packs it can switch between, and loading a pack from a URL.
@MainActor
final class CatalogModel: ObservableObject {
    /// The app's theme: persisted in `UserDefaults`, delivering on the main thread.
    let theme = Theme(storage: UserDefaultsThemeStorage(), namespace: "catalog", delivery: .mainThread)

    /// The bundled packs and any loaded from a URL.
    @Published private(set) var packs: [ThemePack] = []
    /// The URL typed into the loader.
    @Published var packURL = "https://example.com/themes/ocean.json"
    /// What the last action reported, for the status line.
    @Published private(set) var status: String?

    private let loader = ThemePackLoader<ThemePack>(
        configuration: .init(
            timeout: 10,
            cacheDirectory: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
                .appendingPathComponent("ThemePacks")))

    init() {
        var problems: [String] = []
        for name in ["ocean", "ember"] {
            guard let url = Bundle.main.url(forResource: name, withExtension: "json") else {
                problems.append("\(name).json is not in the app bundle")
                continue
            }
            do {
                packs.append(try ThemePackDecoder().decode(contentsOf: url).pack)
            } catch {
                problems.append(error.description)
            }
        }
        status = problems.isEmpty ? nil : problems.joined(separator: "\n")
        restoreSelection()
    }

    /// The id of the pack in use.
    @Published private(set) var selectedPackID: String?

    /// Applies `pack` and remembers it.
    func select(_ pack: ThemePack) {
        do {
            try theme.select(pack)
            status = nil
        } catch {
            status = "Applied \(pack.name), but the choice was not saved: \(error.description)"
        }
        selectedPackID = pack.id
    }

    /// Loads the pack at ``packURL``; on success it is applied from the loader's background queue (the
    /// theme delivers to views on the main thread) and added to ``packs``.
    func loadFromURL() {
        guard let url = URL(string: packURL), url.scheme == "https" || url.scheme == "http" else {
            status = "“\(packURL)” is not an http(s) URL"
            return
        }
        status = "Loading \(url.absoluteString)…"
        let theme = self.theme
        loader.load(from: url) { [weak self] result in
            if case .success(let loaded) = result { theme.apply(loaded.pack) }
            Task { @MainActor in self?.didLoad(result) }
        }
    }

    private func didLoad(_ result: Result<LoadedPack<ThemePack>, ThemePackLoaderError>) {
        switch result {
        case .success(let loaded):
            packs.removeAll { $0.id == loaded.pack.id }
            packs.append(loaded.pack)
            selectedPackID = loaded.pack.id
            status = "Loaded \(loaded.pack.name)"
        case .failure(let error):
            status = error.description
        }
    }

    private func restoreSelection() {
        let preferences: ThemePackPreferences
        do {
            preferences = try theme.loadPackPreferences()
        } catch {
            status = error.description
            preferences = ThemePackPreferences()
        }
        guard let pack = packs.first(where: { $0.id == preferences.selectedPackID }) ?? packs.first else { return }
        theme.apply(pack, preferences: preferences)
        selectedPackID = pack.id
    }
}
