extension Theme {
    /// Applies a pack's colours, typography and metrics as one change.
    ///
    /// The pack's ``ThemePackColors``, ``ThemePackTypography`` and ``ThemePackMetrics`` values
    /// are applied inside one `Theme.batch(_:)`, so each binding that reads any of them runs
    /// once and each observer sees only the final value, however many of the three changed.
    /// Values equal to the current ones change nothing, as with any applied extension.
    ///
    /// ```swift
    /// let decoded = try ThemePackDecoder(policy: .lenient, base: bundledPack).decode(data)
    /// theme.apply(decoded.pack)
    /// ```
    ///
    /// Safe to call from any thread, and from inside another batch (the outermost batch delivers).
    /// - Parameter pack: The pack to apply.
    public func apply(_ pack: ThemePack) {
        batch {
            apply(ThemePackColors(pack))
            apply(ThemePackTypography(pack))
            apply(ThemePackMetrics(pack))
        }
    }
}
