import CMicroHTTPD

extension HTTPServer {
    /// Hands a response to libmicrohttpd (which sends a body of a page's size from where it is, lent as a
    /// `ReusedBody`) and records it for the access log. This is where reuse chooses its form: a bodiless answer goes out as the response reused for its status and
    /// headers (`ReuseForSameHeaders`); one whose body its maker keeps goes out as the response made for
    /// that body before, or is kept with it (`KeptBody`); one the route lets be reused is offered to
    /// `ReuseForSameRequest` for the request's fingerprint.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        state.phase = .answered
        state.status = response.status.code
        state.bytesSent = response.body.count
        let closing = isShuttingDown.load(ordering: .relaxed)
        // An answer that is not to be reused for its request (nor sent while closing) may go out as a
        // response made before for the same status and headers.
        let mayShare = !closing && (state.fingerprint == nil || response.reusableWhile == nil)
        // A bodiless one (a tap's redirect): the response made for the first such answer.
        if mayShare, let sameHeaders, let reused = sameHeaders.response(for: response) {
            return MHD_queue_response(connection, UInt32(response.status.code), reused.pointer)
        }
        // One whose body its maker keeps: the response made the last time that body went out so.
        let kept = mayShare && reusesKeptBodies ? keptBody(of: response) : nil
        if let kept, let reused = kept.response(status: response.status.code, headers: response.headers) {
            sameAnswerServed.add(1, ordering: .relaxed)
            return MHD_queue_response(connection, UInt32(response.status.code), reused.pointer)
        }
        let mhdResponse: OpaquePointer?
        if let stream = response.stream {
            mhdResponse = streamingResponse(stream, on: connection)
        } else {
            mhdResponse = Self.response(over: response.body)
        }
        guard let mhdResponse else { return MHD_Result.NO }
        addHeaders(response.headers, to: mhdResponse)
        if closing {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        let queued = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
        if let fingerprint = state.fingerprint, let sameRequest, !closing, queued == MHD_Result.YES,
            sameRequest.keep(response, sent: mhdResponse, for: fingerprint)
        {
            return queued  // the reused entry holds this reference now
        }
        if let kept, queued == MHD_Result.YES {
            kept.keep(ReusedResponse(mhdResponse), status: response.status.code, headers: response.headers)
            return queued  // the kept body holds this reference now
        }
        MHD_destroy_response(mhdResponse)
        return queued
    }

    /// Bodies shorter than this are copied by libmicrohttpd: one buffer made and filled costs no more
    /// than the object that lends a body, and its release.
    static let smallestLentBody = 4096

    /// A new libmicrohttpd response over `body`: lent (`ReusedBody`), or copied when it is shorter than
    /// `smallestLentBody`.
    private static func response(over body: [UInt8]) -> OpaquePointer? {
        guard body.count >= smallestLentBody else {
            return body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                    MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        }
        return ReusedBody(body).response()
    }

    /// The kept body `response` answers with, when its response may be sent again to anyone: its body is
    /// the kept bytes, it is no stream, and it sets no cookie (news for one client).
    private func keptBody(of response: HTTPResponse) -> KeptBody? {
        guard let kept = response.keptBody, response.stream == nil, response.perRequestHeaders == nil,
            kept.isSame(as: response.body), !response.headers.contains(.setCookie)
        else { return nil }
        return kept
    }
}

/// Hands `headers` to a libmicrohttpd response.
func addHeaders(_ headers: HTTPHeaders, to response: OpaquePointer) {
    // The headers' own NUL-terminated bytes: no C string made of any name or value.
    headers.forEachField { name, value in
        _ = MHD_add_response_header(response, name, value)
    }
}
