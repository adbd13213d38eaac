import Testing
import ThemeKitTestSupport

@testable import ThemeKit

/// What SwiftUI's `.theme` reports of each reading of the environment (`SystemAppearanceReporter`).
@Suite struct SystemAppearanceReporterTests {
    typealias Report = SystemAppearanceReporter.Report

    @Test("the first reading is reported whole and at once; the same reading again reports nothing")
    func firstReading() {
        var reporter = SystemAppearanceReporter()
        #expect(
            reporter.report(observed: .dark, contrast: .standard, forced: nil)
                == Report(style: .dark, contrast: .standard, isFirst: true))
        #expect(
            reporter.report(observed: .dark, contrast: .standard, forced: nil)
                == Report(style: nil, contrast: nil, isFirst: false))
        #expect(
            reporter.report(observed: .light, contrast: .increased, forced: nil)
                == Report(style: .light, contrast: .increased, isFirst: false))
    }

    @Test("a reading taken while the theme forces the appearance reports its contrast only")
    func forcedReading() {
        var reporter = SystemAppearanceReporter()
        // A first launch with the user's forced dark: the scheme read is the override, not the system's.
        #expect(
            reporter.report(observed: .dark, contrast: .increased, forced: .dark)
                == Report(style: nil, contrast: .increased, isFirst: true))
        // Following the system again: the next body reads the system and reports it.
        #expect(
            reporter.report(observed: .light, contrast: .increased, forced: nil)
                == Report(style: .light, contrast: nil, isFirst: false))
    }

    @Test("reset starts again: the next reading is a first one, reported whole")
    func reset() {
        var reporter = SystemAppearanceReporter()
        _ = reporter.report(observed: .dark, contrast: .standard, forced: nil)
        reporter.reset()
        #expect(
            reporter.report(observed: .dark, contrast: .standard, forced: nil)
                == Report(style: .dark, contrast: .standard, isFirst: true))
    }

    @Test("while a window bridge reports, nothing is; once none does, the next reading is reported")
    func windowBridgeReports() {
        var reporter = SystemAppearanceReporter()
        // A bridge attached before the first body (a hosting controller in a bridged window).
        #expect(
            reporter.report(observed: .dark, contrast: .increased, forced: nil, windowReports: true)
                == Report(style: nil, contrast: nil, isFirst: true))
        // The environment still holds the scheme the window was forced to: not reported.
        #expect(
            reporter.report(observed: .light, contrast: .standard, forced: nil, windowReports: true)
                == Report(style: nil, contrast: nil, isFirst: false))
        // The bridge went: the reading is reported whole, though it equals one reported before.
        _ = reporter.report(observed: .dark, contrast: .standard, forced: nil)
        #expect(
            reporter.report(observed: .dark, contrast: .standard, forced: nil, windowReports: true).isEmpty)
        #expect(
            reporter.report(observed: .dark, contrast: .standard, forced: nil)
                == Report(style: .dark, contrast: .standard, isFirst: false))
    }

    @Test("a theme counts its window reporters while their registrations live")
    func windowReporterRegistrations() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        #expect(!theme.hasWindowReporter)
        var first: WindowReporterRegistration? = theme.registerWindowReporter()
        var second: WindowReporterRegistration? = theme.registerWindowReporter()
        #expect(first != nil && second != nil)
        #expect(theme.hasWindowReporter)
        first = nil
        #expect(theme.hasWindowReporter)
        second = nil
        #expect(!theme.hasWindowReporter)
    }

    @Test("random readings report as a naive model of the rules says", arguments: [1, 2, 3, 4])
    func againstModel(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var reporter = SystemAppearanceReporter()
        var lastStyle: SystemAppearance?
        var lastContrast: ThemeContrast?
        var first = true
        for step in 0..<2_000 {
            let observed: SystemAppearance = random.next() % 2 == 0 ? .light : .dark
            let contrast: ThemeContrast = random.next() % 2 == 0 ? .standard : .increased
            let forced: SystemAppearance? = [nil, nil, .light, .dark][Int(random.next() % 4)]
            let windowReports = random.next() % 8 == 0
            if random.next() % 50 == 0 {
                reporter.reset()
                (lastStyle, lastContrast, first) = (nil, nil, true)
            }
            var expected = Report(style: nil, contrast: nil, isFirst: first)
            if windowReports {
                (lastStyle, lastContrast) = (nil, nil)
            } else {
                if forced == nil, observed != lastStyle { expected.style = observed }
                if contrast != lastContrast { expected.contrast = contrast }
            }
            lastStyle = expected.style ?? lastStyle
            lastContrast = expected.contrast ?? lastContrast
            first = false
            let report = reporter.report(
                observed: observed, contrast: contrast, forced: forced, windowReports: windowReports)
            #expect(report == expected, "seed \(seed), step \(step)")
            if report != expected { return }
        }
    }
}
