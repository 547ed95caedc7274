import CMicroHTTPD

/// A response body at a fixed address, reused by any number of libmicrohttpd responses, which point to it
/// without copying; each such response holds the body (one retain) until libmicrohttpd is done with it.
final class ReusedBody: @unchecked Sendable {
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
                count, bytes.baseAddress, releaseReusedBody, owner)
        else {
            Unmanaged<ReusedBody>.fromOpaque(owner).release()
            return nil
        }
        return response
    }

    deinit {
        bytes.deallocate()
    }
}

/// libmicrohttpd is done with a response over a `ReusedBody`: gives back the body it held.
private let releaseReusedBody: MHD_ContentReaderFreeCallback = { owner in
    guard let owner else { return }
    Unmanaged<ReusedBody>.fromOpaque(owner).release()
}
