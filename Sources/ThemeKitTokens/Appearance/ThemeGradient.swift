/// A linear gradient whose stops are colour sets, resolved per style and contrast like every other theme
/// colour.
///
/// ```swift
/// let hero = ThemeGradient(stops: [.init(color: top, location: 0), .init(color: bottom, location: 1)])
/// hero.resolved(in: ThemeColorScope(env))   // [(ThemeColor, 0.0), (ThemeColor, 1.0)]
/// ```
public struct ThemeGradient: Hashable, Sendable {
    /// One colour of a gradient and where it sits.
    public struct Stop: Hashable, Sendable {
        /// The stop's colour.
        public var color: ColorSet
        /// Where the stop sits along the gradient, from 0 to 1 (clamped when resolved).
        public var location: Double

        /// Creates a stop.
        /// - Parameters:
        ///   - color: The stop's colour.
        ///   - location: Where it sits, from 0 to 1.
        public init(color: ColorSet, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// A stop resolved for one scope.
    public struct ResolvedStop: Hashable, Sendable {
        /// The stop's colour.
        public var color: ThemeColor
        /// Where it sits, in `0...1`.
        public var location: Double
    }

    /// The stops, in any order.
    public var stops: [Stop]
    /// Where the gradient starts, in unit coordinates of the drawn rectangle (`(0.5, 0)`: top centre).
    public var start: (x: Double, y: Double) {
        get { (startX, startY) }
        set { (startX, startY) = newValue }
    }
    /// Where the gradient ends, in unit coordinates (`(0.5, 1)`: bottom centre).
    public var end: (x: Double, y: Double) {
        get { (endX, endY) }
        set { (endX, endY) = newValue }
    }
    private var startX: Double
    private var startY: Double
    private var endX: Double
    private var endY: Double

    /// Creates a gradient, top to bottom unless told otherwise.
    /// - Parameters:
    ///   - stops: The stops.
    ///   - start: Where it starts, in unit coordinates.
    ///   - end: Where it ends, in unit coordinates.
    public init(stops: [Stop], start: (x: Double, y: Double) = (0.5, 0), end: (x: Double, y: Double) = (0.5, 1)) {
        self.stops = stops
        (startX, startY) = start
        (endX, endY) = end
    }

    /// The stops for a scope: colours resolved there, locations clamped to `0...1` (a non-finite one to 0)
    /// and sorted, equal locations keeping their order.
    /// - Parameter scope: The scope.
    /// - Returns: The stops to draw.
    public func resolved(in scope: ThemeColorScope) -> [ResolvedStop] {
        resolved { $0.resolved(in: scope) }
    }

    /// The stops where the platform draws in `appearance` with `platformContrast`, inside `scope` (see
    /// ``ColorSet/resolved(in:platformContrast:scope:)``).
    /// - Parameters:
    ///   - appearance: The platform's appearance.
    ///   - platformContrast: The platform's contrast.
    ///   - scope: The theme's scope there, if known.
    /// - Returns: The stops to draw.
    public func resolved(
        in appearance: SystemAppearance, platformContrast: ThemeContrast, scope: ThemeColorScope?
    ) -> [ResolvedStop] {
        resolved { $0.resolved(in: appearance, platformContrast: platformContrast, scope: scope) }
    }

    private func resolved(_ color: (ColorSet) -> ThemeColor) -> [ResolvedStop] {
        var indexed: [(index: Int, stop: ResolvedStop)] = []
        indexed.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            indexed.append((index, ResolvedStop(color: color(stop.color), location: Self.clamped(stop.location))))
        }
        indexed.sort { lhs, rhs in
            lhs.stop.location != rhs.stop.location ? lhs.stop.location < rhs.stop.location : lhs.index < rhs.index
        }
        return indexed.map(\.stop)
    }

    private static func clamped(_ location: Double) -> Double {
        location.isFinite ? min(1, max(0, location)) : 0
    }
}
