import CMicroHTTPD

// A streamed body (`ResponseStream`, the event stream): libmicrohttpd pulls it chunk by chunk, and the
// connection is suspended while the stream has nothing to send.

extension HTTPServer {
    /// A chunked response that pulls from `stream`. Its context (one retain) is released by `streamFinished`.
    func streamingResponse(_ stream: ResponseStream, on connection: OpaquePointer) -> OpaquePointer? {
        openStreams.withLock { $0[ObjectIdentifier(stream)] = stream }
        let context = StreamContext(server: self, stream: stream, connection: ConnectionHandle(connection))
        let raw = Unmanaged.passRetained(context).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, 4096, readStream, raw, streamFinished) else {
            Unmanaged<StreamContext>.fromOpaque(raw).release()
            openStreams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
            return nil
        }
        return response
    }
}

/// What the stream callbacks need: the stream, and the connection to suspend while it is idle.
private final class StreamContext: Sendable {
    let server: HTTPServer
    let stream: ResponseStream
    let connection: ConnectionHandle

    init(server: HTTPServer, stream: ResponseStream, connection: ConnectionHandle) {
        self.server = server
        self.stream = stream
        self.connection = connection
    }
}

/// libmicrohttpd asks for more of a streamed body. With nothing to send, the connection is suspended
/// (returning 0 would make the polling thread spin) and the next write resumes it.
private let readStream: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    let connection = context.connection
    let result = context.stream.read(
        into: UnsafeMutableRawBufferPointer(start: buffer, count: max),
        suspend: { MHD_suspend_connection(connection.pointer) },
        wake: { connection.resume() }
    )
    switch result {
    case .bytes(let count): return count
    case .wait: return 0
    case .end: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    }
}

/// libmicrohttpd is done with a streamed response (sent, failed, or the client went away).
private let streamFinished: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.server.openStreams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(context.stream)) }
    context.stream.close()
}
