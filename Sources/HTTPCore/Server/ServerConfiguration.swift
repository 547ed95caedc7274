#if canImport(Glibc)
    import Glibc
#endif

/// How the HTTP server listens and what it tolerates.
package struct ServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or `localhost`.
    package var host: String = "127.0.0.1"
    /// The port to bind; `0` picks a free one (see `HTTPServer.port`).
    package var port: Int = 8080
    /// An already listening socket to serve instead of binding `host:port` (inherited from a supervisor
    /// that hands one socket from server to server). `host` then only names the server in its URL.
    package var listenDescriptor: Int32?
    /// Server threads (each a `DaemonThread` running one libmicrohttpd daemon), and as many again for
    /// deferred handlers (`HandlerPool`); defaults to the number of cores.
    package var threads: Int = ServerConfiguration.coreCount
    /// Connections held at once; beyond it new connections wait in the socket's backlog.
    package var maxConnections: Int = 1024
    /// Seconds of inactivity after which a connection is closed.
    package var connectionTimeoutSeconds: Int = 30
    /// Seconds a request may take to arrive in full (headers and body), however steadily it trickles in.
    package var requestTimeoutSeconds: Int = 15
    /// The largest request body accepted; larger ones get `413`.
    package var maxBodyBytes: Int = 64 * 1024
    /// Requests waiting in deferred handlers at once; beyond it requests get `503` with `Retry-After`.
    package var maxPendingRequests: Int = 4096
    /// How many responses are held for reuse (see `ResponseReuse`): for requests that come again byte for
    /// byte (`HTTPResponse.reusableWhile`), and, as many again, bodiless ones for their status and headers (a
    /// tap's redirect); 0 reuses none, not even a kept body's response (`KeptBody`).
    package var reusedResponseCapacity: Int = 64
    /// The most bytes of bodies held for reuse, in all (an answer over a sixty-fourth of it is not held).
    package var reusedResponseBytes: Int = 8 << 20
    /// How long a stopping server lets the requests in flight finish (`HTTPServer.run()`).
    package var shutdownGracePeriod: Duration = .seconds(10)
    /// Whether to write one access-log line per request to standard error.
    package var accessLog: Bool = true

    package init() {}

    package static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
