/// A response: status, headers and the body as bytes.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A body sent as it is produced, instead of `body` (chunked; for server-sent events).
    public var stream: ResponseStream?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as a string, for tests and logs.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
