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
/// TerminationSignals.block()
/// let server = try HTTPServer(configuration: configuration, responder: router.buildResponder())
/// print("listening on \(server.url)")
/// try await ServiceGroup([server]).run(until: TerminationSignals.stream())   // serves until a signal
/// ```
///
/// It starts serving when made; as a `Service` it runs until its task is cancelled, then shuts down.
///
/// - Important: Call `TerminationSignals.block()` before creating the server (and before any other
///   thread starts) when you intend to wait for `SIGINT`/`SIGTERM`, so that the signals reach the
///   waiting thread instead of one of libmicrohttpd's.
package final class HTTPServer: Sendable {
    package let configuration: ServerConfiguration
    /// The port actually bound (useful when the configuration asked for port 0).
    package let port: Int
    let responder: any HTTPResponder
    /// The daemons, one per thread. Set once in `init`, emptied by `shutdown` once they are stopped.
    private let daemons: Mutex<[DaemonThread]>
    private let isIPv6: Bool
    /// Requests between their URI callback and their completion callback.
    let activeRequests = Atomic<Int>(0)
    /// Deferred handlers running while their connection is suspended.
    let pendingRequests = Atomic<Int>(0)
    /// The requests among those whose connections are suspended, for a shutdown that cannot wait longer.
    let suspended = SuspendedRequests()
    /// The threads deferred handlers run on.
    let handlerPool: HandlerPool
    /// Answers reused for repeated identical requests; `nil` when the configuration reuses none.
    let sameRequest: ReuseForSameRequest?
    /// Responses without a body, one per status and header list; `nil` when the configuration reuses none.
    let sameHeaders: ReuseForSameHeaders?
    /// Whether an answer with a kept body goes out as the response made for it before (see `KeptBody`):
    /// unless the configuration reuses no response.
    let reusesKeptBodies: Bool
    /// Answers sent with the response made for their kept body before.
    let sameAnswerServed = Atomic<Int>(0)
    /// The caches of answers sent again, bounded and reported (`GET /stats`).
    package let caches = Caches()
    /// Where the server is in its life; `shutdown` moves it on, once.
    private let lifecycle = Mutex(Lifecycle.running)
    /// Whether the server has left `.running`: the request path's lock-free copy of `lifecycle`, set
    /// under its lock as the server starts to stop.
    let isShuttingDown = Atomic<Bool>(false)
    /// Whether the last stop ended everything in flight before its grace period was over.
    private let stoppedInTime = Atomic<Bool>(false)
    /// Set once `shutdown` has closed the listening socket: no connection is taken from then on.
    private let listeningClosed = Atomic<Bool>(false)
    /// Entered once in `init`, left once the server is stopped: what a second caller of `shutdown` waits on.
    private let stopped = DispatchGroup()
    /// Open connections, for the watchdog that enforces read deadlines.
    let connections = OpenConnections()
    /// The zero of the deadlines' clock.
    let epoch = ContinuousClock.now
    private let watchdog: Mutex<ReadDeadlineWatchdog?>
    /// Streams being sent, so that shutdown can end them.
    let openStreams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
    /// Takes connections from the listening socket and hands them to the daemon.
    private let acceptor: Mutex<ConnectionAcceptor?>
    /// Counts connections against `maxConnections`.
    let admission: ConnectionAdmission
    private let listeningDescriptor: Int32

    package init(configuration: ServerConfiguration, responder: some HTTPResponder) throws(ServerError) {
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
        self.watchdog = Mutex(nil)
        self.admission = ConnectionAdmission(limit: max(1, configuration.maxConnections))
        self.handlerPool = HandlerPool(threads: configuration.threads, name: "handler")
        let reuses = configuration.reusedResponseCapacity > 0
        self.sameRequest =
            reuses
            ? ReuseForSameRequest(
                capacity: configuration.reusedResponseCapacity, byteCapacity: configuration.reusedResponseBytes,
                in: caches) : nil
        self.sameHeaders =
            reuses ? ReuseForSameHeaders(capacity: configuration.reusedResponseCapacity, in: caches) : nil
        self.reusesKeptBodies = reuses

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
            lifecycle.withLock { $0 = .stopped }
            throw error
        }
        stopped.enter()
        let watchdog = ReadDeadlineWatchdog(connections: connections) { [weak self] in self?.now ?? 0 }
        self.watchdog.withLock { $0 = watchdog }
    }

    /// Nanoseconds since `epoch`.
    var now: Int64 {
        Int64((ContinuousClock.now - epoch).wholeNanoseconds)
    }

    /// Now plus `seconds`, as a deadline.
    func deadline(inSeconds seconds: Int) -> Int64 {
        now + Int64(seconds) * 1_000_000_000
    }

    /// `http://HOST:PORT`, with IPv6 hosts in brackets.
    package var url: String {
        let host = isIPv6 ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// The thread that runs `daemon`.
    func thread(running daemon: OpaquePointer?) -> DaemonThread? {
        daemons.withLock { threads in threads.first { $0.runs(daemon) } }
    }

    /// The number of connections currently open.
    package var openConnections: Int {
        daemons.withLock { daemons in daemons.reduce(0) { $0 + $1.connectionCount } }
    }

    /// Responses held for reuse for requests that may come again byte for byte, and requests answered with
    /// one (see `HTTPResponse.reusableWhile`, `ReuseForSameRequest`).
    package var reusedForSameRequest: (kept: Int, served: Int) {
        sameRequest?.statistics ?? (0, 0)
    }

    /// Responses without a body held for reuse for their status and headers, and answers sent with one
    /// made before (see `ReuseForSameHeaders`).
    package var reusedForSameHeaders: (kept: Int, served: Int) {
        sameHeaders?.statistics ?? (0, 0)
    }

    /// Answers whose body its maker keeps, sent with the response made for it before (see `KeptBody`).
    package var reusedForKeptBodies: Int {
        sameAnswerServed.load(ordering: .relaxed)
    }

    /// Whether a shutdown has closed the listening socket (for tests: no connection is taken from now on).
    package var hasStoppedListening: Bool {
        listeningClosed.load(ordering: .acquiring)
    }

    /// Deferred handlers running right now (their connections suspended).
    package var pendingRequestCount: Int {
        pendingRequests.load(ordering: .relaxed)
    }

    /// Stops accepting connections, lets requests in flight finish for up to `gracePeriod`, then stops.
    ///
    /// No connection is taken from the listening socket once this is called, and none that was taken is
    /// dropped unanswered: responses from now on carry `Connection: close`, and the server waits for its
    /// connections to close (an idle keep-alive connection is closed once the server has been quiet a
    /// moment; a connection with a request waiting to be read is not idle). Connections that arrive
    /// meanwhile wait in the socket's backlog, which matters when another process holds the same socket
    /// and serves them next (`ServerConfiguration.listenDescriptor`). A request whose deferred work is
    /// still running when `gracePeriod` is over is answered `503` with `Retry-After` by the server (the
    /// work's own answer, if it ever comes, is dropped), so a handler that never ends cannot hold the stop
    /// up. A second caller waits until the first has stopped the server; a call on a stopped server
    /// returns at once. Returns whether everything in flight ended (streams finished, requests answered,
    /// connections closed) before the grace period was over, rather than being cut at its end.
    ///
    /// - Important: It blocks until then. Deferred handlers run on the server's own handler threads, but
    ///   what they await may need the cooperative pool: from `async` code call it off that pool (on a
    ///   thread of its own), or it may wait out the grace period for work it is holding up.
    @discardableResult
    package func shutdown(gracePeriod: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + gracePeriod
        let isFirst = lifecycle.withLock { state -> Bool? in
            switch state {
            case .running:
                state = .stopping(deadline: deadline)
                isShuttingDown.store(true, ordering: .relaxed)
                return true
            case .stopping:
                return false
            case .stopped:
                return nil
            }
        }
        guard let isFirst else { return stoppedInTime.load(ordering: .acquiring) }
        guard isFirst else {
            // The socket must be closed once: a second close could close a descriptor someone else has
            // opened since. So wait for the first caller instead.
            stopped.wait()
            return stoppedInTime.load(ordering: .acquiring)
        }
        // Stop taking work: the daemons listen on no socket, so the acceptor, which is ours, stops exactly.
        acceptor.withLock { $0.take() }?.stop()
        close(listeningDescriptor)
        listeningClosed.store(true, ordering: .releasing)
        for stream in openStreams.withLock({ Array($0.values) }) {
            stream.finish()
        }
        let inTime = drain(until: deadline)
        stoppedInTime.store(inTime, ordering: .releasing)
        // Each thread is joined, then its daemon stopped.
        for thread in daemons.withLock({ $0 }) {
            thread.stop()
        }
        daemons.withLock { $0 = [] }
        sameRequest?.removeAll()
        sameHeaders?.removeAll()
        watchdog.withLock { $0.take() }?.stop()
        handlerPool.stop()
        lifecycle.withLock { $0 = .stopped }
        stopped.leave()
        return inTime
    }

    /// Waits until no request is in flight and no connection is left (or only idle ones, for a moment),
    /// or `deadline` passes; then answers the requests whose deferred work is still running. Returns
    /// whether it was the former.
    ///
    /// Polled every 2 ms: libmicrohttpd reports no event when a request arrives unread on a connection or a
    /// connection falls idle, which is what this waits for.
    private func drain(until deadline: ContinuousClock.Instant) -> Bool {
        var quietSince: ContinuousClock.Instant?
        var ended = false
        while ContinuousClock.now < deadline {
            let busy =
                activeRequests.load(ordering: .acquiring) > 0 || pendingRequests.load(ordering: .acquiring) > 0
                || connections.hasUnreadRequest
            // Counted from the acceptor's hand-over: a connection still on its way to a daemon counts too.
            if !busy && admission.count == 0 {
                ended = true
                break
            }
            if busy {
                quietSince = nil
            } else if let since = quietSince {
                // Only idle keep-alive connections are left: a client that sends on one after this may find
                // it closed, as with any idle timeout, and retries.
                if ContinuousClock.now - since >= Self.idleConnectionGrace {
                    ended = true
                    break
                }
            } else {
                quietSince = .now
            }
            usleep(2_000)
        }
        // Suspended connections must not exist when the daemon stops. If the grace period ran out with
        // deferred work still running, the server answers the requests it holds itself (a request still on
        // its way to being suspended is answered on the next round), and their work's answers, if they
        // ever come, are dropped; so a handler that never ends cannot hold the server up.
        var answeredInstead = 0
        while pendingRequests.load(ordering: .acquiring) > suspended.abandonedCount {
            answeredInstead += suspended.answerAll(with: Self.stoppedBeforeTheAnswer)
            usleep(5_000)
        }
        // Then lets the daemons send those answers (a client that does not read them is closed by the
        // connection timeout, or, at the latest, when the daemons stop).
        let sendingUntil = ContinuousClock.now + Self.answersInsteadGrace
        while answeredInstead > 0 && activeRequests.load(ordering: .acquiring) > 0 && ContinuousClock.now < sendingUntil
        {
            usleep(2_000)
        }
        return ended && answeredInstead == 0
    }

    /// How a stopping server answers a request whose deferred work outlasted the grace period.
    static let stoppedBeforeTheAnswer = HTTPResponse.plainError(
        HTTPError(
            .serviceUnavailable, "The server stopped before this request's answer was ready; try again.",
            headers: ["Retry-After": "1"]))

    /// How long a stopping server lets the daemons send the answers it gave in place of deferred work.
    static let answersInsteadGrace: Duration = .seconds(5)

    /// How long a stopping server with only idle connections left waits for their clients to close them.
    static let idleConnectionGrace: Duration = .milliseconds(200)

    deinit {
        shutdown(gracePeriod: .zero)
    }
}

extension HTTPServer {
    /// Where a server is in its life, as swift-service-lifecycle's `ServiceGroup` keeps it: it runs from
    /// `init`, stops once, and is then stopped for good.
    enum Lifecycle: Sendable {
        /// Taking connections and answering them.
        case running
        /// Taking no more connections; finishing those it has until `deadline`, then stopping.
        case stopping(deadline: ContinuousClock.Instant)
        /// Its daemons, threads and socket are gone.
        case stopped
    }
}
