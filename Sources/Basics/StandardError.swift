#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard error (Swift 6 rejects the global `stderr` as shared mutable state).
///
/// ```swift
/// StandardError.write("could not save like state: \(error.message)\n")
/// ```
package enum StandardError {
    package static func write(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }
}
