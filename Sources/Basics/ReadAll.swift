#if canImport(Glibc)
    import Glibc
#endif

/// How `readAll` stopped.
package enum ReadEnd: Sendable, Equatable {
    /// The end of the file (or the other end of a pipe closed).
    case endOfFile
    /// A non-blocking descriptor has nothing more waiting now.
    case wouldBlock
    /// More than the limit was read.
    case tooLarge
    /// A read failed with this `errno`.
    case failed(errno: Int32)
}

/// Reads from `fd` and appends to `bytes` until the end of the file, until a non-blocking descriptor has
/// nothing more waiting, or past `limit` bytes in all; again after an interrupted read. The one read loop
/// of the package (the state file, the supervisor's build output and its text files).
///
/// ```swift
/// var bytes: [UInt8] = []
/// if case .failed(let error) = readAll(fd, appendingTo: &bytes) { … }
/// ```
package func readAll(_ fd: Int32, appendingTo bytes: inout [UInt8], limit: Int = .max) -> ReadEnd {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno: errno)
        }
        if count == 0 { return .endOfFile }
        bytes += chunk[..<count]
        if bytes.count > limit { return .tooLarge }
    }
}
