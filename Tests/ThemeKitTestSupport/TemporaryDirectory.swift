import Foundation

/// A fresh folder under the temporary directory, removed with everything in it when the value is released.
///
/// Every test that writes files writes them here, so a test run leaves the temporary directory as it found it
/// (`.ci/run` runs the tests with a temporary directory of their own and fails if anything is left in it).
/// Hold it for as long as the files are used: as a suite's stored property, it lives for one test.
public final class TemporaryDirectory: Sendable {
    /// The folder's location.
    public let url: URL

    /// Creates the folder, named `prefix` and a UUID.
    ///
    /// A test that cannot create its scratch folder fails on its first write, with the path in the message.
    public init(prefix: String = "themekit") {
        url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The location of a file or folder inside this one (not created).
    public func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of a file or folder inside this one.
    public func path(_ name: String) -> String { appending(name).path }

    /// A new, empty folder inside this one, named `name` and a UUID.
    public func makeFolder(_ name: String = "folder") throws -> URL {
        let folder = url.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes a text file (creating the folders on its path) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Reads a text file.
    public func read(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
    }
}
