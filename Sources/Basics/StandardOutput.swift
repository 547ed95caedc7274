#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard output (Swift 6 rejects the global `stdout` as shared mutable state).
///
/// ```swift
/// StandardOutput.write("listening on \(server.url)\n")
/// ```
package enum StandardOutput {
    package static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }
}
