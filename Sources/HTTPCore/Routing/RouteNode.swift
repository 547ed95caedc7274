/// One level of the routing tree: literal children, at most one `:parameter` child, and an optional
/// `*rest` catch-all.
struct RouteNode: Sendable {
    /// Literal children, searched in order: most levels have a handful, so comparing beats hashing.
    var literals: [Literal] = []
    /// Each literal's index, for a level with many (`/components/` has one per component): inserting
    /// and matching there must not search a list that grows with the catalogue.
    var literalIndex: [String: Int] = [:]
    /// Beyond this many literals, a level is searched through `literalIndex`.
    static let searchedInOrder = 8
    var parameterName: String?
    /// Holds the parameter child; an array only because a struct cannot contain itself directly.
    var parameterChild: [RouteNode] = []
    var catchAllName: String?
    var catchAllHandlers = MethodTable()
    var handlers = MethodTable()

    /// A literal child: the segment and the subtree below it.
    struct Literal: Sendable {
        var segment: String
        var node: RouteNode
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
        } else if let index = literalIndex[segment] {
            literals[index].node.insert(route, segments: rest)
        } else {
            var child = RouteNode()
            child.insert(route, segments: rest)
            literalIndex[segment] = literals.count
            literals.append(Literal(segment: segment, node: child))
        }
    }

    /// Finds the handlers for decoded path segments, binding parameters on the way; literals win over
    /// parameters, parameters over catch-alls.
    ///
    /// Children are reached by index so that no subtree is copied; `parameters` only gains bindings on
    /// the path that matched.
    func match(_ segments: ArraySlice<String>, binding parameters: inout RouteParameters) -> MethodTable? {
        guard let segment = segments.first else {
            return handlers.isEmpty ? nil : handlers
        }
        let rest = segments.dropFirst()
        // At most one literal has the segment (insertion keeps one per segment).
        let literal =
            literals.count > Self.searchedInOrder
            ? literalIndex[segment] : literals.firstIndex { $0.segment == segment }
        if let literal, let found = literals[literal].node.match(rest, binding: &parameters) {
            return found
        }
        if let name = parameterName, !segment.isEmpty,
            let found = parameterChild[0].match(rest, binding: &parameters)
        {
            parameters[name] = segment
            return found
        }
        if let name = catchAllName {
            parameters[name] = segments.joined(separator: "/")
            return catchAllHandlers
        }
        return nil
    }
}
