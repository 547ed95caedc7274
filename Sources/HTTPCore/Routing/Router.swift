/// Collects routes, route collections and middleware, then builds the responder that serves them.
///
/// ```swift
/// var router = Router()
/// router.get("/users/:uid") { request in
///     .text("user \(request.parameters["uid"]!)")
/// }
/// router.mount(LikeButton.SelfManagedRoutes(...))
/// let responder = router.buildResponder()
/// ```
///
/// The built responder answers `404` for unknown paths, `405` with `Allow` for a known path and
/// another method, and `HEAD` for every `GET` route (the server sends no body for `HEAD`).
package struct Router: RouterMethods, Sendable {
    private var root = RouteGroup(prefix: "")
    private var middleware: [any HTTPMiddleware] = []
    /// Turns an error (thrown by a handler, or produced by routing) into a response.
    package var errorResponse: @Sendable (HTTPError, HTTPRequest) -> HTTPResponse = { error, _ in .plainError(error) }

    package init() {}

    package mutating func add(
        _ method: HTTPMethod, _ pattern: String, documentation: RouteDocumentation? = nil, handler: RouteHandler
    ) {
        root.add(method, pattern, documentation: documentation, handler: handler)
    }

    /// Every route added so far, with its documentation, in the order added.
    package var routeTable: [RouteTableEntry] {
        root.routes.map { RouteTableEntry(method: $0.method, pattern: $0.pattern, documentation: $0.documentation) }
    }

    package mutating func group(_ prefix: String, _ build: (inout RouteGroup) -> Void) {
        root.group(prefix, build)
    }

    package mutating func mount(_ collection: some RouteCollection) {
        root.mount(collection)
    }

    /// Adds middleware; `prepare` runs in the order added, `finish` in reverse.
    package mutating func add(middleware: some HTTPMiddleware) {
        self.middleware.append(middleware)
    }

    /// Builds the immutable responder for the routes added so far.
    package func buildResponder() -> RouterResponder {
        var tree = RouteNode()
        for route in root.routes {
            tree.insert(route)
        }
        // Paths without parameters, by the exact bytes a request sends for them, with what the tree finds
        // for them: most requests are answered with one hash lookup instead of splitting and walking.
        var literalPaths: [String: MethodTable] = [:]
        for route in root.routes {
            let segments = route.pattern.split(separator: "/").map(String.init)
            guard !segments.contains(where: { $0.hasPrefix(":") || $0.hasPrefix("*") || $0.contains("%") }) else {
                continue
            }
            var parameters = RouteParameters()
            if let handlers = tree.match(segments[...], binding: &parameters), parameters.isEmpty {
                literalPaths["/" + segments.joined(separator: "/")] = handlers
            }
        }
        var methods = Set(root.routes.map(\.method.rawValue) + ["OPTIONS"])
        if methods.contains("GET") { methods.insert("HEAD") }
        return RouterResponder(
            tree: tree, literalPaths: LiteralPaths(literalPaths), middleware: middleware, errorResponse: errorResponse,
            serverMethods: methods.sorted().joined(separator: ", "))
    }
}
