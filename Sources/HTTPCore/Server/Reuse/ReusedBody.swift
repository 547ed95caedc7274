import CMicroHTTPD

/// A response body lent to libmicrohttpd: any number of its responses point at the bytes of the array
/// that `HTTPResponse.body` is, without copying, and each holds the body (one retain) until libmicrohttpd
/// is done with it. A body kept for reuse is one; so is a page's body sent once (`HTTPServer.queue`), which
/// then goes out from where it was rendered or kept, with no second buffer of its size made and freed.
///
/// The array is held as a constant, so its storage is neither freed nor changed (a write to a copy of it
/// elsewhere copies it first) while a response points at it.
final class ReusedBody: Sendable {
    private let bytes: [UInt8]

    init(_ body: [UInt8]) {
        bytes = body
    }

    var count: Int { bytes.count }

    /// A new libmicrohttpd response over these bytes (one reference, the caller's).
    func response() -> OpaquePointer? {
        let owner = Unmanaged.passRetained(self).toOpaque()
        // The storage of a native array held by this object stays where it is for as long as it lives.
        let response = bytes.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), releaseReusedBody, owner)
        }
        if response == nil {
            Unmanaged<ReusedBody>.fromOpaque(owner).release()
        }
        return response
    }
}

/// libmicrohttpd is done with a response over a `ReusedBody`: gives back the body it held.
private let releaseReusedBody: MHD_ContentReaderFreeCallback = { owner in
    guard let owner else { return }
    Unmanaged<ReusedBody>.fromOpaque(owner).release()
}
