@_spi(Runtime) import Basics
import CMicroHTTPD
import Synchronization

/// Reuse for the same headers: libmicrohttpd responses for answers without a body (a tap's `303`, a
/// `304`), one per distinct status and header list, made once and then queued on every connection that
/// answers with the same (see `ResponseReuse` for the rule).
///
/// Every tap from a page without script is answered with the same redirect. Made anew, each would cost a
/// response, a copy of each header and as many frees again; reused, it costs its fingerprint. A response
/// that sets a cookie is never reused (its cookie is one client's), nor one with a body (routes whose
/// answers may be reused say so, see `ReuseForSameRequest`).
///
/// ```swift
/// if let reused = sameHeaders.response(for: response) { return MHD_queue_response(connection, 303, reused.pointer) }
/// ```
final class ReuseForSameHeaders: Sendable {
    private let entries: BoundedCache<MessageFingerprint, ReusedResponse>
    /// The last response given, with what it answers: the same again (a run of taps from one page, the
    /// usual case) is known by comparing the header list, whose literal names and values compare by
    /// identity, instead of writing and hashing its fingerprint (about 3,500 instructions a tap).
    private let last = Mutex<SentResponse?>(nil)
    /// Answers sent with a reused response.
    private let served = Atomic<Int>(0)

    /// At most `capacity` responses, reported in `caches` (each about its headers' size, counted as
    /// half a kilobyte).
    init(capacity: Int, in caches: Caches) {
        entries = caches.cache("reuse/same-headers", entries: capacity, bytes: capacity * 1024) { _ in 512 }
    }

    /// Whether `response` is one to share: no body, no stream, no cookie.
    static func admits(_ response: HTTPResponse) -> Bool {
        response.body.isEmpty && response.stream == nil && !response.headers.contains(.setCookie)
    }

    /// The reused response with `response`'s status and headers, made now if there is none;
    /// `nil` when it is not one to share (`admits`) or cannot be made.
    func response(for response: HTTPResponse) -> ReusedResponse? {
        guard Self.admits(response) else { return nil }
        let status = response.status.code
        if let same = last.withLock({ $0?.answers(status, response.headers) }) {
            served.add(1, ordering: .relaxed)
            return same
        }
        let shared = reusedResponse(status: status, headers: response.headers)
        if let shared {
            last.withLock { $0 = SentResponse(status: status, headers: response.headers, response: shared) }
        }
        return shared
    }

    /// The response kept for `status` and `headers`' fingerprint, made now if there is none.
    private func reusedResponse(status: Int, headers: HTTPHeaders) -> ReusedResponse? {
        let fingerprint = MessageFingerprint(status: status, headers: headers)
        if let shared = entries.lookUp(fingerprint) {
            served.add(1, ordering: .relaxed)
            return shared
        }
        guard let made = MHD_create_response_from_buffer(0, nil, MHD_ResponseMemoryMode.RESPMEM_PERSISTENT) else {
            return nil
        }
        addHeaders(headers, to: made)
        let shared = ReusedResponse(made)
        entries.store(shared, for: fingerprint)
        return shared
    }

    /// Gives every reused response back.
    func removeAll() {
        last.withLock { $0 = nil }
        entries.removeAll()
    }

    /// Responses held for reuse, and answers sent with one (not counting the first of each).
    var statistics: (kept: Int, served: Int) {
        (entries.statistics.count, served.load(ordering: .relaxed))
    }
}
