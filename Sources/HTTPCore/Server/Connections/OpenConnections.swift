import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The server's open connections, each with its `ConnectionState`: what the read-deadline watchdog walks,
/// and what a stopping server asks whether a request is still on its way.
///
/// A connection is added when libmicrohttpd announces it and removed when it reports it closed, which it
/// does before it closes the socket: under this registry's lock a descriptor is still its connection's,
/// never a number the system has given out again.
///
/// ```swift
/// connections.add(state)                 // connection started
/// connections.shutDownExpired(now: now)  // the watchdog, twice a second
/// connections.remove(state)              // connection closed
/// ```
final class OpenConnections: Sendable {
    private let states = Mutex<[ObjectIdentifier: ConnectionState]>([:])

    func add(_ state: ConnectionState) {
        states.withLock { $0[ObjectIdentifier(state)] = state }
    }

    func remove(_ state: ConnectionState) {
        states.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(state)) }
    }

    /// Shuts down the sockets of connections whose read deadline has passed; libmicrohttpd then sees each
    /// connection end and cleans it up on its own thread.
    func shutDownExpired(now: Int64) {
        states.withLock { states in
            for connection in states.values where connection.takeExpired(now: now) {
                _ = Glibc.shutdown(connection.descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    /// Whether a connection has bytes waiting that libmicrohttpd has not read yet: a request that has
    /// arrived (on a connection just taken, or a keep-alive one) but not been seen, so the connection is not
    /// idle. A connection a client opened and sent nothing on (a browser's spare one) has none.
    var hasUnreadRequest: Bool {
        states.withLock { states in
            states.values.contains { connection in
                var waiting: Int32 = 0
                return ioctl(connection.descriptor, UInt(FIONREAD), &waiting) == 0 && waiting > 0
            }
        }
    }
}
