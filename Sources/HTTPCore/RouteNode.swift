/// One level of the routing tree: literal children, at most one `:parameter` child, and an optional
/// `*rest` catch-all.
struct RouteNode: Sendable {
    /// Literal children, searched in order: a level has a handful, so comparing beats hashing.
    var literals: [(segment: String, node: RouteNode)] = []
    var parameterName: String?
    /// Holds the parameter child; an array only because a struct cannot contain itself directly.
    var parameterChild: [RouteNode] = []
    var catchAllName: String?
    var catchAllHandlers: [HTTPMethod: RouteHandler] = [:]
    var handlers: [HTTPMethod: RouteHandler] = [:]

    /// A successful lookup: the handlers registered for the path, and the parameters it bound.
    struct Match {
        var handlers: [HTTPMethod: RouteHandler]
        var parameters: [String: String]
    }

    mutating func insert(_ route: RouteGroup.Route) {
        let segments = route.pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        insert(route, segments: segments[...])
    }

    private mutating func insert(_ route: RouteGroup.Route, segments: ArraySlice<String>) {
        guard let segment = segments.first else {
            precondition(handlers[route.method] == nil, "Duplicate route \(route.method) \(route.pattern)")
            handlers[route.method] = route.handler
            return
        }
        let rest = segments.dropFirst()
        if segment.hasPrefix("*") {
            precondition(rest.isEmpty, "A *catch-all must be the last segment of \(route.pattern)")
            catchAllName = String(segment.dropFirst())
            catchAllHandlers[route.method] = route.handler
        } else if segment.hasPrefix(":") {
            let name = String(segment.dropFirst())
            precondition(parameterName == nil || parameterName == name, "Conflicting parameters in \(route.pattern)")
            parameterName = name
            if parameterChild.isEmpty {
                parameterChild = [RouteNode()]
            }
            parameterChild[0].insert(route, segments: rest)
        } else if let index = literals.firstIndex(where: { $0.segment == segment }) {
            literals[index].node.insert(route, segments: rest)
        } else {
            var child = RouteNode()
            child.insert(route, segments: rest)
            literals.append((segment, child))
        }
    }

    /// Finds the node for decoded path segments; literals win over parameters, parameters over catch-alls.
    func match(_ segments: ArraySlice<String>) -> Match? {
        guard let segment = segments.first else {
            if !handlers.isEmpty {
                return Match(handlers: handlers, parameters: [:])
            }
            return nil
        }
        let rest = segments.dropFirst()
        for literal in literals where literal.segment == segment {
            if let found = literal.node.match(rest) {
                return found
            }
        }
        if let name = parameterName, !segment.isEmpty, var found = parameterChild[0].match(rest) {
            found.parameters[name] = segment
            return found
        }
        if let name = catchAllName {
            return Match(handlers: catchAllHandlers, parameters: [name: segments.joined(separator: "/")])
        }
        return nil
    }
}
