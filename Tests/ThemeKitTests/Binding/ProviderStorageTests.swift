import Testing
import ThemeKitTestSupport

@testable import ThemeKit

/// A closure binding's provider lives in its binding record (see `ProviderStorage`):
/// each way a binding ends must give back its captures exactly once.
@Suite struct ProviderStorageTests {
    final class Capture: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// Binds `label.textColor` with a provider capturing a fresh object; returns a weak probe of it.
    private func bindCapturing(_ theme: Theme, _ label: Label, _ name: String) -> () -> Capture? {
        let capture = Capture(name)
        weak let probe = capture
        theme.bind(label, \.textColor) { env in capture.name + env[Palette.self].text }
        return { probe }
    }

    @Test("replacing a binding releases the old provider's captures and keeps the new one's")
    func replacementReleasesOldProvider() {
        let theme = makeTheme()
        let label = Label()
        let first = bindCapturing(theme, label, "a")
        let second = bindCapturing(theme, label, "b")
        #expect(first() == nil)
        #expect(second()?.name == "b")
        #expect(label.textColor == "b#000000")
        theme.apply(Palette(background: "#111111", text: "#222222"))
        #expect(label.textColor == "b#222222")
        #expect(theme.bindingCount == 1)
    }

    @Test("unbind, unbindAll and the end of the theme release providers' captures")
    func everyEndReleases() {
        let label = Label()
        var probes: [() -> Capture?] = []
        do {
            let theme = makeTheme()
            probes.append(bindCapturing(theme, label, "unbind"))
            theme.unbind(label, \.textColor)
            #expect(probes[0]() == nil)

            probes.append(bindCapturing(theme, label, "unbindAll"))
            theme.unbindAll(label)
            #expect(probes[1]() == nil)

            probes.append(bindCapturing(theme, label, "theme"))
            // One more bound inside a batch: added to the table, run when the batch ends.
            let other = Label()
            theme.batch { probes.append(bindCapturing(theme, other, "queued")) }
            #expect(other.textColor == "queued#000000")
            #expect(probes[2]()?.name == "theme")
            #expect(probes[3]()?.name == "queued")
        }
        #expect(probes[2]() == nil)
        #expect(probes[3]() == nil)
    }

    @Test("closure bindings of one key path share a runner; each keeps its own provider")
    func runnersAreSharedPerKeyPath() {
        let theme = makeTheme()
        let labels = (0..<50).map { _ in Label() }
        for (index, label) in labels.enumerated() {
            theme.bind(label, \.textColor) { env in "\(index)" + env[Palette.self].text }
            theme.bind(label, \.cornerRadius) { env in Double(index) + env[Metrics.self].cornerRadius }
        }
        theme.apply(Palette(background: "#000001", text: "#000002"))
        theme.apply(Metrics(cornerRadius: 100))
        #expect(
            labels.enumerated().allSatisfy { $1.textColor == "\($0)#000002" && $1.cornerRadius == Double($0) + 100 })
        let runners = theme.core.withEngine { () -> Set<ObjectIdentifier> in
            var found = Set<ObjectIdentifier>()
            for slot in theme.core.table.slots {
                for binding in theme.core.table.bindings(of: Int32(slot)) {
                    if let runner = binding.runner { found.insert(ObjectIdentifier(runner.takeUnretainedValue())) }
                }
            }
            return found
        }
        #expect(runners?.count == 2)
        #expect(theme.checkInvariants() == [])
    }
}
