@_spi(Runtime) import Basics
import CMicroHTTPD
import Synchronization

/// Reuse for the same request: an answer sent again to a request that comes again byte for byte, so that
/// no request is built and no middleware or route runs (see `ResponseReuse` for the rule).
///
/// A response is reused only when its responder says it may be (`HTTPResponse.reusableWhile`), only
/// while that check still holds, and only for a request whose fingerprint (method, target, version and
/// every header) is the same. It is kept when its request comes a second time within the reach of the
/// cache (among the last `capacity` requests that missed once): a request that comes once, or comes back
/// only after more others than the cache can hold (many viewers, each with pages of their own), costs no
/// store and evicts nothing that is asked for again. A response that sets a cookie is reused only when the cookie is one of its
/// `perRequestHeaders`, made anew for every request; a stream is never reused.
///
/// ```swift
/// switch sameRequest.lookUp(fingerprint) {
/// case .reuse(let entry): return entry.queue(on: connection, for: state)
/// case .keepAnswer: state.fingerprint = fingerprint   // the answer is kept once sent, if it may be
/// case .answerOnly: break
/// }
/// ```
final class ReuseForSameRequest: Sendable {
    /// One reused answer, in one of two forms.
    ///
    /// Whole: libmicrohttpd's response itself (`ReusedResponse`), queued on as many connections as ask
    /// for it. With per-request headers: responses around one body (`ReusedBody`, not copied) with the
    /// other headers, each on loan to one request at a time with headers of its own
    /// (`ReuseWithPerRequestHeaders`).
    final class Entry: Sendable {
        enum Form: Sendable {
            case whole(ReusedResponse)
            case withPerRequestHeaders(ReuseWithPerRequestHeaders)
        }

        let form: Form
        let status: Int
        let byteCount: Int
        let isCurrent: @Sendable () -> Bool

        init(_ form: Form, status: Int, byteCount: Int, isCurrent: @escaping @Sendable () -> Bool) {
            self.form = form
            self.status = status
            self.byteCount = byteCount
            self.isCurrent = isCurrent
        }

        /// Queues this answer on `connection` for the request `state` describes (which holds a response on
        /// loan until the request is complete).
        func queue(on connection: OpaquePointer, for state: RequestState) -> MHD_Result {
            switch form {
            case .whole(let response):
                return MHD_queue_response(connection, UInt32(status), response.pointer)
            case .withPerRequestHeaders(let responses):
                guard let loan = responses.lend() else { return MHD_Result.NO }
                let queued = MHD_queue_response(connection, UInt32(status), loan.pointer)
                if queued == MHD_Result.YES {
                    state.loan = loan  // given back when the request is complete
                }
                return queued
            }
        }
    }

    private let entries: BoundedCache<MessageFingerprint, Entry>
    /// Requests answered with a reused response.
    private let served = Atomic<Int>(0)

    /// At most `capacity` answers and `byteCapacity` bytes of their bodies (an answer over a sixty-fourth
    /// of it is not kept), reported in `caches`.
    init(capacity: Int, byteCapacity: Int, in caches: Caches) {
        entries = caches.cache(
            "reuse/same-request", entries: capacity, bytes: byteCapacity, admission: .onSecondMiss(window: capacity)
        ) { $0.byteCount + 512 }
    }

    /// What to do with a request.
    enum Lookup {
        /// Send this answer, reused for this very request and still current.
        case reuse(Entry)
        /// Answer it, and keep the answer if it may be kept: the request came before.
        case keepAnswer
        /// Answer it: the request is new (noted, so that it is kept when it comes again).
        case answerOnly
    }

    func lookUp(_ fingerprint: MessageFingerprint) -> Lookup {
        switch entries.lookUpAdmitting(fingerprint) {
        case .hit(let entry):
            guard entry.isCurrent() else { return .keepAnswer }
            served.add(1, ordering: .relaxed)
            return .reuse(entry)
        case .miss(let admitted):
            return admitted ? .keepAnswer : .answerOnly
        }
    }

    /// Keeps `response`, just queued as `sent` (whose reference this takes over when it keeps it whole),
    /// for the request with `fingerprint`, if it may be kept; true when it took the reference.
    func keep(_ response: HTTPResponse, sent: OpaquePointer, for fingerprint: MessageFingerprint) -> Bool {
        guard let isCurrent = response.reusableWhile, response.stream == nil else { return false }
        let status = response.status.code
        guard let perRequest = response.perRequestHeaders else {
            // A cookie is news for one client, not an answer for every client that sends the same request.
            guard !response.headers.contains("Set-Cookie") else { return false }
            entries.store(
                Entry(
                    .whole(ReusedResponse(sent)), status: status, byteCount: response.body.count, isCurrent: isCurrent),
                for: fingerprint)
            return true
        }
        let perRequestNames = perRequest().map(\.name)
        var kept = HTTPHeaders(minimumCapacity: response.headers.count)
        for field in response.headers where !perRequestNames.contains(where: { HTTPHeaders.namesMatch($0, field.name) })
        {
            kept.add(field.name, field.value)
        }
        guard !kept.contains("Set-Cookie") else { return false }
        let responses = ReuseWithPerRequestHeaders(
            body: ReusedBody(response.body), headers: kept, perRequest: perRequest)
        let entry = Entry(
            .withPerRequestHeaders(responses), status: status, byteCount: response.body.count, isCurrent: isCurrent)
        entries.store(entry, for: fingerprint)
        return false
    }

    /// Gives every reused response back (connections still sending one hold their own reference).
    func removeAll() {
        entries.removeAll()
    }

    /// Responses held for reuse (current or not), and requests answered with one.
    var statistics: (kept: Int, served: Int) {
        (entries.statistics.count, served.load(ordering: .relaxed))
    }
}
