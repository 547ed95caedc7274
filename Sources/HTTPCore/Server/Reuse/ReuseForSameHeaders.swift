import Basics
import CMicroHTTPD
import Synchronization

/// libmicrohttpd responses for answers without a body (a tap's `303`, a `304`), one per distinct status
/// and header list: made once, then queued on every connection that answers with the same.
///
/// Every tap from a page without script is answered with the same redirect. Made anew, each would cost a
/// response, a copy of each header and as many frees again; kept, it costs its fingerprint. A response
/// that sets a cookie is never kept (its cookie is one client's), nor one with a body (routes that may be
/// answered again say so, see `ReusedResponses`).
///
/// ```swift
/// if let shared = bodiless.response(for: response) { return MHD_queue_response(connection, 303, shared.pointer) }
/// ```
final class BodilessResponses: Sendable {
    private let entries: BoundedCache<MessageFingerprint, KeptResponse>
    /// Answers sent with a kept response.
    private let served = Atomic<Int>(0)

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// Whether `response` is one to share: no body, no stream, no cookie.
    static func admits(_ response: HTTPResponse) -> Bool {
        response.body.isEmpty && response.stream == nil && !response.headers.contains("Set-Cookie")
    }

    /// The kept response with `response`'s status and headers, made and kept now if there is none;
    /// `nil` when it is not one to share (`admits`) or cannot be made.
    func response(for response: HTTPResponse) -> KeptResponse? {
        guard Self.admits(response) else { return nil }
        let fingerprint = MessageFingerprint(status: response.status.code, headers: response.headers)
        if let shared = entries.lookUp(fingerprint) {
            served.add(1, ordering: .relaxed)
            return shared
        }
        guard let made = MHD_create_response_from_buffer(0, nil, MHD_ResponseMemoryMode.RESPMEM_PERSISTENT) else {
            return nil
        }
        addHeaders(response.headers, to: made)
        let shared = KeptResponse(made)
        entries.store(shared, for: fingerprint)
        return shared
    }

    /// Gives every kept response back.
    func removeAll() {
        entries.removeAll()
    }

    /// Responses kept, and answers sent with one (not counting the first of each).
    var statistics: (kept: Int, served: Int) {
        (entries.statistics.count, served.load(ordering: .relaxed))
    }
}
