/// What a route runs for a matching request.
///
/// Handlers that only compute are synchronous and answer on the server thread; handlers that await
/// run as deferred work. A handler may also do quick synchronous work first (validate, take a place in
/// a queue) and then return deferred work: the kit makes one returning an `HTTPOutcome`.
public struct RouteHandler: Sendable {
    let run: @Sendable (HTTPRequest) throws -> HTTPOutcome

    /// A handler that decides synchronously whether to answer now or later.
    package init(_ run: @escaping @Sendable (HTTPRequest) throws -> HTTPOutcome) {
        self.run = run
    }

    /// A synchronous handler: it answers on the server's thread (a thrown `HTTPError` is its answer).
    ///
    /// ```swift
    /// routes.add(.get, "/healthz", documentation: nil, handler: .sync { _ in .text("ok\n") })
    /// ```
    public static func sync(_ handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) -> RouteHandler {
        RouteHandler { request in .response(try handler(request)) }
    }

    /// An asynchronous handler, run in a task while the connection is suspended.
    public static func async(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) -> RouteHandler
    {
        RouteHandler { request in .deferred { try await handler(request) } }
    }
}
