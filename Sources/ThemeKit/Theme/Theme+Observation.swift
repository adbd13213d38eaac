#if canImport(Observation)
    import Observation
#endif

// The bridge to Observation (SwiftUI on iOS 17 / macOS 14 and later): one observable
// key per extension type, so a view depends on the types it reads, not on the whole store.
// Below those versions, and where the module does not exist, the bridge is inert and
// nothing else changes (the SwiftUI adapter brings its own `ObservableObject` bridge).

/// Holds the Observation registrar where Observation is available, else nothing.
// Sound: `storage` is a `let` set in `init`; the registrar it may hold is Sendable.
final class ObservationRegistrarBox: @unchecked Sendable {
    let storage: AnyObject?

    init() {
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                storage = RegistrarStorage()
                return
            }
        #endif
        storage = nil
    }
}

#if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    final class RegistrarStorage: Sendable {
        let registrar = ObservationRegistrar()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Theme: Observable {}

    extension Theme {
        /// One observable key path per extension type.
        subscript(observationKey key: Int) -> Int { key }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private var observationRegistrar: ObservationRegistrar? {
            (registrar.storage as? RegistrarStorage)?.registrar
        }

        func accessObservation(id: Int) {
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                observationRegistrar?.access(self, keyPath: \Theme[observationKey: id])
            }
        }

        func accessObservation<Member>(_ keyPath: KeyPath<Theme, Member>) {
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                observationRegistrar?.access(self, keyPath: keyPath)
            }
        }

        func installObservationSink() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), observationRegistrar != nil else { return }
            _core.observationSink.withLock { sink in
                sink.handler = { [weak self] changes in
                    guard let self, let registrar = self.observationRegistrar else { return }
                    if changes.style { registrar.withMutation(of: self, keyPath: \.style) {} }
                    if changes.contrast { registrar.withMutation(of: self, keyPath: \.contrast) {} }
                    if changes.followsSystem { registrar.withMutation(of: self, keyPath: \.followsSystem) {} }
                    if changes.followsSystemContrast {
                        registrar.withMutation(of: self, keyPath: \.followsSystemContrast) {}
                    }
                    for id in changes.extensions {
                        registrar.withMutation(of: self, keyPath: \Theme[observationKey: id]) {}
                    }
                }
            }
        }
    }
#else
    extension Theme {
        func accessObservation(id: Int) {}
        func accessObservation<Member>(_ keyPath: KeyPath<Theme, Member>) {}
        func installObservationSink() {}
    }
#endif
