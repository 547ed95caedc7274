/// The route verbs, written once: whatever can add a route gets `get` and `post`, synchronous or `async`.
///
/// `Router` and `RouteGroup` conform; each implements only ``add(_:_:documentation:handler:)``.
///
/// ```swift
/// router.get("/healthz") { _ in .text("ok\n") }
/// routes.post("/users/:uid/follow", documentation) { request in .text("following \(request.parameters["uid"]!)") }
/// routes.get("/later", async: { _ in try await slowAnswer() })
/// ```
public protocol RouterMethods {
    /// Adds a route: `handler` answers `method` requests whose path matches `pattern`.
    mutating func add(
        _ method: HTTPMethod, _ pattern: String, documentation: RouteDocumentation?, handler: RouteHandler)
}

extension RouterMethods {
    /// Adds a `GET` route answered at once by `handler` (a thrown `HTTPError` is its answer).
    public mutating func get(
        _ pattern: String, _ documentation: RouteDocumentation? = nil,
        _ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse
    ) {
        add(.get, pattern, documentation: documentation, handler: .sync(handler))
    }

    /// Adds a `POST` route answered at once by `handler` (a thrown `HTTPError` is its answer).
    public mutating func post(
        _ pattern: String, _ documentation: RouteDocumentation? = nil,
        _ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse
    ) {
        add(.post, pattern, documentation: documentation, handler: .sync(handler))
    }

    /// Adds a `GET` route whose `handler` awaits (it runs off the server's thread).
    public mutating func get(
        _ pattern: String, _ documentation: RouteDocumentation? = nil,
        async handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(.get, pattern, documentation: documentation, handler: .async(handler))
    }

    /// Adds a `POST` route whose `handler` awaits (it runs off the server's thread).
    public mutating func post(
        _ pattern: String, _ documentation: RouteDocumentation? = nil,
        async handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(.post, pattern, documentation: documentation, handler: .async(handler))
    }
}
