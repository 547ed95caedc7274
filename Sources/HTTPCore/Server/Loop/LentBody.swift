import CMicroHTTPD

/// A response body lent to libmicrohttpd instead of copied: the response points at the bytes of the
/// array that `HTTPResponse.body` is, and holds the array (one retain of this object) until
/// libmicrohttpd is done with the response. A page of 40 KB is then sent from where it was rendered or
/// kept, without a second buffer of its size made, filled and freed for each request.
///
/// The array is held as a constant, so its storage is neither freed nor changed (a write to a copy of
/// it elsewhere copies it first) while the response points at it.
final class LentBody: Sendable {
    private let bytes: [UInt8]

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bodies shorter than this are copied: one buffer made and filled by libmicrohttpd costs no more
    /// than the object that lends a body, and its release.
    static let smallest = 4096

    /// A new libmicrohttpd response over `body`'s own bytes (one reference, the caller's), or over a
    /// copy of a body shorter than `smallest`.
    static func response(over body: [UInt8]) -> OpaquePointer? {
        guard body.count >= smallest else {
            return body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        }
        let lent = LentBody(body)
        let owner = Unmanaged.passRetained(lent).toOpaque()
        // The storage of a native array held by `lent` stays where it is for as long as `lent` lives.
        let response = lent.bytes.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), releaseLentBody, owner)
        }
        if response == nil {
            Unmanaged<LentBody>.fromOpaque(owner).release()
        }
        return response
    }
}

/// libmicrohttpd is done with a response over a `LentBody`: gives back the array it held.
private let releaseLentBody: MHD_ContentReaderFreeCallback = { owner in
    guard let owner else { return }
    Unmanaged<LentBody>.fromOpaque(owner).release()
}
