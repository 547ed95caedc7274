import Synchronization

/// What the server keeps per TCP connection: its socket, and the moment by which the request being read
/// must have arrived.
///
/// libmicrohttpd's own timeout only measures inactivity, so a client that sends one byte every few
/// seconds would hold a connection forever. The read deadline bounds the whole time a request may take
/// to arrive; the server's watchdog shuts the socket down once it passes.
///
/// - Important: Owned by libmicrohttpd's `*socket_context` (one retain) from the connection-started
///   notification to the connection-closed one.
final class ConnectionState: Sendable {
    let descriptor: Int32
    /// The thread whose daemon holds the connection, which resumes it; `nil` only for a daemon the server
    /// does not list, which cannot happen (the list is set before the first connection arrives).
    let thread: DaemonThread?
    /// `ContinuousClock` nanoseconds since the server's epoch; 0 when no request is being read.
    private let deadline = Atomic<Int64>(0)

    init(descriptor: Int32, thread: DaemonThread?) {
        self.descriptor = descriptor
        self.thread = thread
    }

    func setDeadline(_ nanoseconds: Int64) {
        deadline.store(nanoseconds, ordering: .relaxed)
    }

    func clearDeadline() {
        deadline.store(0, ordering: .relaxed)
    }

    /// Whether the deadline has passed; clears it, so that the answer is `true` once.
    func takeExpired(now: Int64) -> Bool {
        let current = deadline.load(ordering: .relaxed)
        guard current != 0 && now > current else { return false }
        return deadline.compareExchange(expected: current, desired: 0, ordering: .relaxed).exchanged
    }
}
