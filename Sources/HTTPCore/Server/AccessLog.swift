#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per request to standard error: method, path, status, body bytes and duration.
///
/// `GET /feed 200 18342B 0.412ms`
enum AccessLog {
    static func write(method: String, target: String, status: Int, bytes: Int, duration: Duration) {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let millis = "\(micros / 1000).\(String(micros % 1000).leftPadded(to: 3))"
        let path =
            target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? target
        let line = "\(method) \(sanitized(path)) \(status) \(bytes)B \(millis)ms\n"
        StandardError.write(line)
    }

    /// Keeps control characters from a client out of the log.
    private static func sanitized(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Unbuffered writes to the standard streams (Swift 6 rejects the global `stderr` as shared mutable state).
public enum StandardError {
    public static func write(_ text: String) {
        writeAll(text, to: 2)
    }
}

public enum StandardOutput {
    public static func write(_ text: String) {
        writeAll(text, to: 1)
    }
}

private func writeAll(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
