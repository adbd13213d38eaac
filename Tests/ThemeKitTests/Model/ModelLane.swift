import Foundation
import ThemeKit
import ThemeKitTestSupport

/// One thread's share of a model run: a seeded generator of operations that performs each
/// on the theme and on the reference model, and a checker that compares the two.
///
/// In a single-thread run the lane also owns the theme-wide state (`global`) and the test
/// compares after every operation. In a multi-thread run several lanes share one theme:
/// each owns its objects, nodes, properties and observers, `global` is nil, and the
/// theme-wide state is read back from the theme once every lane has finished.
// Sound: a lane is used by one thread at a time; the thread's start and join order the hand-offs.
final class ModelLane: @unchecked Sendable {
    let theme: Theme
    let lane: Int
    private(set) var random: SeededRandom
    /// The exact theme-wide state, or nil when other lanes change it concurrently.
    var global: GlobalModel?
    private(set) var objects: [ModelObject] = []
    private(set) var nodes: [ModelNode]
    private var properties: [(handle: PropertyHandle, slot: WidgetSlot, spec: ProviderSpec)] = []
    private(set) var observers: [ModelObserver] = []
    private(set) var subscriptions: [ModelSubscription] = []
    /// Whether the lane also makes `theme.events` streams (single-thread runs: their checks
    /// need the order of events, which one delivering thread fixes).
    var makesStreams = false
    private(set) var streams: [ModelStream] = []
    private var holders: [Holder] = []
    private var nextTag = 0
    private var nextObject = 0
    private var batchDepth = 0
    /// The operations performed, newest last (the last `traceLimit`), for failure reports.
    private(set) var trace: [String] = []
    private let traceLimit = 40
    /// Wrong results of operations (a missing error, a wrong return value), found as they happen.
    var problems: [String] = []
    private(set) var operationCount = 0

    static let styles: [ThemeStyle] = [.light, .dark, .sepia]

    init(theme: Theme, seed: UInt64, lane: Int, global: GlobalModel?) {
        self.theme = theme
        self.lane = lane
        random = SeededRandom(seed: seed)
        self.global = global
        nodes = [ModelNode(node: theme.root, parent: -1)]
    }

    // MARK: Random choices

