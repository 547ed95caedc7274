import Basics
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Accepts connections from a listening socket on a thread of its own and hands each to libmicrohttpd
/// (through a `DaemonThread`).
///
/// libmicrohttpd could accept by itself, but it cannot be told to stop accepting while it finishes the
/// requests it has (its `MHD_quiesce_daemon` races with its own workers on epoll and can abort). With
/// the accepting done here, stopping is exact: after `stop()` returns, no connection is taken from the
/// socket, so connections that arrive stay in the kernel's backlog for whoever holds the socket next
/// (the dev supervisor hands the same socket to the next server).
///
/// ```swift
/// let acceptor = try ConnectionAcceptor(socket: descriptor) { fd, address, length in
///     thread.hand(fd, address: address, length: length)  // a DaemonThread adds it to its daemon
/// }
/// acceptor.stop()  // from now on the socket's backlog is left alone
/// ```
///
/// - Important: `stop()` joins the thread; call it from any thread but the acceptor's own.
final class ConnectionAcceptor: Sendable {
    /// Takes an accepted socket (and owns it from then on).
    typealias Handoff = @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void

    private let socket: Int32
    private let handoff: Handoff
    /// Whether another connection may be taken now; when not, connections wait in the backlog.
    private let hasRoom: @Sendable () -> Bool
    /// The pipe that wakes the thread to stop: `[read, write]`.
    private let wake: (read: Int32, write: Int32)
    private let thread = Mutex<pthread_t?>(nil)
    /// Connections handed over so far.
    let acceptedCount = Atomic<Int>(0)

    init(
        socket: Int32, name: String = "acceptor", hasRoom: @escaping @Sendable () -> Bool = { true },
        handoff: @escaping Handoff
    ) throws(ServerError) {
        self.socket = socket
        self.handoff = handoff
        self.hasRoom = hasRoom
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ServerError("cannot create the acceptor's pipe: \(String(cString: strerror(errno)))")
        }
        wake = (ends[0], ends[1])
        // The thread holds the acceptor until it ends.
        guard let created = NamedThread.start(name: name, { [self] in run() }) else {
            close(wake.read)
            close(wake.write)
            throw ServerError("cannot start the acceptor thread")
        }
        thread.withLock { $0 = created }
    }

    /// Stops accepting and returns once the thread has ended. Later calls do nothing.
    func stop() {
        guard let running = thread.withLock({ $0.take() }) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        pthread_join(running, nil)
        close(wake.read)
        close(wake.write)
    }

    /// The thread's loop: waits for the socket or the stop pipe; accepts everything pending each time.
    fileprivate func run() {
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            // At the limit, leave the socket alone (arrivals wait in the backlog, as with a full
            // server) and look again shortly: connections close on other threads.
            let full = !hasRoom()
            descriptors[0].events = full ? 0 : Int16(POLLIN)
            let ready = poll(&descriptors, 2, full ? 10 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                acceptPending()
            } else if descriptors[0].revents != 0 {
                return  // the socket was closed or failed: nothing more will arrive
            }
        }
    }

    private func acceptPending() {
        while hasRoom() {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(socket, $0, &length)  // libmicrohttpd makes it non-blocking
                }
            }
            if client < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: leave the connection queued and breathe.
                    usleep(10_000)
                    return
                default: return  // EAGAIN: nothing more pending (the socket is non-blocking)
                }
            }
            acceptedCount.add(1, ordering: .relaxed)
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { handoff(client, $0, length) }
            }
        }
    }
}
