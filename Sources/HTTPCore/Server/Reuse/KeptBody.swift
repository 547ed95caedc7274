import CMicroHTTPD
import Synchronization

/// A body that its maker keeps and answers with again (a component's fragment after a tap, kept by the
/// state it shows): the libmicrohttpd response made the first time it is sent is sent again, on any
/// connection, while the answer's status and headers are the same, field for field.
///
/// A tap that ends in a state shown before (a like, an unlike, a like again) is then answered without a
/// response made, its headers copied one by one into it, and its body copied: about 8,000 instructions of
/// a tap with `HX-Request`. Only an answer whose body is these very bytes is sent so (the same storage,
/// which this object holds, so that no other body can be at that address): middleware that puts in a
/// body of its own gets a response of its own. Never one that sets a cookie, or that is sent while the
/// server shuts down (those say `Connection: close`).
///
/// ```swift
/// let kept = KeptBody(render())          // kept by the maker, say in a BoundedCache
/// var response = HTTPResponse.html(kept) // the body is kept.bytes; the server reuses what it sent for it
/// ```
package final class KeptBody: Sendable {
    /// The body.
    package let bytes: [UInt8]
    /// The response sent for it last, with the status and headers it says.
    private let sent = Mutex<SentResponse?>(nil)

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What this costs its keeper: the bytes, once in the keeper's hands and once in the response kept
    /// for them, with room for the headers.
    package var weight: Int { 2 * bytes.count + 512 }

    /// Whether `body` is this object's bytes: the same storage, not only the same bytes.
    func isSame(as body: [UInt8]) -> Bool {
        guard !bytes.isEmpty, body.count == bytes.count else { return false }
        return body.withUnsafeBufferPointer { body in
            bytes.withUnsafeBufferPointer { $0.baseAddress == body.baseAddress }
        }
    }

    /// The response sent for these bytes with `status` and `headers`, if that is the one kept.
    func response(status: Int, headers: HTTPHeaders) -> ReusedResponse? {
        sent.withLock { $0?.answers(status, headers) }
    }

    /// Keeps `response`, just sent for these bytes with `status` and `headers`, in place of the one before.
    func keep(_ response: ReusedResponse, status: Int, headers: HTTPHeaders) {
        sent.withLock { $0 = SentResponse(status: status, headers: headers, response: response) }
    }
}
