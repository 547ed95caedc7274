/// The handlers of one path, by method: a path has one to three, so they are compared, not hashed.
typealias MethodTable = SmallMap<HTTPMethod, RouteHandler>
