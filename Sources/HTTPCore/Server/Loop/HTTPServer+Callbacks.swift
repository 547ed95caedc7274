import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

// libmicrohttpd's callbacks: private top-level functions with the exact C signatures. They run on the
// server's daemon threads (and on the thread that stops the server), never on the main actor. The server
// travels as `cls` (unretained: it outlives the daemons); each request's `RequestState` travels as
// `*req_cls` (retained, see below).

/// Called once per request with the raw request target, before headers are parsed. The returned
/// pointer becomes `*req_cls`: one retain of a new `RequestState`, released in `requestCompleted`.
let uriReceived: shim_uri_log_callback = { cls, uri, _ in
    let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
    server.activeRequests.add(1, ordering: .relaxed)
    let state = RequestState(rawTarget: uri.map { String(cString: $0) } ?? "/")
    return Unmanaged.passRetained(state).toOpaque()
}

/// Called when a connection opens and closes: keeps its `ConnectionState` (one retain in
/// `*socket_context`, released when it closes) and gives it a deadline for its first request.
let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
        let thread = server.thread(running: shim_connection_daemon(connection))
        thread?.noteAnnounced()
        let state = ConnectionState(descriptor: shim_connection_fd(connection), thread: thread)
        state.setDeadline(server.deadline(inSeconds: server.configuration.requestTimeoutSeconds))
        server.connections.add(state)
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
    } else if let raw = socketContext.pointee {
        socketContext.pointee = nil
        let state = Unmanaged<ConnectionState>.fromOpaque(raw).takeRetainedValue()
        server.connections.remove(state)
        server.admission.release()
    }
}

/// The `ConnectionState` of a connection.
func connectionState(_ connection: OpaquePointer?) -> ConnectionState? {
    guard let connection, let raw = shim_socket_context(connection) else { return nil }
    return Unmanaged<ConnectionState>.fromOpaque(raw).takeUnretainedValue()
}

/// Called when a request ends for any reason (answered, failed, client gone): releases its state.
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, reqCls, _ in
    guard let cls, let reqCls, let raw = reqCls.pointee else { return }
    reqCls.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
    server.activeRequests.subtract(1, ordering: .releasing)
    // The next request on this connection must arrive within the idle timeout plus the request timeout.
    connectionState(connection)?.setDeadline(
        server.deadline(
            inSeconds: server.configuration.connectionTimeoutSeconds + server.configuration.requestTimeoutSeconds))
    if server.configuration.accessLog && state.status != 0 {
        AccessLog.write(
            method: state.method,
            target: state.rawTarget,
            status: state.status,
            bytes: state.bytesSent,
            duration: ContinuousClock.now - state.started
        )
    }
}

/// Called several times per request: once when the headers are in, once per body chunk, once when the
/// body is complete, and once more after a suspended connection is resumed.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, version, uploadData, uploadSize, reqCls in
    guard let cls, let connection, let reqCls, let raw = reqCls.pointee, let uploadSize else {
        return MHD_Result.NO
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    return server.handle(connection, state, method, version, uploadData, uploadSize)
}
