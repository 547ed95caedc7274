/// A response: status, headers and the body as bytes.
public struct HTTPResponse: Sendable {
    /// The status line's code and reason.
    public var status: HTTPStatus
    /// The headers sent with the body; the server adds `Content-Length` and the security headers.
    public var headers: HTTPHeaders
    package var body: [UInt8]
    /// A body sent as it is produced, instead of `body` (chunked; for server-sent events).
    package var stream: ResponseStream?
    /// When set, the server may answer a later request that is the same byte for byte (method, target,
    /// version and every header) with this very response, for as long as this returns true. Set it only
    /// on a response that is a function of the request and of state this check covers; the server never
    /// reuses a stream, nor a response that sets a cookie unless `perRequestHeaders` makes it anew.
    /// `ServerConfiguration.reusedResponseCapacity` bounds how many are held for reuse. The check runs on a server
    /// thread for every repeated request: keep it quick and never block in it.
    ///
    /// ```swift
    /// let version = store.version
    /// response.reusableWhile = { store.version == version }
    /// ```
    package var reusableWhile: (@Sendable () -> Bool)?
    /// With `reusableWhile`: headers that must be new for every request the response answers (a first
    /// visit's new cookie, say). A reuse sends the response's other headers and the ones this makes; the
    /// response's own headers of those names are never sent again.
    package var perRequestHeaders: (@Sendable () -> HTTPHeaders)?
    /// The kept object whose bytes `body` is, when its maker keeps it (`KeptBody`): the server then sends
    /// the response it made for those bytes again while status and headers are the same.
    package var keptBody: KeptBody?

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as a string, for tests and logs.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
