// The `themekit` executable: everything happens in ThemeKitCLI, so tests can run it in-process too.
import Foundation
import ThemeKitCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes straight to a file descriptor. A closed pipe (`themekit preview … | head`) ends the output quietly
/// instead of killing the process with SIGPIPE.
struct DescriptorStream: TextOutputStream {
    let descriptor: Int32

    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

signal(SIGPIPE, SIG_IGN)
var standardOutput = DescriptorStream(descriptor: 1)
var standardError = DescriptorStream(descriptor: 2)
let status = ThemeKitCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdout: &standardOutput, stderr: &standardError)
exit(status)
