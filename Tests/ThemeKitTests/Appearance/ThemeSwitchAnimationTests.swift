import Testing
import ThemeKit

@Suite struct ThemeSwitchAnimationTests {
    @Test("the first application is immediate and every later switch cross-fades for the duration")
    func firstIsImmediateLaterAnimate() {
        var rule = ThemeSwitchAnimation()
        #expect(!rule.hasApplied)
        #expect(rule.nextTransition() == nil)
        #expect(rule.hasApplied)
        #expect(rule.nextTransition() == 0.25)
        #expect(rule.nextTransition() == 0.25)
    }

    @Test("reduced motion applies every switch at once, and the first one still counts as applied")
    func reduceMotionNeverAnimates() {
        var rule = ThemeSwitchAnimation(duration: 0.4)
        #expect(rule.nextTransition(reduceMotion: true) == nil)
        #expect(rule.nextTransition(reduceMotion: true) == nil)
        #expect(rule.nextTransition(reduceMotion: false) == 0.4)
    }

    @Test("a zero or non-finite duration never animates")
    func nonPositiveDurations() {
        for duration in [0, -1, Double.infinity, Double.nan] {
            var rule = ThemeSwitchAnimation(duration: duration)
            _ = rule.nextTransition()
            #expect(rule.nextTransition() == nil)
        }
    }

    @Test("reset makes the next switch a first application again")
    func resetStartsOver() {
        var rule = ThemeSwitchAnimation()
        _ = rule.nextTransition()
        rule.reset()
        #expect(rule.nextTransition() == nil)
        #expect(rule.nextTransition() == ThemeSwitchAnimation.defaultDuration)
    }

    @Test(
        "the rule as a function: only later changes without reduced motion animate",
        arguments: [(true, false, false), (true, true, false), (false, false, true), (false, true, false)]
    )
    func ruleTable(isInitial: Bool, reduceMotion: Bool, expected: Bool) {
        #expect(ThemeSwitchAnimation.animates(isInitialApplication: isInitial, reduceMotion: reduceMotion) == expected)
    }

    @Test("a provider sees the same rule: not animatable on its first run, animatable on later ones")
    func providersSeeTheRule() {
        final class Box: @unchecked Sendable { var animatable: [Bool] = [] }
        final class Target: @unchecked Sendable { var value = "" }
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let box = Box()
        let target = Target()
        theme.bind(target, \.value) { env in
            box.animatable.append(env.isAnimatable)
            return env.style.rawValue
        }
        theme.style = .dark
        theme.style = .light
        #expect(box.animatable == [false, true, true])
        #expect(target.value == "light")
    }
}
