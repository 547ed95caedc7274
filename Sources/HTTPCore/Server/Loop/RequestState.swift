import Synchronization

/// What the server keeps for one request between libmicrohttpd's callbacks.
///
/// - Important: Owned by libmicrohttpd's `*req_cls` from the URI-log callback (one retain) until the
///   request-completed callback releases it. libmicrohttpd calls back for one connection on one thread at
///   a time; the only cross-thread hand-off is the response of a deferred handler, which goes through
///   `handoff`'s lock before the connection is resumed.
final class RequestState: @unchecked Sendable {
    enum Phase {
        /// No access-handler call yet.
        case new
        /// Headers seen; the body (if any) is arriving.
        case receiving
        /// A task computes the response (the connection is suspended once the task first awaits).
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
    /// The request as bytes, when its response may be kept for the same request again.
    var fingerprint: MessageFingerprint?
    /// A reused response on loan to this request, given back when the request is complete (this state is
    /// released then, after libmicrohttpd's last use of the response's headers).
    var loan: ReuseWithPerRequestHeaders.Loan?
    let handoff = Mutex(Handoff())

    init(rawTarget: String) {
        self.rawTarget = rawTarget
        self.started = .now
    }

    /// A deferred handler's response on its way from the task to the connection.
    ///
    /// The task starts on the server thread and may finish there; only if it awaits first is the
    /// connection suspended, under this lock, so that the task's resume can never come before it.
    struct Handoff {
        /// Where the task's response went.
        enum Delivery {
            /// The connection was suspended: resume it.
            case resume
            /// The server thread takes it (the task answered before the connection was suspended).
            case kept
            /// The server answered instead (`answerInstead`, a shutdown's grace period ran out): dropped.
            case dropped
        }

        private var response: HTTPResponse?
        private var isSuspended = false
        /// A response has been given, by the task or instead of it.
        private var isAnswered = false

        /// Stores the task's response, unless the server answered instead.
        mutating func deliver(_ response: HTTPResponse) -> Delivery {
            guard !isAnswered else { return .dropped }
            isAnswered = true
            self.response = response
            return isSuspended ? .resume : .kept
        }

        /// Stores `response` in place of the task's, if the connection is suspended and the task has not
        /// answered: true when the connection must be resumed.
        mutating func answerInstead(_ response: HTTPResponse) -> Bool {
            guard isSuspended, !isAnswered else { return false }
            isAnswered = true
            self.response = response
            return true
        }

        /// Takes the response if one has been given.
        mutating func take() -> HTTPResponse? {
            defer { response = nil }
            return response
        }

        /// Notes that the connection is being suspended to wait for the response.
        mutating func suspend() {
            isSuspended = true
        }
    }
}
