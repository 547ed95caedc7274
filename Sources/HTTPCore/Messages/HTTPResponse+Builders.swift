extension HTTPResponse {
    /// An HTML document or fragment, already rendered to bytes.
    public static func html(_ body: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// An HTML fragment that its maker keeps and answers with again (see `KeptBody`).
    package static func html(_ kept: KeptBody, status: HTTPStatus = .ok) -> HTTPResponse {
        var response = html(kept.bytes, status: status)
        response.keptBody = kept
        return response
    }

    /// Plain text.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A JSON value.
    public static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: value.encoded())
    }

    /// A redirect; `303 See Other` by default, the right answer to a form `POST`.
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        // With room for what middleware adds, as the other builders make (a tap's answer: one list, not three).
        var headers = HTTPHeaders(minimumCapacity: 8)
        headers.add("Location", location)
        return HTTPResponse(status: status, headers: headers)
    }

    /// The plain-text rendering of an error, used when the app installs no error page.
    public static func plainError(_ error: HTTPError) -> HTTPResponse {
        var response = HTTPResponse.text(error.message + "\n", status: error.status)
        response.setHeaders(of: error)
        return response
    }

    /// Sets the extra headers an error carries (`Allow`, `Retry-After`) on this response, in name order.
    ///
    /// ```swift
    /// var response = HTTPResponse.html(page.render(), status: error.status)
    /// response.setHeaders(of: error)
    /// ```
    public mutating func setHeaders(of error: HTTPError) {
        for (name, value) in error.headers.sorted(by: { $0.key < $1.key }) {
            headers[name] = value
        }
    }

    /// A response with its content type, and room for the headers middleware adds (security headers,
    /// `Vary`, `Cache-Control`, a cookie) so that adding them does not grow the list again.
    private init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        var headers = HTTPHeaders(minimumCapacity: 8)
        headers.add("Content-Type", contentType)
        self.init(status: status, headers: headers, body: body)
    }
}
