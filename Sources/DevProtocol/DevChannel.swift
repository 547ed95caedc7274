import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One end of the supervisor–server channel (a Unix stream socket): sends `DevMessage`s and splits what
/// arrives into them.
///
/// - Important: `send` may be called from any thread. `receive` blocks; call it from one thread only.
package final class DevChannel: Sendable {
    package let descriptor: Int32
    private let sending = Mutex(())
    private let pending = Mutex<[UInt8]>([])

    /// Takes over `descriptor` (it is closed by `close()`).
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends one message; `false` when the other end has gone.
    @discardableResult
    package func send(_ message: DevMessage) -> Bool {
        let bytes = Array(message.line.utf8)
        return sending.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Waits for the next message; `nil` once the other end has closed the channel. Unknown lines are
    /// skipped.
    package func receive() -> DevMessage? {
        while true {
            if let message = takeLine() {
                if let parsed = DevMessage(line: message) { return parsed }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.withLock { $0 += chunk[..<count] }
        }
    }

    /// Messages already received, without waiting (for a descriptor that is ready or non-blocking).
    package func receiveAvailable() -> (messages: [DevMessage], closed: Bool) {
        var messages: [DevMessage] = []
        var closed = false
        while true {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { closed = true }
            guard count > 0 else { break }
            pending.withLock { $0 += chunk[..<count] }
        }
        while let line = takeLine() {
            if let message = DevMessage(line: line) { messages.append(message) }
        }
        return (messages, closed)
    }

    private func takeLine() -> String? {
        pending.withLock { pending in
            guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end + 1)
            return line
        }
    }

    package func close() {
        _ = Glibc.close(descriptor)
    }
}
