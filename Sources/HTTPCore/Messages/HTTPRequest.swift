/// A request as handlers see it: method, path, decoded query, headers, cookies and the whole body.
public struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The path as sent, still percent-encoded (`/users/a%20b`), without the query.
    public var path: String
    /// The decoded query parameters.
    package var query: FormFields
    package var headers: HTTPHeaders
    package var cookies: Cookies
    package var body: [UInt8]
    /// Values of the route's `:name` segments, decoded; filled in by the router.
    package var parameters: RouteParameters

    package init(
        method: HTTPMethod,
        path: String,
        query: FormFields = FormFields(),
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = headers.withValue(of: .cookie) { Cookies(bytes: $0) } ?? Cookies()
        self.body = body
        self.parameters = RouteParameters()
    }

    /// Builds a request from a raw request target: origin-form such as `/feed?page=2`; absolute-form such
    /// as `http://127.0.0.1:8080/feed` (RFC 9112 §3.2.2: its authority replaces the `Host` header, so the
    /// same Host checks apply); or `*` for `OPTIONS`.
    ///
    /// - Throws: `HTTPError` 400 when the target is none of these or its query is malformed.
    package init(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) throws(HTTPError) {
        var target = target
        var headers = headers
        if target.utf8.first != UInt8(ascii: "/") {
            if target == "*" && method == .options {
                self.init(method: method, path: "*", query: FormFields(), headers: headers, body: body)
                return
            }
            guard let (authority, rest) = Self.splitAbsoluteForm(target) else {
                throw HTTPError(.badRequest, "The request target must be a path starting with \"/\" or an http URL.")
            }
            headers["Host"] = authority
            target = rest
        }
        let parts = target.withUTF8 { bytes -> Result<(path: String, query: FormFields), HTTPError> in
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
                return .success((String(decoding: bytes, as: UTF8.self), FormFields()))
            }
            let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self)
            var end = bytes.count
            if let hash = bytes[(mark + 1)...].firstIndex(of: UInt8(ascii: "#")) {
                end = hash
            }
            return Result { () throws(HTTPError) in
                (path, try FormFields(parsing: UnsafeBufferPointer(rebasing: bytes[(mark + 1)..<end])))
            }
        }
        let (path, query) = try parts.get()
        self.init(method: method, path: path, query: query, headers: headers, body: body)
    }

    /// `http://HOST[:PORT]/path?query` → (`HOST[:PORT]`, `/path?query`); `nil` for anything else.
    private static func splitAbsoluteForm(_ target: String) -> (authority: String, rest: String)? {
        let lowered = target.prefix(8).lowercased()
        let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard schemeLength > 0 else { return nil }
        let afterScheme = target.dropFirst(schemeLength)
        let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let authority = afterScheme[..<end]
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let rest = afterScheme[end...]
        return (String(authority), rest.first == "/" ? String(rest) : "/" + rest)
    }

    /// The body decoded as `application/x-www-form-urlencoded`.
    ///
    /// - Parameter checked: The fields whose values the form checks for control characters itself
    ///   (`FormFields.init(decoding:checkingControlCharactersItself:)`).
    /// - Throws: `HTTPError` 415 for another content type, 400 for a malformed encoding.
    package func formFields(checkingControlCharactersItself checked: Set<String> = []) throws(HTTPError) -> FormFields {
        if headers.withValue(of: .contentType, { MediaType.contentType($0, is: "application/x-www-form-urlencoded") })
            == false
        {
            let contentType = headers[.contentType] ?? ""
            let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            throw HTTPError(
                .unsupportedMediaType,
                "Send the form as application/x-www-form-urlencoded (got \(mediaType))."
            )
        }
        return try FormFields(decoding: body, checkingControlCharactersItself: checked)
    }
}
