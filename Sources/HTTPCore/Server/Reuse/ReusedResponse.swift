import CMicroHTTPD

/// One reference to a libmicrohttpd response, given back when this is dropped: a response reused, to be
/// queued again on any number of connections (each connection sending it holds a reference of its own).
///
/// ```swift
/// let reused = ReusedResponse(response)   // takes over the caller's reference
/// MHD_queue_response(connection, 303, reused.pointer)
/// ```
final class ReusedResponse: @unchecked Sendable {
    // @unchecked: the pointer never changes and is only passed to libmicrohttpd, which counts the
    // response's users under its own lock and never changes a buffer response once made.
    let pointer: OpaquePointer

    /// Takes over one reference to `pointer`.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        MHD_destroy_response(pointer)
    }
}
