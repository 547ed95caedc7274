import Basics
import CMicroHTTPD
import Synchronization

/// Answers kept for requests that come again byte for byte, so that a repeated request is answered from
/// what was sent last time: no request is built, no middleware or route runs.
///
/// A response is kept only when its responder says it may be (`HTTPResponse.reusableWhile`), and it is
/// used again only while that check still holds and only for a request whose fingerprint (method,
/// target, version and every header) is the same. A response that sets a cookie is kept only when the
/// cookie is one of its `freshHeaders`, made anew for every request; streams are never kept.
///
/// ```swift
/// if let entry = reused.lookUp(fingerprint) { return entry.queue(on: connection) }
/// ```
final class ReusedResponses: Sendable {
    /// One kept answer, in one of two forms.
    ///
    /// Whole: libmicrohttpd's response itself (`KeptResponse`), queued on as many connections as ask
    /// for it. With fresh headers: responses around one kept body (not copied) with the other headers,
    /// each lent to one request at a time with fresh headers of its own (`FreshResponses`).
    final class Entry: Sendable {
        enum Form: Sendable {
            case whole(KeptResponse)
            case withFreshHeaders(FreshResponses)
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

        /// Queues this answer on `connection` for the request `state` describes (which holds a lent
        /// response until the request is complete).
        func queue(on connection: OpaquePointer, for state: RequestState) -> MHD_Result {
            switch form {
            case .whole(let response):
                return MHD_queue_response(connection, UInt32(status), response.pointer)
            case .withFreshHeaders(let responses):
                guard let lent = responses.lend() else { return MHD_Result.NO }
                let queued = MHD_queue_response(connection, UInt32(status), lent.pointer)
                if queued == MHD_Result.YES {
                    state.lent = lent  // given back when the request is complete
                }
                return queued
            }
        }
    }

    /// A body kept at a fixed address, which libmicrohttpd responses point to without copying; each such
    /// response holds the body (one retain) until libmicrohttpd is done with it.
    final class KeptBody: @unchecked Sendable {
        // @unchecked: the bytes are written once, in `init`, and only read after.
        private let bytes: UnsafeMutableRawBufferPointer

        init(_ body: [UInt8]) {
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, body.count), alignment: 8)
            body.withUnsafeBytes { bytes.copyMemory(from: $0) }
            self.bytes = bytes
            count = body.count
        }

        let count: Int

        /// A new libmicrohttpd response over these bytes (one reference, the caller's).
        func response() -> OpaquePointer? {
            let owner = Unmanaged.passRetained(self).toOpaque()
            guard
                let response = MHD_create_response_from_buffer_with_free_callback_cls(
                    count, bytes.baseAddress, releaseKeptBody, owner)
            else {
                Unmanaged<KeptBody>.fromOpaque(owner).release()
                return nil
            }
            return response
        }

        deinit {
            bytes.deallocate()
        }
    }

    private let entries: BoundedCache<MessageFingerprint, Entry>
    /// Requests answered with a kept response.
    private let served = Atomic<Int>(0)

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// The answer kept for this very request, if it is still current.
    func lookUp(_ fingerprint: MessageFingerprint) -> Entry? {
        guard let entry = entries.lookUp(fingerprint), entry.isCurrent() else { return nil }
        served.add(1, ordering: .relaxed)
        return entry
    }

    /// Keeps `response`, just queued as `sent` (whose reference this takes over when it keeps it whole),
    /// for the request with `fingerprint`, if it may be kept; true when it took the reference.
    func keep(_ response: HTTPResponse, sent: OpaquePointer, for fingerprint: MessageFingerprint) -> Bool {
        guard let isCurrent = response.reusableWhile, response.stream == nil else { return false }
        let status = response.status.code
        guard let fresh = response.freshHeaders else {
            // A cookie is news for one client, not an answer for every client that sends the same request.
            guard !response.headers.contains("Set-Cookie") else { return false }
            entries.store(
                Entry(.whole(KeptResponse(sent)), status: status, byteCount: response.body.count, isCurrent: isCurrent),
                for: fingerprint)
            return true
        }
        let freshNames = fresh().map(\.name)
        var kept = HTTPHeaders(minimumCapacity: response.headers.count)
        for field in response.headers where !freshNames.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) {
            kept.add(field.name, field.value)
        }
        guard !kept.contains("Set-Cookie") else { return false }
        let responses = FreshResponses(body: KeptBody(response.body), headers: kept, fresh: fresh)
        let entry = Entry(
            .withFreshHeaders(responses), status: status, byteCount: response.body.count, isCurrent: isCurrent)
        entries.store(entry, for: fingerprint)
        return false
    }

    /// Gives every kept response back (connections still sending one hold their own reference).
    func removeAll() {
        entries.removeAll()
    }

    /// Responses kept (current or not), and requests answered with one.
    var statistics: (kept: Int, served: Int) {
        (entries.statistics.count, served.load(ordering: .relaxed))
    }
}

/// libmicrohttpd is done with a response over a `KeptBody`: gives back the body it held.
private let releaseKeptBody: MHD_ContentReaderFreeCallback = { owner in
    guard let owner else { return }
    Unmanaged<ReusedResponses.KeptBody>.fromOpaque(owner).release()
}
