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
        server.connections.withLock { $0[ObjectIdentifier(state)] = state }
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
    } else if let raw = socketContext.pointee {
        socketContext.pointee = nil
        let state = Unmanaged<ConnectionState>.fromOpaque(raw).takeRetainedValue()
        server.connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(state)) }
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

/// Appends each request header (name, then value) to a `MessageFingerprint` passed as `cls`.
private let appendHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls else { return MHD_Result.YES }
    let fingerprint = cls.assumingMemoryBound(to: MessageFingerprint.self)
    fingerprint.pointee.append(UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize))
    fingerprint.pointee.append(UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize))
    return MHD_Result.YES
}

/// Hands `headers` to a libmicrohttpd response.
func addHeaders(_ headers: HTTPHeaders, to response: OpaquePointer) {
    for field in headers {
        // `withCString` lends a native string's own bytes (or a stack copy of a small one); passing the
        // String directly would build a heap `utf8CString` array for each name and value.
        field.name.withCString { name in
            field.value.withCString { value in
                _ = MHD_add_response_header(response, name, value)
            }
        }
    }
}

/// Collects request headers into an `HTTPHeaders` passed as `cls`.
private let collectHeader: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return MHD_Result.YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    headers.pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
    return MHD_Result.YES
}

extension HTTPServer {
    fileprivate func handle(
        _ connection: OpaquePointer,
        _ state: RequestState,
        _ method: UnsafePointer<CChar>?,
        _ version: UnsafePointer<CChar>?,
        _ uploadData: UnsafePointer<CChar>?,
        _ uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch state.phase {
        case .new:
            // Answering in this first call would make libmicrohttpd 0.9.75 close the connection, so only
            // note the request here; the answer comes from a later call. The exception is a body that is
            // announced too large: refuse it now and let the connection close.
            state.phase = .receiving
            state.method = method.map { String(cString: $0) } ?? "GET"
            // Headers are in; the body must follow within the request timeout.
            connectionState(connection)?.setDeadline(deadline(inSeconds: configuration.requestTimeoutSeconds))
            if let length = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length"),
                let declared = Int(String(cString: length)), declared > configuration.maxBodyBytes
            {
                return queue(tooLarge, on: connection, state)
            }
            return MHD_Result.YES
        case .receiving:
            if uploadSize.pointee > 0 {
                let count = uploadSize.pointee
                if !state.bodyTooLarge {
                    if state.body.count + count > configuration.maxBodyBytes {
                        state.bodyTooLarge = true
                        state.body = []
                    } else if let uploadData {
                        uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                            state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                        }
                    }
                }
                uploadSize.pointee = 0
                return MHD_Result.YES
            }
            if state.bodyTooLarge {
                return queue(tooLarge, on: connection, state)
            }
            return dispatch(connection, state, version)
        case .suspended:
            let response = state.handoff.withLock { $0.take() }
            return queue(
                response ?? .plainError(HTTPError(.internalServerError, "The handler produced no response.")),
                on: connection, state)
        case .answered:
            return MHD_Result.YES
        }
    }

    private var tooLarge: HTTPResponse {
        .plainError(HTTPError(.contentTooLarge, "The request body is larger than \(configuration.maxBodyBytes) bytes."))
    }

    /// Answers a repeated request with the response kept for it, or builds the request, asks the
    /// responder, and answers now or suspends until the deferred work is done.
    private func dispatch(
        _ connection: OpaquePointer, _ state: RequestState, _ version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        if let reused, state.body.isEmpty, state.method == "GET" || state.method == "HEAD",
            !isShuttingDown.load(ordering: .relaxed)
        {
            let request = Self.fingerprint(of: connection, state, version)
            if let entry = reused.lookUp(request) {
                connectionState(connection)?.clearDeadline()
                state.phase = .answered
                state.status = entry.status
                state.bytesSent = entry.byteCount
                return entry.queue(on: connection, for: state)
            }
            state.fingerprint = request  // to keep the response for, if it may be kept
        }
        var headers = HTTPHeaders(minimumCapacity: 16)
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, collectHeader, pointer)
        }
        let request: HTTPRequest
        do throws(HTTPError) {
            request = try HTTPRequest(
                method: HTTPMethod(rawValue: state.method),
                target: state.rawTarget,
                headers: headers,
                body: state.body
            )
        } catch {
            let target = state.rawTarget
            let path = target.hasPrefix("/") ? String(target.prefix { $0 != "?" && $0 != "#" }) : "/"
            let unreadable = HTTPRequest(
                method: HTTPMethod(rawValue: state.method), path: path, headers: headers, body: [])
            return queue(responder.respond(toUnreadable: unreadable, error), on: connection, state)
        }
        state.body = []
        // The request has arrived: no read deadline while it is handled (or suspended).
        connectionState(connection)?.clearDeadline()
        switch responder.respond(to: request) {
        case .response(let response):
            return queue(response, on: connection, state)
        case .deferred(let work):
            guard pendingRequests.add(1, ordering: .relaxed).newValue <= configuration.maxPendingRequests else {
                pendingRequests.subtract(1, ordering: .relaxed)
                let busy = HTTPError(
                    .serviceUnavailable,
                    "The server is busy with too many slow requests; try again shortly.",
                    headers: ["Retry-After": "1"]
                )
                return queue(.plainError(busy), on: connection, state)
            }
            state.phase = .suspended
            // The task runs here, on the server thread, until it first awaits (a tap with no simulated
            // latency never does); only then is the connection suspended, and the rest runs on the
            // handler threads.
            let handle = ConnectionHandle(connection)
            Task.immediateDetached(executorPreference: handlerPool) {
                let response = await HTTPOutcome.deferred(work).resolve()
                if state.handoff.withLock({ $0.deliver(response) }) {
                    handle.resume()
                }
                self.pendingRequests.subtract(1, ordering: .releasing)
            }
            let finished = state.handoff.withLock { handoff -> HTTPResponse? in
                if let response = handoff.take() {
                    return response
                }
                // Under the lock: the task's `deliver` waits for it, so its resume comes after this.
                handoff.suspend()
                MHD_suspend_connection(connection)
                return nil
            }
            if let finished {
                return queue(finished, on: connection, state)
            }
            return MHD_Result.YES
        }
    }

    /// Method, target, version and every header of the request on `connection`.
    private static func fingerprint(
        of connection: OpaquePointer, _ state: RequestState, _ version: UnsafePointer<CChar>?
    ) -> MessageFingerprint {
        var fingerprint = MessageFingerprint()
        fingerprint.append(state.method)
        fingerprint.append(state.rawTarget)
        if let version {
            fingerprint.append(UnsafeRawBufferPointer(start: version, count: strlen(version)))
        }
        withUnsafeMutablePointer(to: &fingerprint) { pointer in
            _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, appendHeader, pointer)
        }
        fingerprint.finish()
        return fingerprint
    }

    /// Hands a response to libmicrohttpd (which copies the body) and records it for the access log; keeps
    /// it for the request's fingerprint when the response allows it. A bodiless one goes out as the
    /// shared response for its status and headers (`BodilessResponses`).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        state.phase = .answered
        state.status = response.status.code
        state.bytesSent = response.body.count
        let closing = isShuttingDown.load(ordering: .relaxed)
        // A bodiless answer (a tap's redirect) that is not to be kept for its request goes out as the
        // response made for the first answer with the same status and headers.
        if !closing, let bodiless, state.fingerprint == nil || response.reusableWhile == nil,
            let shared = bodiless.response(for: response)
        {
            return MHD_queue_response(connection, UInt32(response.status.code), shared.pointer)
        }
        let mhdResponse: OpaquePointer?
        if let stream = response.stream {
            mhdResponse = streamingResponse(stream, on: connection)
        } else {
            mhdResponse = response.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        }
        guard let mhdResponse else { return MHD_Result.NO }
        addHeaders(response.headers, to: mhdResponse)
        if closing {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        let queued = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
        if let fingerprint = state.fingerprint, let reused, !closing, queued == MHD_Result.YES,
            reused.keep(response, sent: mhdResponse, for: fingerprint)
        {
            return queued  // the kept entry holds this reference now
        }
        MHD_destroy_response(mhdResponse)
        return queued
    }

    /// A chunked response that pulls from `stream`. Its context (one retain) is released by `streamFinished`.
    private func streamingResponse(_ stream: ResponseStream, on connection: OpaquePointer) -> OpaquePointer? {
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
