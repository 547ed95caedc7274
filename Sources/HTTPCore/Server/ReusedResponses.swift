import Basics
import CMicroHTTPD
import Synchronization

/// Answers kept for requests that come again byte for byte, so that a repeated request is answered from
/// what was sent last time: no request is built, no middleware or route runs, no response is copied.
///
/// A response is kept only when its responder says it may be (`HTTPResponse.reusableWhile`), and it is
/// used again only while that check still holds and only for a request whose fingerprint (method,
/// target, version and every header) is the same. Responses that set a cookie or stream are never kept.
///
/// ```swift
/// if let entry = reused.lookUp(fingerprint) { MHD_queue_response(connection, status, entry.response) }
/// ```
final class ReusedResponses: Sendable {
    /// One kept answer. libmicrohttpd's response is queued on as many connections as ask for it (it
    /// counts its users under its own lock and never changes a buffer response once made); this entry
    /// holds one reference, given back when the entry is dropped.
    final class Entry: @unchecked Sendable {
        // @unchecked: `response` is only passed to libmicrohttpd, which guards it; the rest is immutable.
        let response: OpaquePointer
        let status: Int
        let byteCount: Int
        let isCurrent: @Sendable () -> Bool

        /// Takes over one reference to `response`.
        init(response: OpaquePointer, status: Int, byteCount: Int, isCurrent: @escaping @Sendable () -> Bool) {
            self.response = response
            self.status = status
            self.byteCount = byteCount
            self.isCurrent = isCurrent
        }

        deinit {
            MHD_destroy_response(response)
        }
    }

    private let entries: BoundedCache<RequestFingerprint, Entry>
    /// Requests answered with a kept response.
    private let served = Atomic<Int>(0)

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// The answer kept for this very request, if it is still current.
    func lookUp(_ fingerprint: RequestFingerprint) -> Entry? {
        guard let entry = entries.lookUp(fingerprint), entry.isCurrent() else { return nil }
        served.add(1, ordering: .relaxed)
        return entry
    }

    func keep(_ entry: Entry, for fingerprint: RequestFingerprint) {
        entries.store(entry, for: fingerprint)
    }

    /// Gives every kept response back (connections still sending one hold their own reference).
    func removeAll() {
        entries.removeAll()
    }

    /// Responses kept (current or not), and requests answered with one.
    var statistics: (kept: Int, served: Int) {
        (entries.statistics.count, served.load(ordering: .relaxed))
    }

    /// Whether `response` may be kept: its responder allows it, it is whole, and it sets no cookie (a
    /// cookie is news for one client, not an answer for every client that sends the same request).
    static func mayKeep(_ response: HTTPResponse) -> Bool {
        response.reusableWhile != nil && response.stream == nil && !response.headers.contains("Set-Cookie")
    }
}
