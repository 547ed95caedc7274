/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    public let code: Int
    public let reasonPhrase: String

    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    public static let movedPermanently = HTTPStatus(code: 301, reasonPhrase: "Moved Permanently")
    public static let found = HTTPStatus(code: 302, reasonPhrase: "Found")
    public static let seeOther = HTTPStatus(code: 303, reasonPhrase: "See Other")
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    public static let temporaryRedirect = HTTPStatus(code: 307, reasonPhrase: "Temporary Redirect")
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    public static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    public static let misdirectedRequest = HTTPStatus(code: 421, reasonPhrase: "Misdirected Request")
    public static let unprocessableContent = HTTPStatus(code: 422, reasonPhrase: "Unprocessable Content")
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
}