    private func below(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    private func chance(_ percent: Int) -> Bool { below(100) < percent }
    private func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    private func note(_ operation: String) {
        operationCount += 1
        trace.append(String(repeating: "  ", count: batchDepth) + operation)
        if trace.count > traceLimit { trace.removeFirst(trace.count - traceLimit) }
    }

    private func newSpec() -> ProviderSpec {
        nextTag += 1
        return ProviderSpec(tag: lane * 1_000_000 + nextTag, reads: pick(ProviderSpec.Reads.allCases))
    }

    /// An object the test still holds.
    private func heldObject() -> ModelObject? {
        let held = objects.filter { $0.strong != nil }
        return held.isEmpty ? nil : pick(held)
    }

    private var liveNodeIndices: [Int] { nodes.indices.filter { nodes[$0].isAlive } }

    /// A node to pass to `bind` (nil: none, the object keeps its node).
    private func chooseNode() -> Int? { chance(50) ? nil : pick(liveNodeIndices) }

    private func nodeName(_ index: Int?) -> String { index.map { "n\($0)" } ?? "-" }

    // MARK: Operations

    /// Performs one random operation on the theme and the model.
    func step() {
        switch below(100) {
        case 0..<9: newObject()
        case 9..<20: bindClosure()
        case 20..<21: burst()
        case 21..<25: customize()
        case 25..<30: bindPooledProperty()
        case 30..<35: bindLocalProperty()
        case 35..<39: changePropertyPool()
        case 39..<44: unbind()
        case 44..<46: unbindAll()
        case 46..<51: releaseObject()
        case 51..<54: bindReleasingProvider()
        case 54..<57: attach()
        case 57..<60: refresh()
        case 60..<61: prune()
        case 61..<62: countBindings()
        case 62..<65: createNode()
        case 65..<67: releaseNode()
        case 67..<69: moveNode()
        case 69..<73: overrideNode()
        case 73..<76 where batchDepth == 0: observeOrCancel()
        case 76..<78 where batchDepth == 0: subscribeOrCancel()
        case 78..<81: setStyle()
        case 81..<82: setContrast()
        case 82..<84: system()
        case 84..<89: applyValue()
        case 89..<94: variants()
        case 94..<100 where batchDepth < 2: batch()
        default: setStyle()
        }
    }

    private func newObject() {
        guard objects.lazy.filter({ $0.strong != nil }).count < 40 else { return releaseObject() }
        nextObject += 1
        let object = ModelObject(number: nextObject, widget: Widget(serial: lane * 1_000_000 + nextObject))
        objects.append(object)
        note("new o\(object.number)")
        bindClosure(on: object)
    }

    private func bindClosure(on chosen: ModelObject? = nil) {
        guard let object = chosen ?? heldObject(), let widget = object.strong else { return }
        let slot = pick(WidgetSlot.allCases)
        let kind: BindingKind = pick([.keyPath, .setter, .objectProvider])
        let spec = newSpec()
        let node = chooseNode()
        note("bind o\(object.number).\(slot) \(kind) \(spec) in \(nodeName(node))")
        let salt = object.salt
        let provider: @Sendable (ThemeContext) -> String = { env in spec.value(LiveReader(env: env), salt: salt.value) }
        let themeNode = node.map { nodes[$0].node! }
        switch (slot, kind) {
        case (.text, .objectProvider):
            theme.bind(widget, \.text, in: themeNode) { widget, env in provider(env) + "@\(widget.serial)" }
        case (.detail, .objectProvider):
            theme.bind(widget, \.detail, in: themeNode) { widget, env in provider(env) + "@\(widget.serial)" }
        case (.number, .objectProvider):
            theme.bind(widget, \.number, in: themeNode) { widget, env in
                stableNumber(provider(env) + "@\(widget.serial)")
            }
        case (.text, .keyPath): theme.bind(widget, \.text, in: themeNode, provider)
        case (.text, _): theme.bind(widget, \.text, set: { $0.text = $1 }, in: themeNode, provider)
        case (.detail, .keyPath): theme.bind(widget, \.detail, in: themeNode, provider)
        case (.detail, _): theme.bind(widget, \.detail, set: { $0.detail = $1 }, in: themeNode, provider)
        case (.number, .keyPath): theme.bind(widget, \.number, in: themeNode) { stableNumber(provider($0)) }
        case (.number, _):
            theme.bind(widget, \.number, set: { $0.number = $1 }, in: themeNode) { stableNumber(provider($0)) }
        }
        record(ModelBinding(kind: kind, spec: spec, readsSalt: true), slot: slot, on: object, node: node)
    }

    /// Binds 20 to 79 times in a row, as a screen full of cells does: in a run of several
    /// lanes, the binds another lane's delivery finds queued pass after pass (no refresh
    /// loop, however many passes they take, and all delivered by the time the lanes join).
    private func burst() {
        let count = 20 + below(60)
        note("burst of \(count) binds")
        for _ in 0..<count { bindClosure() }
    }

    private func record(_ binding: ModelBinding, slot: WidgetSlot, on object: ModelObject, node: Int?) {
        if let node {
            object.node = node
        } else if !object.isTracked {
            object.node = 0
        }
        object.bindings[slot] = binding
        object.frozen[slot] = nil
    }

    private func customize() {
        guard let object = heldObject(), let widget = object.strong else { return }
        let id = "c\(below(3))"
        let spec = newSpec()
        let node = chooseNode()
        note("customize o\(object.number) \(id) \(spec) in \(nodeName(node))")
        let salt = object.salt
        theme.customize(widget, id: id, in: node.map { nodes[$0].node! }) { widget, env in
            widget.custom[id] = spec.value(LiveReader(env: env), salt: salt.value)
        }
        if let node {
            object.node = node
        } else if !object.isTracked {
            object.node = 0
        }
        object.customs[id] = spec
        object.frozenCustoms[id] = nil
    }

    private func bindPooledProperty() {
        guard !properties.isEmpty else { return changePropertyPool() }
        guard let object = heldObject(), let widget = object.strong else { return }
        let index = below(properties.count)
        let property = properties[index]
        let node = chooseNode()
        note("bind o\(object.number) property#\(index) \(property.slot) \(property.spec) in \(nodeName(node))")
        property.handle.bind(widget, in: theme, node: node.map { nodes[$0].node! })
        record(
            ModelBinding(kind: .property, spec: property.spec, readsSalt: false), slot: property.slot, on: object,
            node: node)
    }

    /// A `ThemedProperty` made, bound and released at once (a local property): the case
    /// in which a released property's address comes back for a new one.
    private func bindLocalProperty() {
        guard let object = heldObject(), let widget = object.strong else { return }
        let slot = pick(WidgetSlot.allCases)
        let spec = newSpec()
        let node = chooseNode()
        let throughSetter = chance(50)
        note("bind o\(object.number) local property \(slot) \(spec) setter:\(throughSetter) in \(nodeName(node))")
        do {
            let property = PropertyHandle.make(slot: slot, spec: spec, throughSetter: throughSetter)
            property.bind(widget, in: theme, node: node.map { nodes[$0].node! })
        }
        record(ModelBinding(kind: .localProperty, spec: spec, readsSalt: false), slot: slot, on: object, node: node)
    }

    private func changePropertyPool() {
        if properties.count < 6 && (properties.isEmpty || chance(60)) {
            let slot = pick(WidgetSlot.allCases)
            let spec = newSpec()
            let throughSetter = chance(50)
            note("make property \(slot) \(spec) setter:\(throughSetter)")
            properties.append(
                (PropertyHandle.make(slot: slot, spec: spec, throughSetter: throughSetter), slot, spec))
        } else if !properties.isEmpty {
            let index = below(properties.count)
            note("release property#\(index)")
            properties.remove(at: index)
        }
    }

    /// Whether what a bound property shows now is final once it is unbound: on one thread
    /// outside a batch. (Inside a batch the binding may not have run yet; with several threads
    /// another thread's delivery, or batch, may still be about to write it.)
    private var settled: Bool { global != nil && batchDepth == 0 }

    private func unbind() {
        guard let object = heldObject(), let widget = object.strong else { return }
        let slot = pick(WidgetSlot.allCases)
        note("unbind o\(object.number).\(slot)")
        switch slot {
        case .text: theme.unbind(widget, \.text)
        case .detail: theme.unbind(widget, \.detail)
        case .number: theme.unbind(widget, \.number)
        }
        guard object.bindings.removeValue(forKey: slot) != nil else { return }
        object.frozen[slot] = settled ? slot.read(widget) : nil
        if !object.isTracked { object.node = 0 }
    }

    private func unbindAll() {
        guard let object = heldObject(), let widget = object.strong else { return }
        note("unbindAll o\(object.number)")
        theme.unbindAll(widget)
        for slot in object.bindings.keys { object.frozen[slot] = settled ? slot.read(widget) : nil }
        for id in object.customs.keys { object.frozenCustoms[id] = settled ? widget.custom[id] : nil }
        object.bindings = [:]
        object.customs = [:]
        object.node = 0
    }

    private func releaseObject() {
        guard let object = heldObject() else { return }
        note("release o\(object.number)")
        object.strong = nil
        if objects.count > 80 { objects.removeAll { $0.widget == nil && $0.strong == nil } }
    }

    /// A binding whose provider releases an object (possibly its own) on its first, second
    /// or third run: an object released from inside a pass.
    private func bindReleasingProvider() {
        guard let object = heldObject(), let widget = object.strong, let victim = heldObject(),
            let victimWidget = victim.strong
        else { return }
        let spec = newSpec()
        let runs = 1 + below(3)
        note("bind o\(object.number).detail releasing o\(victim.number) on run \(runs) \(spec)")
        let holder = Holder(victimWidget, afterRuns: runs)
        victim.strong = nil
        holders.append(holder)
        let salt = object.salt
        theme.bind(widget, \.detail) { env in
            holder.run()
            return spec.value(LiveReader(env: env), salt: salt.value)
        }
        record(ModelBinding(kind: .releasing, spec: spec, readsSalt: true), slot: .detail, on: object, node: nil)
    }

    private func attach() {
        guard let object = heldObject(), let widget = object.strong else { return }
        let node = pick(liveNodeIndices)
        note("attach o\(object.number) to n\(node)")
        theme.attach(widget, to: nodes[node].node!)
        if object.isTracked { object.node = node }
    }

    private func refresh() {
        guard let object = heldObject(), let widget = object.strong else { return }
        let salt = object.salt.update { salt -> Int in
            salt += 1
            return salt
        }
        note("refresh o\(object.number) (salt \(salt))")
        theme.refresh(widget)
    }

    /// Reads the counts, which must run no provider on this thread (nor deliver another lane's change).
    private func countBindings() {
        note("count bindings")
        let ran = ProviderRuns.forbidden {
            _ = theme.bindingCount
            _ = theme.trackedObjectCount
        }
        if ran > 0 { problems.append("reading the binding count ran \(ran) providers on its thread") }
    }

    private func prune() {
        note("prune")
        theme.pruneReleasedObjects()
    }

    // MARK: Nodes

    private func createNode() {
        guard liveNodeIndices.count < 12 else { return releaseNode() }
        let parent = pick(liveNodeIndices)
        note("node n\(nodes.count) under n\(parent)")
        var node: ThemeNode?
        let ran = ProviderRuns.forbidden { node = ThemeNode(parent: nodes[parent].node!) }
        if ran > 0 { problems.append("creating node n\(nodes.count) ran \(ran) providers on its thread") }
        nodes.append(ModelNode(node: node!, parent: parent))
    }

    private var ownNodes: [Int] { liveNodeIndices.filter { $0 != 0 } }

    private func releaseNode() {
        guard !ownNodes.isEmpty else { return createNode() }
        let index = pick(ownNodes)
        let parent = nodes[index].parent
        note("release n\(index)")
        for child in nodes.indices where nodes[child].isAlive && nodes[child].parent == index {
            nodes[child].parent = parent
        }
        for object in objects where object.node == index { object.node = parent }
        nodes[index].node = nil
    }

    private func moveNode() {
        guard !ownNodes.isEmpty else { return createNode() }
        let index = pick(ownNodes)
        let target = pick(liveNodeIndices)
        var cycle = false
        var walk = target
        while walk >= 0 {
            if walk == index { cycle = true }
            walk = nodes[walk].parent
        }
        note("move n\(index) to n\(target)\(cycle ? " (cycle)" : "")")
        do {
            try nodes[index].node!.move(to: nodes[target].node!)
            if cycle { problems.append("moving n\(index) under its descendant n\(target) did not throw") }
            nodes[index].parent = target
        } catch {
            if !cycle || error != .wouldCreateCycle {
                problems.append("moving n\(index) to n\(target) threw \(error)")
            }
        }
    }

    private func overrideNode() {
        guard !ownNodes.isEmpty else { return createNode() }
        let index = pick(ownNodes)
        if chance(60) {
            let style: ThemeStyle? = chance(30) ? nil : pick(Self.styles)
            note("n\(index).overrideStyle = \(style?.rawValue ?? "nil")")
            nodes[index].node!.overrideStyle = style
            nodes[index].overrideStyle = style
        } else {
            let contrast: ThemeContrast? = chance(30) ? nil : pick(ThemeContrast.allCases)
            note("n\(index).overrideContrast = \(contrast.map { "\($0)" } ?? "nil")")
            nodes[index].node!.overrideContrast = contrast
            nodes[index].overrideContrast = contrast
        }
    }

    // MARK: Observers and events

    private func observeOrCancel() {
        let active = observers.indices.filter { observers[$0].cancelledAt == nil }
        if active.count < 6 && (active.isEmpty || chance(65)) {
            let type = pick(ObservedType.allCases)
            let log = ReceiptLog()
            let token: ObserverToken
            switch type {
            case .colors: token = theme.observe(ModelColors.self) { log.record($0.text) }
            case .metrics: token = theme.observe(ModelMetrics.self) { log.record(String($0.size)) }
            case .fonts: token = theme.observe(ModelFonts.self) { log.record($0.name) }
            }
            note("observe \(type) as observer#\(observers.count)")
            observers.append(ModelObserver(type: type, token: token, log: log, initial: global?.rootValue(type)))
        } else if let index = active.isEmpty ? nil : pick(active) {
            note("cancel observer#\(index)")
            observers[index].token.cancel()
            observers[index].cancelledAt = observers[index].log.count
        }
    }

    private func subscribeOrCancel() {
        if makesStreams && chance(40) { return streamOrCancel() }
        let active = subscriptions.indices.filter { subscriptions[$0].cancelledAt == nil }
        if active.count < 3 && (active.isEmpty || chance(65)) {
            let styles = ReceiptLog()
            let contrasts = ReceiptLog()
            let token = theme.events.subscribe { event in
                switch event {
                case .styleChanged(let style): styles.record(style.rawValue)
                case .contrastChanged(let contrast): contrasts.record("\(contrast)")
                default: break
                }
            }
            note("subscribe as subscription#\(subscriptions.count)")
            subscriptions.append(
                ModelSubscription(
                    token: token, styles: styles, contrasts: contrasts, initialStyle: global?.style.rawValue,
                    initialContrast: global.map { "\($0.contrast)" }))
        } else if let index = active.isEmpty ? nil : pick(active) {
            note("cancel subscription#\(index)")
            subscriptions[index].token.cancel()
            subscriptions[index].cancelledAt = subscriptions[index].styles.count + subscriptions[index].contrasts.count
        }
    }

    private func streamOrCancel() {
        let active = streams.indices.filter { streams[$0].cancelledAt == nil }
        if active.count < 3 && (active.isEmpty || chance(65)) {
            let limit = pick([nil, nil, 1, 2, 5])
            let stream = limit.map { theme.events.stream(bufferingNewest: $0) } ?? theme.events.stream
            let pairedEvents = EventSequence()
            let paired = theme.events.subscribe { pairedEvents.record($0) }
            let task = Task.detached {
                var received: [String] = []
                for await event in stream {
                    if event == ModelStream.end { break }
                    received.append("\(event)")
                }
                return received
            }
            note("stream\(limit.map { "(newest \($0))" } ?? "") as stream#\(streams.count)")
            streams.append(ModelStream(limit: limit, task: task, paired: paired, pairedEvents: pairedEvents))
        } else if let index = active.isEmpty ? nil : pick(active) {
            note("cancel stream#\(index)")
            // The stream ends when its task next waits for an event: until then it still receives
            // (AsyncStream's cancellation), so its closure stays, as the reference for all it may get.
            streams[index].task.cancel()
            streams[index].cancelledAt = streams[index].pairedEvents.events.count
        }
    }

    /// Ends every stream (posting `ModelStream.end`), waits for their tasks, and compares what
    /// each received with its closure's events; then checks that no stream's subscription is
    /// left. Call once, after the last operation, with the theme still alive.
    func streamMismatches() async -> [String] {
        theme.events.post(ModelStream.end)
        var found: [String] = []
        for (index, stream) in streams.enumerated() {
            // A bound for a stream that never ends (one that lost the end event), not a timing assertion:
            // long, because the streams' tasks and this wait need the cooperative pool, which long
            // synchronous tests elsewhere in `swift test` can hold for a minute.
            guard let received = await Self.value(of: stream.task, within: 600) else {
                found.append("stream#\(index) did not end within 600 s of the end event")
                continue
            }
            let sent = stream.pairedEvents.events
            let name = "stream#\(index)\(stream.limit.map { " (newest \($0))" } ?? "")"
            if stream.cancelledAt != nil {
                let fits = stream.limit == nil ? sent.starts(with: received) : received.isSubsequence(of: sent)
                if !fits { found.append("\(name), cancelled, received \(received), not from \(sent)") }
            } else if let limit = stream.limit {
                // The end event takes one of the `limit` places, so the last `limit - 1` are certain.
                let certain = min(limit - 1, sent.count)
                if !received.isSubsequence(of: sent) || received.suffix(certain) != sent.suffix(certain) {
                    found.append("\(name) received \(received), the closure \(sent)")
                }
            } else if received != sent {
                found.append("\(name) received \(received), the closure \(sent)")
            }
        }
        // Every stream's task has ended: each stream's subscription goes with it, once the task has
        // released the stream (which may follow the task's value by a moment: waited for, within a
        // bound for a subscription that is never cancelled, not a timing assertion).
        for stream in streams { stream.paired.cancel() }
        let expected = subscriptions.filter { $0.cancelledAt == nil }.count
        let deadline = Date().addingTimeInterval(600)
        while theme.events.subscriberCount != expected && Date() < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        if theme.events.subscriberCount != expected {
            found.append(
                "\(theme.events.subscriberCount) event subscribers after the streams ended, "
                    + "\(expected) closure subscriptions active")
        }
        return found
    }

    /// The task's value, or nil (and the task cancelled) if it has not ended after `seconds`.
    private static func value(of task: Task<[String], Never>, within seconds: Double) async -> [String]? {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                return nil
            }
            let first = await group.next() ?? nil
            if first == nil { task.cancel() }
            group.cancelAll()
            return first
        }
    }

    // MARK: Theme-wide state

    private func setStyle() {
        let style = pick(Self.styles)
        note("style = \(style.rawValue)")
        theme.style = style
        global?.setStyle(style)
    }

    private func setContrast() {
        let contrast = pick(ThemeContrast.allCases)
        note("contrast = \(contrast)")
        theme.contrast = contrast
        global?.setContrast(contrast)
    }

    /// The system's appearance changes, or the app starts or stops following it.
    /// A report of the system's appearance, made as the adapters make their first one (bindings now,
    /// notifications on the next main-queue turn) or as an ordinary change.
    private func reportSystem(notifyingLater: Bool, _ report: () -> Void) {
        if notifyingLater { theme.changeNotifyingLater(report) } else { report() }
    }

    private func system() {
        switch below(4) {
        case 0:
            let style = pick(Self.styles)
            let later = chance(50)
            note("system style -> \(style.rawValue)\(later ? ", notifying later" : "")")
            reportSystem(notifyingLater: later) { theme.systemStyleDidChange(to: style) }
            global?.systemStyle = style
            if global?.followsSystem == true { global?.style = style }
        case 1:
            let contrast = pick(ThemeContrast.allCases)
            let later = chance(50)
            note("system contrast -> \(contrast)\(later ? ", notifying later" : "")")
            reportSystem(notifyingLater: later) { theme.systemContrastDidChange(to: contrast) }
            global?.systemContrast = contrast
            if global?.followsSystemContrast == true { global?.contrast = contrast }
        case 2:
            let follows = chance(50)
            note("followsSystem = \(follows)")
            theme.followsSystem = follows
            if var model = global, model.followsSystem != follows {
                model.followsSystem = follows
                if follows, let style = model.systemStyle { model.style = style }
                global = model
            }
        default:
            let follows = chance(50)
            note("followsSystemContrast = \(follows)")
            theme.followsSystemContrast = follows
            if var model = global, model.followsSystemContrast != follows {
                model.followsSystemContrast = follows
                if follows, let contrast = model.systemContrast { model.contrast = contrast }
                global = model
            }
        }
    }

    private func applyValue() {
        let number = below(5)
        switch pick(ObservedType.allCases) {
        case .colors:
            let value = ModelColors(text: "c\(number)\(chance(30) ? ".dark" : "")")
            note("apply colors \(value.text)")
            theme.apply(value)
            global?.colors = value
            // A plain value replaces an active variant, and the stored choice with it.
            if global?.activeVariant != nil { global?.persistedVariant = nil }
            global?.activeVariant = nil
        case .metrics:
            note("apply metrics \(number)")
            theme.apply(ModelMetrics(size: number))
            global?.metrics = ModelMetrics(size: number)
        case .fonts:
            note("apply fonts f\(number)")
            theme.apply(ModelFonts(name: "f\(number)"))
            global?.fonts = ModelFonts(name: "f\(number)")
        }
    }

    private func variants() {
        let number = below(4)
        let variant = ModelColorsVariant(number: number)
        switch below(5) {
        case 0:
            let numbers = (0..<4).filter { _ in chance(50) }
            note("register variants \(numbers)")
            theme.register(numbers.map { ModelColorsVariant(number: $0) })
            global?.registeredVariants.formUnion(numbers)
        case 1:
            note("apply variant \(number)")
            theme.apply(variant: variant)
            global?.registeredVariants.insert(number)
            global?.activeVariant = number
            global?.persistedVariant = number
        case 2:
            let style = pick(Self.styles)
            note("apply variant \(number) for \(style.rawValue)")
            theme.apply(variant: variant, for: style)
            global?.registeredVariants.insert(number)
            global?.activeVariant = number
            global?.persistedVariant = number
            global?.setStyle(style)
        case 3:
            note("applyVariant id \(variant.id)")
            let applied = theme.applyVariant(id: variant.id, for: ModelColors.self)
            if let registered = global?.registeredVariants.contains(number) {
                if applied != registered {
                    problems.append("applyVariant(id: \(variant.id)) returned \(applied), registered: \(registered)")
                }
                if registered {
                    global?.activeVariant = number
                    global?.persistedVariant = number
                }
            }
        default:
            note("clear variant")
            theme.clearVariant(for: ModelColors.self)
            global?.activeVariant = nil
            global?.persistedVariant = nil
        }
    }

    private func batch() {
        let count = 1 + below(6)
        let throwing = chance(25)
        note("batch of \(count)\(throwing ? ", thrown out of" : "") {")
        batchDepth += 1
        do {
            try theme.batch {
                for _ in 0..<count { step() }
                if throwing { throw ModelBatchError() }
            }
            if throwing { problems.append("a batch did not rethrow its body's error") }
        } catch {
            if !throwing { problems.append("a batch threw \(error) that its body did not throw") }
        }
        batchDepth -= 1
        note("}")
    }

    // MARK: Checks

    /// The effective style and contrast of a model node.
    func appearance(of index: Int, global: GlobalModel) -> ModelAppearance {
        var style: ThemeStyle?
        var contrast: ThemeContrast?
        var node = index
        while node > 0 {
            style = style ?? nodes[node].overrideStyle
            contrast = contrast ?? nodes[node].overrideContrast
            node = nodes[node].parent
        }
        return ModelAppearance(global: global, style: style ?? global.style, contrast: contrast ?? global.contrast)
    }

    /// How observers and event subscriptions are checked.
    enum ReceiptCheck {
        /// Not at all (several threads changed the theme; what each saw last is their order).
        case skipped
        /// Each shows the current value, or its initial one if it received nothing yet.
        case currentOrInitial
        /// Each received the current value (after a final change made on one thread).
        case delivered
    }

    /// Where the theme differs from the model.
    /// What a theme opened again on the same storage restores, against the model: whether it
    /// follows the system, the style and contrast the app chose, and the variant choice (once
    /// the app registers its variants again). Read-only: it draws no random numbers, so seeds
    /// replay as before.
    func reopenMismatches(storage: any ThemeStorage, global: GlobalModel) -> [String] {
        let reopened = Theme(storage: storage, delivery: .synchronous)
        var found: [String] = []
        if !reopened.storageIssues.isEmpty { found.append("reopened with storage issues \(reopened.storageIssues)") }
        if reopened.followsSystem != global.followsSystem {
            found.append("reopened following the system: \(reopened.followsSystem), expected \(global.followsSystem)")
        }
        if reopened.followsSystemContrast != global.followsSystemContrast {
            found.append(
                "reopened following the system's contrast: \(reopened.followsSystemContrast), "
                    + "expected \(global.followsSystemContrast)")
        }
        if !global.followsSystem, reopened.style != global.style {
            found.append("reopened with style \(reopened.style.rawValue), expected \(global.style.rawValue)")
        }
        if !global.followsSystemContrast, reopened.contrast != global.contrast {
            found.append("reopened with contrast \(reopened.contrast), expected \(global.contrast)")
        }
        reopened.register(global.registeredVariants.sorted().map { ModelColorsVariant(number: $0) })
        let restored = ModelColorsVariant.number(of: reopened.activeVariantID(for: ModelColors.self))
        let expected = global.persistedVariant.flatMap { global.registeredVariants.contains($0) ? $0 : nil }
        if restored != expected {
            found.append(
                "reopened with variant \(String(describing: restored)), expected \(String(describing: expected))")
        }
        return found
    }

    func mismatches(global: GlobalModel, receipts: ReceiptCheck = .currentOrInitial) -> [String] {
        let delivered = receipts == .delivered
        var found: [String] = []
        for object in objects {
            guard let widget = object.widget else { continue }
            let appearance = appearance(of: object.node, global: global)
            let salt = object.salt.value
            for (slot, binding) in object.bindings {
                var value = binding.spec.value(appearance, salt: binding.readsSalt ? salt : 0)
                if binding.kind == .objectProvider { value += "@\(object.serial)" }
                let expected = slot.shown(value)
                let shown = slot.read(widget)
                if shown != expected {
                    found.append(
                        "o\(object.number).\(slot) (\(binding.kind) \(binding.spec), n\(object.node), "
                            + "\(appearance.style.rawValue)/\(appearance.contrast)) shows '\(shown)', "
                            + "the model says '\(expected)'")
                }
            }
            for (id, spec) in object.customs {
                let expected = spec.value(appearance, salt: salt)
                let shown = widget.custom[id]
                if shown != expected {
                    found.append("o\(object.number) customize \(id) (\(spec)) shows \(shown ?? "nil"), not \(expected)")
                }
            }
            for (slot, value) in object.frozen where slot.read(widget) != value {
                found.append("o\(object.number).\(slot) was unbound at '\(value)' but shows '\(slot.read(widget))'")
            }
            for (id, value) in object.frozenCustoms where widget.custom[id] != value {
                found.append("o\(object.number) customize \(id) was unbound at '\(value)' but changed")
            }
        }
        for index in nodes.indices.dropFirst() {
            guard let node = nodes[index].node else { continue }
            let appearance = appearance(of: index, global: global)
            if node.effectiveStyle != appearance.style || node.effectiveContrast != appearance.contrast {
                found.append(
                    "n\(index) resolves \(node.effectiveStyle.rawValue)/\(node.effectiveContrast), "
                        + "the model says \(appearance.style.rawValue)/\(appearance.contrast)")
            }
        }
        if self.global != nil, theme.style != global.style || theme.contrast != global.contrast {
            found.append(
                "the theme's appearance is \(theme.style.rawValue)/\(theme.contrast), the model says "
                    + "\(global.style.rawValue)/\(global.contrast)")
        }
        if self.global != nil,
            theme.followsSystem != global.followsSystem
                || theme.followsSystemContrast != global.followsSystemContrast
        {
            found.append(
                "followsSystem \(theme.followsSystem)/\(theme.followsSystemContrast), the model says "
                    + "\(global.followsSystem)/\(global.followsSystemContrast)")
        }
        guard receipts != .skipped else { return found }
        for (index, observer) in observers.enumerated() {
            if let cancelledAt = observer.cancelledAt {
                if observer.log.count != cancelledAt {
                    found.append("observer#\(index) was called \(observer.log.count - cancelledAt) times after cancel")
                }
                continue
            }
            let expected = global.rootValue(observer.type)
            let seen = delivered ? observer.log.last : observer.log.last ?? observer.initial
            if seen != expected {
                found.append("observer#\(index) of \(observer.type) last saw \(seen ?? "nothing"), not \(expected)")
            }
        }
        for (index, subscription) in subscriptions.enumerated() {
            if let cancelledAt = subscription.cancelledAt {
                let count = subscription.styles.count + subscription.contrasts.count
                if count != cancelledAt { found.append("subscription#\(index) received events after cancel") }
                continue
            }
            let style = delivered ? subscription.styles.last : subscription.styles.last ?? subscription.initialStyle
            if style != global.style.rawValue {
                found.append("subscription#\(index) last style event \(style ?? "none"), not \(global.style.rawValue)")
            }
            let contrast =
                delivered ? subscription.contrasts.last : subscription.contrasts.last ?? subscription.initialContrast
            if contrast != "\(global.contrast)" {
                found.append("subscription#\(index) last contrast event \(contrast ?? "none"), not \(global.contrast)")
            }
        }
        return found
    }

    /// Takes the calls cancelled observers and subscriptions received so far as final: with
    /// several threads, a delivery that another thread had started may still reach an observer
    /// after `cancel()` returned; once the threads have joined, none may.
    func settleCancelled() {
        for index in observers.indices where observers[index].cancelledAt != nil {
            observers[index].cancelledAt = observers[index].log.count
        }
        for index in subscriptions.indices where subscriptions[index].cancelledAt != nil {
            subscriptions[index].cancelledAt = subscriptions[index].styles.count + subscriptions[index].contrasts.count
        }
    }

    /// The numbers of the lane's objects that are still alive.
    func aliveObjects() -> [Int] { objects.filter { $0.widget != nil }.map(\.number) }

    /// Drops everything the lane holds; returns the objects that are still alive afterwards
    /// (the theme must not keep any).
    func releaseEverything() -> [Int] {
        for observer in observers { observer.token.cancel() }
        for subscription in subscriptions { subscription.token.cancel() }
        observers = []
        subscriptions = []
        // A releasing provider that has not run often enough still holds its object (and the
        // theme holds the provider): release those objects here.
        for holder in holders { holder.drop() }
        holders = []
        properties = []
        for object in objects { object.strong = nil }
        for index in nodes.indices.dropFirst() { nodes[index].node = nil }
        return aliveObjects()
    }
}

extension Array where Element: Equatable {
    /// Whether every element of this array appears in `other` in the same order (not necessarily adjacent).
    func isSubsequence(of other: [Element]) -> Bool {
        var position = other.startIndex
        for element in self {
            guard let found = other[position...].firstIndex(of: element) else { return false }
            position = found + 1
        }
        return true
    }
}
