/// Routes under a common path prefix, collected before the router is built.
public struct RouteGroup: RouterMethods, Sendable {
    struct Route: Sendable {
        var method: HTTPMethod
        var pattern: String
        var handler: RouteHandler
        var documentation: RouteDocumentation?
    }

    /// The path every route added to the group starts with (`/components/like`).
    public let prefix: String
    var routes: [Route] = []

    init(prefix: String) {
        self.prefix = prefix
    }

    /// Adds a route. Patterns are paths whose segments may be `:name` (one segment, available as
    /// `request.parameters["name"]`) or, last, `*name` (the rest of the path, segments joined by `/`).
    ///
    /// - Parameter documentation: What the route does, for the OpenAPI document (`OpenAPIDocument`).
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, documentation: RouteDocumentation? = nil, handler: RouteHandler
    ) {
        let joined = prefix.isEmpty ? pattern : (pattern == "/" ? prefix : prefix + pattern)
        routes.append(Route(method: method, pattern: joined, handler: handler, documentation: documentation))
    }

    /// Adds the routes of a nested group under `prefix`.
    public mutating func group(_ prefix: String, _ build: (inout RouteGroup) -> Void) {
        var nested = RouteGroup(prefix: self.prefix + prefix)
        build(&nested)
        routes += nested.routes
    }

    /// Adds a collection's routes under this group's prefix.
    public mutating func mount(_ collection: some RouteCollection) {
        collection.addRoutes(to: &self)
    }
}
