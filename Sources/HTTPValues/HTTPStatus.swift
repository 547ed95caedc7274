/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code: `303`.
    public let code: Int
    /// The reason phrase sent after the code: `See Other`.
    public let reasonPhrase: String

    /// A status of your own; the named ones below cover every answer the kit gives.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    /// 200 OK.
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// 204 No Content: done, with nothing to show.
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// 301 Moved Permanently.
    public static let movedPermanently = HTTPStatus(code: 301, reasonPhrase: "Moved Permanently")
    /// 302 Found.
    public static let found = HTTPStatus(code: 302, reasonPhrase: "Found")
    /// 303 See Other: where a tap without script goes next (Post/Redirect/Get).
    public static let seeOther = HTTPStatus(code: 303, reasonPhrase: "See Other")
    /// 304 Not Modified: the `ETag` given still holds.
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    /// 307 Temporary Redirect.
    public static let temporaryRedirect = HTTPStatus(code: 307, reasonPhrase: "Temporary Redirect")
    /// 400 Bad Request: a missing or malformed field.
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// 403 Forbidden: a write from another origin.
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    /// 404 Not Found: no such page, component or target.
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// 405 Method Not Allowed: the path exists with other methods (sent with `Allow`).
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// 409 Conflict: a change the state refuses (past a bound, a full thread).
    public static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    /// 413 Content Too Large: a body over the server's limit.
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// 415 Unsupported Media Type: a tap that is not a form.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    /// 421 Misdirected Request: a `Host` this server does not answer for.
    public static let misdirectedRequest = HTTPStatus(code: 421, reasonPhrase: "Misdirected Request")
    /// 422 Unprocessable Content: a form whose text is not acceptable (empty, too long); the text is kept.
    public static let unprocessableContent = HTTPStatus(code: 422, reasonPhrase: "Unprocessable Content")
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    /// 503 Service Unavailable: the (simulated) service failed, or the server is too busy.
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
}
