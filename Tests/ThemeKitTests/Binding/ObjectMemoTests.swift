import Testing

@testable import ThemeKit

/// The binding table remembers the slot it found last, so an object's bindings, made one
/// after another, skip the lookup (`_BindingTable.slot(for:node:)`). It compares the slot's
/// weak reference with the caller's object, never addresses alone. These tests make the case
/// that breaks a memo compared by address (`ObjectIdentifier`): the remembered object goes,
/// and the next object made is usually given its memory. (Such a memo fails the first test
/// from its first round: the new object's binding lands in the released object's slot, and
/// the next refresh drops it.)
@Suite("The table's memo of the last object bound")
struct ObjectMemoTests {
    @Test(
        "an object made after the last bound object was released is a new object, bound and refreshed as one",
        arguments: [false, true])
    func releasedObjectIsNotMatched(pruneBetween: Bool) {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        var kept: [Label] = []
        for round in 0..<200 {
            do {
                let old = Label()
                theme.bind(old, \.textColor) { env in env.style == .dark ? "old dark" : "old light" }
                theme.bind(old, \.background) { _ in "old" }
            }
            if pruneBetween { theme.pruneReleasedObjects() }
            let new = Label()
            theme.bind(new, \.textColor) { env in env.style == .dark ? "dark \(round)" : "light \(round)" }
            #expect(new.textColor == (theme.style == .dark ? "dark \(round)" : "light \(round)"), "round \(round)")
            #expect(new.background == "", "round \(round): the released object's other binding reached the new one")
            kept.append(new)
            // A refresh reaches the new object through the table's own reference, not the caller's.
            theme.style = theme.style == .dark ? .light : .dark
            #expect(new.textColor == (theme.style == .dark ? "dark \(round)" : "light \(round)"), "round \(round)")
        }
        theme.style = theme.style == .dark ? .light : .dark
        for (round, label) in kept.enumerated() {
            #expect(label.textColor == (theme.style == .dark ? "dark \(round)" : "light \(round)"), "label \(round)")
        }
        theme.pruneReleasedObjects()
        #expect(theme.bindingCount == kept.count)
        #expect(theme.checkInvariants() == [])
    }

    @Test("the remembered object is released and deinitialised as soon as its last reference goes")
    func rememberedObjectIsNotKeptAlive() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        weak var released: Label?
        do {
            let label = Label()
            released = label
            theme.bind(label, \.textColor) { _ in "text" }
            #expect(label.textColor == "text")
        }
        #expect(released == nil)
        // The theme still works with the remembered object gone, and forgets it when pruned.
        let next = Label()
        theme.bind(next, \.textColor) { _ in "next" }
        #expect(next.textColor == "next")
        theme.pruneReleasedObjects()
        #expect(theme.bindingCount == 1)
        #expect(theme.checkInvariants() == [])
    }

    @Test("binding the remembered object again after another object's binds finds its slot through the lookup")
    func alternatingObjectsKeepTheirSlots() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let first = Label()
        let second = Label()
        for round in 0..<3 {
            theme.bind(first, \.textColor) { _ in "first \(round)" }
            theme.bind(second, \.textColor) { _ in "second \(round)" }
        }
        #expect(first.textColor == "first 2")
        #expect(second.textColor == "second 2")
        #expect(theme.bindingCount == 2)
        #expect(theme.checkInvariants() == [])
    }
}
