import Basics

/// Writes one line per request to standard error: method, path, status, body bytes and duration.
///
/// `GET /feed 200 18342B 0.412ms`
enum AccessLog {
    static func write(method: String, target: String, status: Int, bytes: Int, duration: Duration) {
        let micros = duration.wholeMicroseconds
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
