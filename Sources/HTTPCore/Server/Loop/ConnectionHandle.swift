import CMicroHTTPD

/// A connection pointer carried into the task of a deferred handler or a stream, with the thread that
/// resumes it.
///
/// - Important: Valid until libmicrohttpd's request-completed callback, which cannot run while the
///   connection is suspended; the task only touches it to resume it once.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    private let thread: DaemonThread?

    /// The handle of `connection`, which must have been announced to the server (it has a state).
    init(_ connection: OpaquePointer) {
        self.pointer = connection
        self.thread = connectionState(connection)?.thread
    }

    /// Resumes the suspended connection (from any thread).
    func resume() {
        if let thread {
            thread.resume(pointer)
        } else {
            MHD_resume_connection(pointer)
        }
    }
}
