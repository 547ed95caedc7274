import HTTPCore

extension HTTPResponder {
    /// Sends a request through the responder in-process (no sockets) and waits for the response.
    ///
    /// ```swift
    /// let response = try await responder.test(.get, "/users/ada")
    /// #expect(response.status == .ok)
    /// ```
    public func test(
        _ method: HTTPMethod,
        _ target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: String? = nil
    ) async throws -> HTTPResponse {
        var headers = headers
        if body != nil && headers["Content-Type"] == nil {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        let request = try HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8))
        return await respond(to: request).resolve()
    }
}
