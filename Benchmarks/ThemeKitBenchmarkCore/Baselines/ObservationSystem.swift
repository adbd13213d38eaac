#if canImport(Observation)
    import Observation
    import ThemeKit

    /// The theme state as an `@Observable` model, written out by hand as the macro
    /// expands it: one registrar, `access` in each getter, `withMutation` in each setter.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    // Sound: the benchmark drives every system from one thread.
    final class ObservableThemeState: Observable, @unchecked Sendable {
        private let registrar = ObservationRegistrar()
        private var storedStyle: ThemeStyle = .light
        private var storedA = PaletteA.fallback.colors
        private var storedB = PaletteB.fallback.colors

        var style: ThemeStyle {
            get {
                registrar.access(self, keyPath: \.style)
                return storedStyle
            }
            set { registrar.withMutation(of: self, keyPath: \.style) { storedStyle = newValue } }
        }

        var a: ColorSet {
            get {
                registrar.access(self, keyPath: \.a)
                return storedA
            }
            set { registrar.withMutation(of: self, keyPath: \.a) { storedA = newValue } }
        }

        var b: ColorSet {
            get {
                registrar.access(self, keyPath: \.b)
                return storedB
            }
            set { registrar.withMutation(of: self, keyPath: \.b) { storedB = newValue } }
        }
    }

    /// Views whose tracking fired, to re-render after the change (a render loop's dirty list).
    // Sound: `onChange` runs synchronously on the mutating thread, the benchmark's only one.
    final class DirtyList: @unchecked Sendable {
        var indices: [Int] = []
    }

    /// A SwiftUI-style app on the Observation framework: each view applies its
    /// properties inside `withObservationTracking`; a change marks the views whose
    /// tracking fired, and the render loop re-applies them, tracking again.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class ObservationSystem {
        let state: ObservableThemeState
        private(set) var views: [BenchView?]
        private let roles: Int
        private var readsB: [Bool]
        private let dirty = DirtyList()
        private let tally: Tally?

        /// Renders every view once, tracking what it reads.
        init(views: [BenchView], roles: Int, state: ObservableThemeState, tally: Tally? = nil, readsB: (Int) -> Bool) {
            self.state = state
            self.views = views
            self.roles = roles
            self.tally = tally
            self.readsB = views.indices.map(readsB)
            for index in views.indices { render(index) }
        }

        /// Applies view `index` under tracking.
        @inline(__always)
        func render(_ index: Int) {
            guard let view = views[index] else { return }
            let dirty = self.dirty
            let state = self.state
            let roles = self.roles
            let readsB = self.readsB[index]
            withObservationTracking {
                view.applyTheme(roles: roles, style: state.style, colors: readsB ? state.b : state.a)
                tally?.count += 1
            } onChange: {
                dirty.indices.append(index)
            }
        }

        /// Re-renders the views whose tracking fired.
        @inline(never)
        func flush() {
            let pending = dirty.indices
            dirty.indices.removeAll(keepingCapacity: true)
            for index in pending { render(index) }
        }

        /// Releases view `index` (its registration stays until it fires, then is skipped).
        func release(_ index: Int) { views[index] = nil }

        /// Puts a new view at `index` and renders it.
        func replace(_ index: Int, with view: BenchView) {
            views[index] = view
            render(index)
        }
    }
#endif
