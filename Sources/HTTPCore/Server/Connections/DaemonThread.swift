import Basics
import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One libmicrohttpd daemon on epoll, run by a thread of ours: the thread waits on the daemon's epoll
/// descriptor for as long as `MHD_get_timeout` allows, then lets the daemon do its work with `MHD_run`,
/// which never blocks.
///
/// libmicrohttpd 0.9.75 can run its daemons on threads of its own, but their loop takes at most 128
/// events from one `epoll_wait` and, when it gets exactly 128, waits again with its full timeout before it
/// handles any of them: 128 requests that arrive while the thread is busy then wait for the next event, or
/// for the idle timeout, which closes the oldest of them unanswered. `MHD_run` makes its waits with a
/// timeout of zero, so the only wait that blocks is this thread's, and it returns when anything is ready.
///
/// Connections are handed to the daemon on its own thread (`MHD_add_connection` is not safe from another
/// thread when the daemon has no thread of its own): `hand` queues the socket and wakes the thread. For
/// the same reason a suspended connection is resumed with `resume`, which wakes the thread too.
///
/// ```swift
/// let thread = try DaemonThread(daemon: started, name: "server-0") { admission.release() }
/// thread.hand(socket, address: address, length: length)  // the daemon owns the socket from now on
/// thread.stop()  // joins the thread, then stops the daemon
/// ```
final class DaemonThread: Sendable {
    /// A socket taken from the listening socket, waiting for the daemon's thread.
    private struct Arrival {
        var socket: Int32
        var address: sockaddr_storage
        var length: socklen_t
    }

    private let daemon: DaemonHandle
    private let epollDescriptor: Int32
    /// The pipe that wakes the thread for arrivals, resumed connections and to stop: `[read, write]`,
    /// both non-blocking.
    private let wake: (read: Int32, write: Int32)
    private let arrivals = Mutex<[Arrival]>([])
    private let isStopping = Atomic<Bool>(false)
    /// The running thread; `nil` once stopped.
    private let thread = Mutex<pthread_t?>(nil)
    /// Called for a socket the daemon refused or never got (it is closed by then), unless the daemon had
    /// announced it (the connection-closed notification then counts it as gone).
    private let refused: @Sendable () -> Void
    /// Connections the daemon has announced (connection-started notifications), to tell a socket refused
    /// before it was announced from one refused after (when adding it to the epoll set fails).
    private let announced = Atomic<Int>(0)

    /// Runs `daemon` (started with `MHD_USE_EPOLL` and no thread of its own) on a new thread named `name`;
    /// from now on the daemon is this object's, and `stop` stops it.
    init(daemon: OpaquePointer, name: String, refused: @escaping @Sendable () -> Void) throws(ServerError) {
        self.daemon = DaemonHandle(pointer: daemon)
        self.epollDescriptor = shim_epoll_fd(daemon)
        self.refused = refused
        var ends: [Int32] = [-1, -1]
        guard epollDescriptor >= 0, pipe(&ends) == 0 else {
            MHD_stop_daemon(daemon)
            throw ServerError("cannot start the HTTP server's thread: \(String(cString: strerror(errno)))")
        }
        wake = (ends[0], ends[1])
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        guard let created = NamedThread.start(name: name, { [self] in run() }) else {
            close(wake.read)
            close(wake.write)
            MHD_stop_daemon(daemon)
            throw ServerError("cannot start the HTTP server's thread")
        }
        thread.withLock { $0 = created }
    }

    /// Whether this thread runs `daemon`.
    func runs(_ daemon: OpaquePointer?) -> Bool {
        daemon == self.daemon.pointer
    }

    /// Resumes a suspended connection of this daemon from any thread. Without a thread of its own the
    /// daemon has no wake-up channel of its own either: the thread is woken to run it.
    func resume(_ connection: OpaquePointer) {
        MHD_resume_connection(connection)
        ring()
    }

    /// Notes a connection-started notification of this daemon (on this thread).
    func noteAnnounced() {
        announced.add(1, ordering: .relaxed)
    }

    /// The connections the daemon holds (0 once stopped).
    var connectionCount: Int {
        thread.withLock { running in running == nil ? 0 : Int(shim_current_connections(daemon.pointer)) }
    }

    /// Gives an accepted socket to the daemon, on its thread; from now on the socket is the daemon's.
    func hand(_ socket: Int32, address: UnsafePointer<sockaddr>, length: socklen_t) {
        var arrival = Arrival(socket: socket, address: sockaddr_storage(), length: length)
        withUnsafeMutableBytes(of: &arrival.address) { storage in
            storage.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length)))
        }
        let wasEmpty = arrivals.withLock { queued in
            queued.append(arrival)
            return queued.count == 1
        }
        // One wake-up for a batch: the thread takes every queued arrival when it wakes.
        if wasEmpty { ring() }
    }

    /// Stops the thread, closes sockets it never took, then stops the daemon (which closes its
    /// connections and reports each as closed, on the calling thread). Later calls do nothing.
    ///
    /// - Important: Call it from any thread but this one's.
    func stop() {
        guard isStopping.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged,
            let running = thread.withLock({ $0 })
        else { return }
        ring()
        pthread_join(running, nil)
        for arrival in takeArrivals() {
            close(arrival.socket)
            refused()
        }
        thread.withLock { $0 = nil }
        MHD_stop_daemon(daemon.pointer)
        close(wake.read)
        close(wake.write)
    }

    private func ring() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)  // a full pipe is fine: the thread will wake anyway
    }

    /// The thread's loop: waits for the daemon's events, a timeout of its connections, or the wake pipe;
    /// takes arrivals; runs the daemon.
    private func run() {
        var descriptors = [
            pollfd(fd: epollDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        var drained = [UInt8](repeating: 0, count: 256)
        while !isStopping.load(ordering: .acquiring) {
            if poll(&descriptors, 2, shim_wait_milliseconds(daemon.pointer)) < 0 {
                // EINTR, or out of memory for a moment: look again (a stop is seen at the top).
                if errno != EINTR { usleep(1_000) }
                continue
            }
            if descriptors[1].revents != 0 {
                // More wake-ups than this (resumes while the thread was busy) wake it once more: harmless.
                _ = read(wake.read, &drained, drained.count)
                if isStopping.load(ordering: .acquiring) { return }
                for arrival in takeArrivals() {
                    add(arrival)
                }
            }
            _ = MHD_run(daemon.pointer)
        }
    }

    private func takeArrivals() -> [Arrival] {
        arrivals.withLock { queued in
            defer { queued = [] }
            return queued
        }
    }

    private func add(_ arrival: Arrival) {
        var arrival = arrival
        let announcedBefore = announced.load(ordering: .relaxed)
        let added = withUnsafePointer(to: &arrival.address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                MHD_add_connection(daemon.pointer, arrival.socket, $0, arrival.length)
            }
        }
        // libmicrohttpd closes a socket it refuses; one it announced first it also reports closed.
        if added != MHD_Result.YES && announced.load(ordering: .relaxed) == announcedBefore { refused() }
    }
}

/// The daemon pointer, made `Sendable`: only its thread runs the daemon; other threads only read its
/// connection count and resume its connections, which libmicrohttpd guards with its own lock.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
