/// An error that becomes an HTTP response: a status and a message a person can read.
///
/// ```swift
/// guard let uid = form["uid"] else {
///     throw HTTPError(.badRequest, "The field uid is missing.")
/// }
/// ```
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    package var status: HTTPStatus
    package var message: String
    /// Extra headers for the error response, such as `Allow` or `Retry-After`.
    package var headers: [String: String]

    /// An error answered with `status` and `message` (shown on the error page, or as `{"error": …}`), and `headers`
    /// sent with it (`Allow` with a `405`, say).
    public init(_ status: HTTPStatus, _ message: String, headers: [String: String] = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status): \(message)" }
}

extension HTTPError {
    /// The error itself when it is an `HTTPError`; otherwise a `500` that does not leak details.
    package init(converting error: any Error) {
        if let error = error as? HTTPError {
            self = error
        } else {
            self.init(.internalServerError, "Something went wrong on the server while handling this request.")
        }
    }
}
