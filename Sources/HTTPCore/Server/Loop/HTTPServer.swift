import Basics
import CMicroHTTPD
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd (epoll, one daemon per server thread, see `DaemonThread`) that
/// hands every request to a responder.
///
/// ```swift
/// let server = try HTTPServer(configuration: configuration, responder: router.buildResponder())
/// print("listening on \(server.url)")
/// HTTPServer.waitForTerminationSignal()
/// server.shutdown()
/// ```
///
/// - Important: Call `HTTPServer.blockTerminationSignals()` before creating the server (and before any
///   other thread starts) when you intend to wait for `SIGINT`/`SIGTERM`, so that the signals reach the
///   waiting thread instead of one of libmicrohttpd's.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    /// The port actually bound (useful when the configuration asked for port 0).
    public let port: Int
    let responder: any HTTPResponder
    /// The daemons, one per thread. Set once in `init`, emptied by `shutdown` once they are stopped.
    private let daemons: Mutex<[DaemonThread]>
    private let isIPv6: Bool
    /// Requests between their URI callback and their completion callback.
    let activeRequests = Atomic<Int>(0)
    /// Deferred handlers running while their connection is suspended.
    let pendingRequests = Atomic<Int>(0)
    /// The threads deferred handlers run on.
    let handlerPool: HandlerPool
    /// Answers kept for repeated identical requests; `nil` when the configuration keeps none.
    let reused: ReusedResponses?
    /// Responses without a body, one per status and header list; `nil` when the configuration keeps none.
    let bodiless: BodilessResponses?
    let isShuttingDown = Atomic<Bool>(false)
    /// Open connections, for the watchdog that enforces read deadlines.
    let connections = Mutex<[ObjectIdentifier: ConnectionState]>([:])
    /// The zero of the deadlines' clock.
    let epoch = ContinuousClock.now
    private let watchdog = Mutex<WatchdogTimer?>(nil)
    /// Streams being sent, so that shutdown can end them.
    let openStreams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
    /// Takes connections from the listening socket and hands them to the daemon.
    private let acceptor: Mutex<ConnectionAcceptor?>
    /// Counts connections against `maxConnections`.
    let admission: ConnectionAdmission
    private let listeningDescriptor: Int32

    public init(configuration: ServerConfiguration, responder: some HTTPResponder) throws(ServerError) {
        self.configuration = configuration
        self.responder = responder
        let socket =
            if let inherited = configuration.listenDescriptor {
                try ListeningSocket(inheriting: inherited)
            } else {
                try ListeningSocket(host: configuration.host, port: configuration.port)
            }
        self.port = socket.port
        self.isIPv6 = socket.isIPv6
        self.listeningDescriptor = socket.descriptor
        self.daemons = Mutex([])
        self.acceptor = Mutex(nil)
        self.admission = ConnectionAdmission(limit: max(1, configuration.maxConnections))
        self.handlerPool = HandlerPool(threads: configuration.threads, name: "handler")
        self.reused =
            configuration.reusedResponseCapacity > 0
            ? ReusedResponses(capacity: configuration.reusedResponseCapacity) : nil
        self.bodiless =
            configuration.reusedResponseCapacity > 0
            ? BodilessResponses(capacity: configuration.reusedResponseCapacity) : nil

        // One daemon per thread, each on a thread of ours (see `DaemonThread`), with no listening socket of
        // its own: the acceptor deals connections out, so that the server can stop taking them from the
        // socket and still finish what it has (see `shutdown`).
        let flags =
            MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
            | (socket.isIPv6 ? MHD_USE_IPv6.rawValue : 0)
        // The server is the callbacks' context; it outlives the daemons, which `shutdown` stops.
        let context = Unmanaged.passUnretained(self).toOpaque()
        let admission = self.admission
        var started: [DaemonThread] = []
        do throws(ServerError) {
            for index in 0..<max(1, configuration.threads) {
                let daemon = shim_start_daemon(
                    flags,
                    accessHandler, context,
                    requestCompleted, context,
                    uriReceived, context,
                    connectionNotified, context,
                    // libmicrohttpd's own limit is never reached: `admission` holds the real one.
                    UInt32(max(1, configuration.maxConnections) + 64),
                    UInt32(max(0, configuration.connectionTimeoutSeconds)),
                    32 * 1024  // libmicrohttpd clears the pool between requests: keep it at its default size
                )
                guard let daemon else {
                    throw ServerError("cannot start the HTTP server on \(configuration.host):\(socket.port)")
                }
                started.append(try DaemonThread(daemon: daemon, name: "server-\(index)") { admission.release() })
            }
            daemons.withLock { $0 = started }
            // A socket is its daemon thread's from the hand-over on (libmicrohttpd closes one it refuses, the
            // thread one it never added).
            let next = Atomic<Int>(0)
            let threads = started
            let acceptor = try ConnectionAcceptor(socket: socket.descriptor, hasRoom: { admission.hasRoom }) {
                client, address, length in
                admission.admit()  // the acceptor only takes a connection when there is room
                let turn = next.add(1, ordering: .relaxed).newValue
                threads[turn % threads.count].hand(client, address: address, length: length)
            }
            self.acceptor.withLock { $0 = acceptor }
        } catch {
            // Stopped here, so that `deinit` (which runs: every property is set) finds nothing to stop or close.
            for thread in started { thread.stop() }
            daemons.withLock { $0 = [] }
            handlerPool.stop()
            close(socket.descriptor)
            throw error
        }
        startWatchdog()
    }

    /// Nanoseconds since `epoch`.
    var now: Int64 {
        Int64((ContinuousClock.now - epoch).wholeNanoseconds)
    }

    /// Now plus `seconds`, as a deadline.
    func deadline(inSeconds seconds: Int) -> Int64 {
        now + Int64(seconds) * 1_000_000_000
    }

    /// Twice a second, shuts down the sockets of connections whose request has not arrived in time.
    /// libmicrohttpd then sees the connection end and cleans it up on its own thread.
    ///
    /// A Dispatch timer, not a task: the cooperative pool may be busy (or blocked by a caller), and a
    /// deadline must hold whatever else the process is doing.
    private func startWatchdog() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.watchdog"))
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500), leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let now = self.now
            // Under the registry's lock: libmicrohttpd reports a connection closed (and it leaves the
            // registry) before it closes the socket, so a descriptor seen here is still that connection's
            // and not a reused number.
            self.connections.withLock { connections in
                for connection in connections.values where connection.takeExpired(now: now) {
                    _ = Glibc.shutdown(connection.descriptor, Int32(SHUT_RDWR))
                }
            }
        }
        timer.resume()
        watchdog.withLock { $0 = WatchdogTimer(source: timer) }
    }

    /// `http://HOST:PORT`, with IPv6 hosts in brackets.
    public var url: String {
        let host = isIPv6 ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// The thread that runs `daemon`.
    func thread(running daemon: OpaquePointer?) -> DaemonThread? {
        daemons.withLock { threads in threads.first { $0.runs(daemon) } }
    }

    /// The number of connections currently open.
    public var openConnections: Int {
        daemons.withLock { daemons in daemons.reduce(0) { $0 + $1.connectionCount } }
    }

    /// Responses kept for requests that may come again byte for byte, and requests answered with one
    /// (see `HTTPResponse.reusableWhile`).
    public var reusedResponses: (kept: Int, served: Int) {
        reused?.statistics ?? (0, 0)
    }

    /// Responses without a body kept for their status and headers, and answers sent with one that was
    /// already kept (see `BodilessResponses`).
    public var bodilessResponses: (kept: Int, served: Int) {
        bodiless?.statistics ?? (0, 0)
    }

    /// Deferred handlers running right now (their connections suspended).
    public var pendingRequestCount: Int {
        pendingRequests.load(ordering: .relaxed)
    }

    /// Stops accepting connections, lets requests in flight finish for up to `gracePeriod`, then stops.
    ///
    /// No connection is taken from the listening socket once this is called, and none that was taken is
    /// dropped unanswered: responses from now on carry `Connection: close`, and the server waits for its
    /// connections to close (an idle keep-alive connection is closed once the server has been quiet a
    /// moment; a connection with a request waiting to be read is not idle). Connections that arrive
    /// meanwhile wait in the socket's backlog, which matters when another process holds the same socket
    /// and serves them next (`ServerConfiguration.listenDescriptor`).
    ///
    /// - Important: It blocks until then. Deferred handlers run on the server's own handler threads, but
    ///   what they await may need the cooperative pool: from `async` code call it off that pool (on a
    ///   thread of its own), or it may wait for work it is holding up.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        guard !daemons.withLock({ $0.isEmpty }) else { return }
        // One caller stops the server; another that comes meanwhile waits for it to be stopped (the socket
        // must be closed once: a second close could close a descriptor someone else has opened since).
        guard isShuttingDown.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
            while !daemons.withLock({ $0.isEmpty }) {
                usleep(2_000)
            }
            return
        }
        // Stop taking work: the daemons listen on no socket, so the acceptor, which is ours, stops exactly.
        acceptor.withLock { $0.take() }?.stop()
        close(listeningDescriptor)
        for stream in openStreams.withLock({ Array($0.values) }) {
            stream.finish()
        }
        let deadline = ContinuousClock.now + gracePeriod
        var quietSince: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            let busy =
                activeRequests.load(ordering: .acquiring) > 0 || pendingRequests.load(ordering: .acquiring) > 0
                || hasUnreadRequest
            // Counted from the acceptor's hand-over: a connection still on its way to a daemon counts too.
            if !busy && admission.count == 0 { break }
            if busy {
                quietSince = nil
            } else if let since = quietSince {
                // Only idle keep-alive connections are left: a client that sends on one after this may find
                // it closed, as with any idle timeout, and retries.
                if ContinuousClock.now - since >= Self.idleConnectionGrace { break }
            } else {
                quietSince = .now
            }
            usleep(2_000)
        }
        // Suspended connections must not exist when the daemon stops; if the grace period ran out
        // with deferred work still running, wait for it (it always finishes) before stopping.
        while pendingRequests.load(ordering: .acquiring) > 0 {
            usleep(5_000)
        }
        // Each thread is joined, then its daemon stopped; the list is emptied last, for the callers waiting above.
        for thread in daemons.withLock({ $0 }) {
            thread.stop()
        }
        daemons.withLock { $0 = [] }
        reused?.removeAll()
        bodiless?.removeAll()
        watchdog.withLock { timer in
            timer?.source.cancel()
            timer = nil
        }
        handlerPool.stop()
    }

    /// Whether a connection has bytes waiting that libmicrohttpd has not read yet: a request that has
    /// arrived (on a connection just taken, or a keep-alive one) but not been seen, so the connection is not
    /// idle. A connection a client opened and sent nothing on (a browser's spare one) has none.
    private var hasUnreadRequest: Bool {
        // Under the registry's lock, a descriptor is still its connection's (see the watchdog).
        connections.withLock { connections in
            connections.values.contains { connection in
                var waiting: Int32 = 0
                return ioctl(connection.descriptor, UInt(FIONREAD), &waiting) == 0 && waiting > 0
            }
        }
    }

    /// How long a stopping server with only idle connections left waits for their clients to close them.
    static let idleConnectionGrace: Duration = .milliseconds(200)

    deinit {
        shutdown(gracePeriod: .zero)
    }
}

/// The watchdog's timer, made `Sendable`: a Dispatch source may be cancelled from any thread.
struct WatchdogTimer: @unchecked Sendable {
    let source: any DispatchSourceTimer
}

/// A connection pointer carried into the task of a deferred handler or a stream, with the thread that
/// resumes it.
///
/// - Important: Valid until libmicrohttpd's request-completed callback, which cannot run while the
///   connection is suspended; the task only touches it to resume it once.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    private let thread: DaemonThread?

    /// The handle of `connection`, which must have been announced to the server (it has a state).
    init(_ connection: OpaquePointer) {
        self.pointer = connection
        self.thread = connectionState(connection)?.thread
    }

    /// Resumes the suspended connection (from any thread).
    func resume() {
        if let thread {
            thread.resume(pointer)
        } else {
            MHD_resume_connection(pointer)
        }
    }
}
