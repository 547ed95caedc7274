import Synchronization

/// What the server keeps for one request between libmicrohttpd's callbacks.
///
/// - Important: Owned by libmicrohttpd's `*req_cls` from the URI-log callback (one retain) until the
///   request-completed callback releases it. libmicrohttpd calls back for one connection on one thread at
///   a time; the only cross-thread hand-off is the response of a deferred handler, which goes through
///   `pendingResponse`'s lock before the connection is resumed.
final class RequestState: @unchecked Sendable {
    enum Phase {
        /// No access-handler call yet.
        case new
        /// Headers seen; the body (if any) is arriving.
        case receiving
        /// The connection is suspended while a task computes the response.
        case suspended
        /// A response has been queued.
        case answered
    }

    let rawTarget: String
    let started: ContinuousClock.Instant
    var phase: Phase = .new
    var body: [UInt8] = []
    var bodyTooLarge = false
    var method: String = ""
    var status: Int = 0
    var bytesSent: Int = 0
    let pendingResponse = Mutex<HTTPResponse?>(nil)

    init(rawTarget: String) {
        self.rawTarget = rawTarget
        self.started = .now
    }
}
