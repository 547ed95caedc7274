import CMicroHTTPD
import Synchronization

/// Reuse with per-request headers: libmicrohttpd responses around one reused body with the same headers but
/// for a few made anew for every request (a first visit's new viewer cookie), each on loan to one request at
/// a time: a response given back is lent again with only its per-request headers replaced, instead of being
/// made anew with every header.
///
/// libmicrohttpd reads a response's headers only while it sends the response; it tells the server that a
/// request is complete (the request-completed callback, where a `Loan` is given back) after the last
/// byte is sent or the connection is closed, and then only drops its reference. So a response given back
/// is no longer read by any connection, and its header list may change. Made with `MHD_add_response_header`,
/// a response costs a copy of each of its headers and frees as many; lent again, it costs one removal and
/// one copy per per-request header.
///
/// ```swift
/// let loan = responses.lend()                      // its own per-request headers
/// MHD_queue_response(connection, 200, loan.pointer)
/// state.loan = loan                                 // given back with the request's state
/// ```
final class ReuseWithPerRequestHeaders: Sendable {
    /// A response made by this pool, and the per-request headers it carries now.
    fileprivate struct Made: @unchecked Sendable {
        // @unchecked: the pointer is used by one request at a time (see the type's comment).
        let pointer: OpaquePointer
        var perRequest: HTTPHeaders
    }

    /// A response on loan to one request; it goes back to its pool when released.
    final class Loan: Sendable {
        private let pool: ReuseWithPerRequestHeaders
        private let made: Made

        fileprivate init(pool: ReuseWithPerRequestHeaders, made: Made) {
            self.pool = pool
            self.made = made
        }

        var pointer: OpaquePointer { made.pointer }

        deinit {
            pool.giveBack(made)
        }
    }

    private let body: ReusedBody
    /// Every header but the per-request ones.
    private let headers: HTTPHeaders
    private let perRequest: @Sendable () -> HTTPHeaders
    private let idle = Mutex<[Made]>([])
    /// The most idle responses held for the next loans.
    let idleCapacity: Int
    /// Responses made so far (for tests and statistics).
    private let madeCount = Atomic<Int>(0)

    init(
        body: ReusedBody, headers: HTTPHeaders, perRequest: @escaping @Sendable () -> HTTPHeaders,
        idleCapacity: Int = 16
    ) {
        self.body = body
        self.headers = headers
        self.perRequest = perRequest
        self.idleCapacity = max(0, idleCapacity)
    }

    /// A response with `perRequest()`'s headers, idle or made now; `nil` if libmicrohttpd cannot make one.
    func lend() -> Loan? {
        let newHeaders = perRequest()
        var made: Made
        if let idle = idle.withLock({ $0.popLast() }) {
            made = idle
            made.perRequest.forEachField { name, value in
                _ = MHD_del_response_header(made.pointer, name, value)
            }
        } else {
            guard let pointer = body.response() else { return nil }
            addHeaders(headers, to: pointer)
            madeCount.add(1, ordering: .relaxed)
            made = Made(pointer: pointer, perRequest: HTTPHeaders())
        }
        addHeaders(newHeaders, to: made.pointer)
        made.perRequest = newHeaders
        return Loan(pool: self, made: made)
    }

    /// Responses made so far, lent or idle (dropped ones included).
    var made: Int {
        madeCount.load(ordering: .relaxed)
    }

    private func giveBack(_ made: Made) {
        let kept = idle.withLock { idle in
            guard idle.count < idleCapacity else { return false }
            idle.append(made)
            return true
        }
        if !kept {
            MHD_destroy_response(made.pointer)
        }
    }

    deinit {
        for made in idle.withLock({ $0 }) {
            MHD_destroy_response(made.pointer)
        }
    }
}
