/// The runner of each key path bound with a closure in one theme: every closure
/// binding of a key path shares it (and what it learned: the property's hash and
/// whether it is a plain stored property, and at which offset).
///
/// Key-path literals are uniqued objects, so lookups go by identity; each entry
/// keeps its runner, and the runner its key path, alive, so an address cannot be
/// reused by another key path while it is cached. The cache's reference is the one
/// that keeps a runner alive for the table's bindings, which count their uses
/// (`BindingRunner.tableUses`) instead of each retaining it. Bounded: past `limit` key
/// paths (key paths built at run time are new objects each time) it forgets the
/// runners no binding uses. Owned by the delivering thread.
struct KeyPathRunnerCache {
    /// The last key paths looked up, by address, scanned before the dictionary (an
    /// object's bindings come in a repeating handful of key paths). The dictionary
    /// holds the references.
    private var recent: ContiguousArray<(path: UInt, runner: Unmanaged<BindingRunner>)> = []
    private var runners: [ObjectIdentifier: BindingRunner] = [:]
    private static let recentLimit = 8
    private static let minimumLimit = 1024
    private var limit = minimumLimit

    /// The runner for closure bindings of `path`, made by `runnerType` (the runner class
    /// of `path`'s root and value types, with `assign` for its value type) the first
    /// time. Valid while the cache holds it: a binding that keeps it counts a use.
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
            if runners.count >= limit {
                // Runners in use stay (their bindings rely on this reference); the limit
                // grows with them, so the sweep stays O(1) amortised per new key path.
                runners = runners.filter { $0.value.tableUses > 0 }
                recent.removeAll(keepingCapacity: true)
                limit = max(Self.minimumLimit, runners.count * 2)
            }
            runner = runnerType.makeRunner(for: path, assign: assign)
            runner.tableUses = 0
            runners[identifier] = runner
        }
        if recent.count == Self.recentLimit { recent.removeFirst() }
        let unmanaged = Unmanaged.passUnretained(runner)
        recent.append((UInt(bitPattern: identifier), unmanaged))
        return unmanaged
    }
}
