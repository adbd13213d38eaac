#if canImport(Observation)
    import Observation

    /// Holds the Observation registrar; empty where Observation is unavailable.
    final class ObservationRegistrarBox: Sendable {
        let registrar = ObservationRegistrar()
    }

    extension Theme: Observable {
        /// One observable key path per extension type, so SwiftUI views depend on the
        /// types they read, not on the whole store.
        subscript(observationKey key: Int) -> Int { key }

        func accessObservation(id: Int) {
            registrar.registrar.access(self, keyPath: \Theme[observationKey: id])
        }

        func accessObservation<Member>(_ keyPath: KeyPath<Theme, Member>) {
            registrar.registrar.access(self, keyPath: keyPath)
        }

        func installObservationSink() {
            core.observationSink.withLock { sink in
                sink.handler = { [weak self] changes in
                    guard let self else { return }
                    let registrar = self.registrar.registrar
                    if changes.style { registrar.withMutation(of: self, keyPath: \.style) {} }
                    if changes.contrast { registrar.withMutation(of: self, keyPath: \.contrast) {} }
                    for id in changes.extensions {
                        registrar.withMutation(of: self, keyPath: \Theme[observationKey: id]) {}
                    }
                }
            }
        }
    }
#else
    final class ObservationRegistrarBox: Sendable {}

    extension Theme {
        func accessObservation(id: Int) {}
        func accessObservation<Member>(_ keyPath: KeyPath<Theme, Member>) {}
        func installObservationSink() {}
    }
#endif
