import Testing
import ThemeKit

/// Bindings write plain stored properties directly and everything else through the
/// key path; these tests pin down that observers, setters and nested paths still work.
@Suite struct KeyPathWriteTests {
    // Sound: only touched by the test's thread.
    final class Inner: @unchecked Sendable {
        var radius = 0.0
    }

    // Sound: only touched by the test's thread.
    final class Widget: @unchecked Sendable {
        var plain = ""
        var observed = "" { didSet { observedWrites += 1 } }
        var observedWrites = 0
        var backing = ""
        var computed: String {
            get { backing }
            set { backing = newValue.uppercased() }
        }
        var inner = Inner()
    }

    // Sound: only touched by the test's thread.
    class BaseWidget: @unchecked Sendable {
        var baseTitle = ""
    }

    // Sound: only touched by the test's thread.
    final class DerivedWidget: BaseWidget, @unchecked Sendable {
        var extra = 0.0
    }

    @Test("stored, observed, computed and nested properties all receive every value")
    func everyKindOfProperty() {
        let theme = makeTheme()
        let widgets = (0..<3).map { _ in Widget() }
        for widget in widgets {
            theme.bind(widget, \.plain) { env in "plain-\(env.style.rawValue)" }
            theme.bind(widget, \.observed) { env in "observed-\(env.style.rawValue)" }
            theme.bind(widget, \.computed) { env in "computed-\(env.style.rawValue)" }
            theme.bind(widget, \.inner.radius) { env in env.style == .dark ? 12 : 4 }
        }
        theme.style = .dark
        // Replace a nested object: later writes must reach the new one, never the old.
        let old = widgets[0].inner
        widgets[0].inner = Inner()
        theme.style = .light
        for widget in widgets {
            #expect(widget.plain == "plain-light")
            #expect(widget.observed == "observed-light")
            #expect(widget.observedWrites == 3, "didSet runs on every write")
            #expect(widget.backing == "COMPUTED-LIGHT", "the setter runs")
            #expect(widget.inner.radius == 4)
        }
        #expect(old.radius == 12)
    }

    @Test("properties inherited from a superclass are written on subclass instances")
    func inheritedProperties() {
        let theme = makeTheme()
        let widgets = (0..<3).map { _ in DerivedWidget() }
        for widget in widgets {
            theme.bind(widget, \.baseTitle) { env in env.style.rawValue }
            theme.bind(widget, \.extra) { env in env.style == .dark ? 1 : 2 }
        }
        theme.style = .dark
        for widget in widgets {
            #expect(widget.baseTitle == "dark")
            #expect(widget.extra == 1)
        }
    }
}
