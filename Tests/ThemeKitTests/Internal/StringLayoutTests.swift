import Testing

@testable import ThemeKit

/// The string layout the refresh loop relies on, and the assignment built on it.
@Suite struct StringLayoutTests {
    @Test("on 64-bit platforms the layout check passes")
    func layoutIsRecognised() {
        #if arch(x86_64) || arch(arm64)
            #expect(StringLayout.marksImmortalStrings)
        #else
            #expect(!StringLayout.marksImmortalStrings)
        #endif
    }

    @Test(
        "assigning any mix of small, literal and heap strings gives the source's value and keeps it alive",
        .enabled(if: StringLayout.marksImmortalStrings))
    func assignments() {
        func heap(_ seed: Int) -> String { String(repeating: "heap\(seed)-", count: 8) }
        let samples: [() -> String] = [
            { "" }, { "small" }, { "a literal longer than fifteen bytes" }, { heap(1) }, { heap(2) },
        ]
        for makeSource in samples {
            for makeTarget in samples {
                var target = makeTarget()
                let expected = makeSource()
                do {
                    // The source goes away after the assignment: the target must hold its own reference.
                    let source = makeSource()
                    withUnsafePointer(to: source) { sourcePointer in
                        withUnsafeMutablePointer(to: &target) { targetPointer in
                            StringLayout.assign(
                                from: UnsafeRawPointer(sourcePointer), to: UnsafeMutableRawPointer(targetPointer))
                        }
                    }
                }
                #expect(target == expected)
                target += "!"
                #expect(target == expected + "!")
            }
        }
    }
}
