#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to standard error (Swift 6 rejects the global `stderr` as shared mutable state).
///
/// ```swift
/// StandardError.write("could not save like state: \(error.message)\n")
/// ```
public enum StandardError {
    public static func write(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }
}
