import CMicroHTTPD

extension HTTPServer {
    /// One call of the access handler for `state`'s request: notes the request, collects its body (within
    /// `maxBodyBytes`), dispatches it once complete, and answers a resumed one with its deferred response.
    func handle(
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
}
