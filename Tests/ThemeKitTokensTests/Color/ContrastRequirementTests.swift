import Testing
import ThemeKitTokens

@Suite struct ContrastRequirementTests {
    @Test(
        "each WCAG requirement has its published minimum ratio",
        arguments: [
            (ContrastRequirement.normalTextAA, 4.5), (.normalTextAAA, 7), (.largeTextAA, 3), (.largeTextAAA, 4.5),
            (.nonTextAA, 3),
        ] as [(ContrastRequirement, Double)]
    )
    func minimumRatios(requirement: ContrastRequirement, minimum: Double) {
        #expect(requirement.minimumRatio == minimum)
        #expect(requirement.isSatisfied(by: minimum))
        #expect(!requirement.isSatisfied(by: minimum.nextDown))
    }

    @Test("ratios are never rounded: 4.499 fails 4.5 and 6.999 fails 7")
    func noRounding() {
        #expect(!ContrastRequirement.normalTextAA.isSatisfied(by: 4.499))
        #expect(!ContrastRequirement.normalTextAAA.isSatisfied(by: 6.999))
        #expect(!ContrastRequirement.largeTextAA.isSatisfied(by: 2.9999))
        #expect(!ContrastRequirement.normalTextAA.isSatisfied(by: .nan))
    }

    @Test("non-text UI has no AAA level; every other combination exists")
    func nonTextHasNoAAA() {
        #expect(ContrastRequirement(content: .nonText, level: .aaa) == nil)
        #expect(ContrastRequirement(content: .nonText, level: .aa) == .nonTextAA)
        #expect(ContrastRequirement(content: .largeText, level: .aaa) == .largeTextAAA)
        #expect(ContrastRequirement.all.count == 5)
        #expect(Set(ContrastRequirement.all).count == 5)
    }

    @Test("a 4.84 ratio passes AA for all content and AAA only for large text")
    func checkOfMidRatio() throws {
        let check = ContrastCheck(foreground: try ThemeColor(hex: "#0f833e"), background: try ThemeColor(hex: "#FFF"))
        #expect((check.ratio * 100).rounded(.down) / 100 == 4.84)
        #expect(check.passed == [.normalTextAA, .largeTextAA, .largeTextAAA, .nonTextAA])
        #expect(check.failed == [.normalTextAAA])
        #expect(check.highestLevel(for: .normalText) == .aa)
        #expect(check.highestLevel(for: .largeText) == .aaa)
        #expect(check.highestLevel(for: .nonText) == .aa)
        #expect(
            check.description
                == "4.84:1; passes AA normal text (4.5:1), AA large text (3:1), AAA large text (4.5:1), "
                + "AA non-text UI (3:1); fails AAA normal text (7:1)"
        )
    }

    @Test("a low ratio meets nothing")
    func lowRatioFailsEverything() {
        let check = ContrastCheck(ratio: 2.99)
        #expect(check.passed.isEmpty)
        #expect(check.highestLevel(for: .largeText) == nil)
        #expect(check.highestLevel(for: .nonText) == nil)
    }

    @Test("a translucent foreground is composited over the background before measuring")
    func checkComposites() throws {
        let check = ContrastCheck(
            foreground: ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.3), background: try ThemeColor(hex: "#FFFFFF"))
        #expect((check.ratio * 10).rounded(.down) / 10 == 2.1)
    }

    @Test("AA is a lower level than AAA")
    func levelOrdering() {
        #expect(WCAGLevel.aa < .aaa)
        #expect(!(WCAGLevel.aaa < .aa))
        #expect(WCAGLevel.allCases.max() == .aaa)
        #expect(ContrastRequirement.normalTextAAA.description == "AAA normal text (7:1)")
    }
}
