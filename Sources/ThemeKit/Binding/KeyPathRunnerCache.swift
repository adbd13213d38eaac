/// The runner of each key path bound with a closure in one theme: every closure
/// binding of a key path shares it (and what it learned: the property's hash and
/// whether it is a plain stored property, and at which offset).
///
/// Key-path literals are uniqued objects, so lookups go by identity; each entry
/// keeps its runner, and the runner its key path, alive, so an address cannot be
/// reused by another key path while it is cached. Bounded: past `limit` key paths
/// (key paths built at run time are new objects each time) it starts over; bindings
/// keep their own reference to their runner. Owned by the delivering thread.
struct KeyPathRunnerCache {
    /// The last key paths looked up, by address, scanned before the dictionary (an
    /// object's bindings come in a repeating handful of key paths). The dictionary
    /// holds the references.
    private var recent: ContiguousArray<(path: UInt, runner: Unmanaged<BindingRunner>)> = []
    private var runners: [ObjectIdentifier: BindingRunner] = [:]
    private static let recentLimit = 8
    private static let limit = 1024

    /// The runner for closure bindings of `path`, made by `runnerType` (the runner class
    /// of `path`'s root and value types, with `assign` for its value type) the first time. Valid while the cache or a
    /// binding holds it: retain it to keep it.
    @inline(__always)
    mutating func runner(
        for path: AnyKeyPath, runnerType: BindingRunner.Type, assign: @escaping SharedAssign
    ) -> Unmanaged<BindingRunner> {
        let address = UInt(bitPattern: ObjectIdentifier(path))
        for entry in recent where entry.path == address { return entry.runner }
        return lookUp(path, runnerType: runnerType, assign: assign)
    }

    private mutating func lookUp(
        _ path: AnyKeyPath, runnerType: BindingRunner.Type, assign: @escaping SharedAssign
    ) -> Unmanaged<BindingRunner> {
        let identifier = ObjectIdentifier(path)
        let runner: BindingRunner
        if let cached = runners[identifier] {
            runner = cached
        } else {
            if runners.count >= Self.limit {
                runners.removeAll(keepingCapacity: true)
                recent.removeAll(keepingCapacity: true)
            }
            runner = runnerType.makeRunner(for: path, assign: assign)
            runners[identifier] = runner
        }
        if recent.count == Self.recentLimit { recent.removeFirst() }
        let unmanaged = Unmanaged.passUnretained(runner)
        recent.append((UInt(bitPattern: identifier), unmanaged))
        return unmanaged
    }
}
