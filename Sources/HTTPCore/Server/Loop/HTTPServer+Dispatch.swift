import CMicroHTTPD

// Request dispatch: a complete request is answered from reuse, or built and handed to the responder,
// whose answer is queued now or, for deferred work, once the work is done (the connection suspended
// meanwhile).

extension HTTPServer {
    /// Answers a repeated request with the response reused for it, or builds the request, asks the
    /// responder, and answers now or suspends until the deferred work is done.
    func dispatch(_ connection: OpaquePointer, _ state: RequestState, _ version: UnsafePointer<CChar>?) -> MHD_Result {
        if let sameRequest, state.body.isEmpty, state.method == "GET" || state.method == "HEAD",
            !isShuttingDown.load(ordering: .relaxed)
        {
            let request = MessageFingerprint(
                request: connection, method: state.method, target: state.rawTarget, version: version)
            switch sameRequest.lookUp(request) {
            case .reuse(let entry):
                connectionState(connection)?.clearDeadline()
                state.phase = .answered
                state.status = entry.status
                state.bytesSent = entry.byteCount
                return entry.queue(on: connection, for: state)
            case .keepAnswer:
                state.fingerprint = request  // to reuse the response for, if it may be reused
            case .answerOnly:
                break
            }
        }
        let headers = Self.requestHeaders(of: connection)
        let request: HTTPRequest
        do throws(HTTPError) {
            request = try HTTPRequest(
                method: HTTPMethod(rawValue: state.method), target: state.rawTarget, headers: headers, body: state.body)
        } catch {
            return queue(responder.respond(toUnreadable: Self.unreadable(state, headers), error), on: connection, state)
        }
        state.body = []
        // The request has arrived: no read deadline while it is handled (or suspended).
        connectionState(connection)?.clearDeadline()
        switch responder.respond(to: request) {
        case .response(let response):
            return queue(response, on: connection, state)
        case .deferred(let work):
            return runDeferred(work, on: connection, state)
        case .forward:
            return queue(.plainError(HTTPOutcome.forwardOutsideARouter), on: connection, state)
        }
    }

    /// The part of a request that could not be read that a responder may still use for its answer: the
    /// method, the path (`/` when the target has none) and the headers.
    private static func unreadable(_ state: RequestState, _ headers: HTTPHeaders) -> HTTPRequest {
        let target = state.rawTarget
        let path = target.hasPrefix("/") ? String(target.prefix { $0 != "?" && $0 != "#" }) : "/"
        return HTTPRequest(method: HTTPMethod(rawValue: state.method), path: path, headers: headers, body: [])
    }

    /// Starts deferred work for the request, within `maxPendingRequests` (beyond it: `503` with
    /// `Retry-After`). The task runs here, on the server thread, until it first awaits (a tap with no
    /// simulated latency never does); only then is the connection suspended, and the rest runs on the
    /// handler threads, which resume the connection with the response (`RequestState.Handoff`).
    private func runDeferred(
        _ work: @escaping @Sendable () async throws -> HTTPResponse, on connection: OpaquePointer, _ state: RequestState
    ) -> MHD_Result {
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
        let handle = ConnectionHandle(connection)
        Task.immediateDetached(executorPreference: handlerPool) {
            let response = await HTTPOutcome.deferred(work).resolve()
            switch state.handoff.withLock({ $0.deliver(response) }) {
            case .resume:
                self.suspended.remove(state)
                handle.resume()
            case .kept:
                break
            case .dropped:
                self.suspended.abandonedWorkEnded()
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
            suspended.add(state, handle)
            return nil
        }
        if let finished {
            return queue(finished, on: connection, state)
        }
        return MHD_Result.YES
    }

    /// The request's headers, as libmicrohttpd parsed them.
    private static func requestHeaders(of connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders(minimumCapacity: 16)
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, collectHeader, pointer)
        }
        return headers
    }
}

/// Collects request headers into an `HTTPHeaders` passed as `cls`, as bytes, with the sizes libmicrohttpd
/// knows (no `strlen` of each name and value again, and no `String` made of either).
private let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return MHD_Result.YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    headers.pointee.add(
        name: bytes(key, keySize),
        value: value.map { bytes($0, valueSize) } ?? UnsafeBufferPointer(start: nil, count: 0))
    return MHD_Result.YES
}

/// The `count` bytes at `start`.
private func bytes(_ start: UnsafePointer<CChar>, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: count)
}
