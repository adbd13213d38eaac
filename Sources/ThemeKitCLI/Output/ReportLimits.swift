/// How large a report `preview` and `contrast` make: one cell per colour (or contrast pair) and appearance.
///
/// A pack may have 512 custom styles, each two appearances: a small file then asks for a table a thousand
/// times its size (200 colours made a 47 MB page). Past ``maxCells`` the command refuses before it builds
/// anything, so its time and memory stay bounded by its input.
enum ReportLimits {
    /// The most cells (entries × appearances) a report holds: ten thousand colours in 25 appearances.
    static let maxCells = 250_000

    /// Refuses a report of `count` `entries` (plural noun) in `appearances` appearances past ``maxCells``.
    /// - Throws: ``CommandError/input(_:)`` naming the input, the counts and the limit.
    static func check(_ count: Int, _ entries: String, appearances: Int, input: String) throws(CommandError) {
        let (cells, overflow) = count.multipliedReportingOverflow(by: appearances)
        guard overflow || cells > maxCells else { return }
        throw .input(
            "\(input): \(count) \(entries) in \(appearances) appearances make \(overflow ? "more" : "\(cells)") "
                + "cells, more than the \(maxCells) a report shows (each custom style adds two appearances)")
    }
}
