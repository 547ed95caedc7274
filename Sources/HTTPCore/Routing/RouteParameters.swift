/// The values a route's `:name` and `*name` segments bound, decoded: `request.parameters["uid"]`.
///
/// A route binds one or two, so they are kept in a `SmallMap` rather than hashed.
public struct RouteParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var bindings = SmallMap<String, String>()

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            bindings[name] = value
        }
    }

    /// The value bound to `name`, or `nil`; setting `nil` removes it.
    public subscript(name: String) -> String? {
        get { bindings[name] }
        set { bindings[name] = newValue }
    }

    public var isEmpty: Bool { bindings.isEmpty }

    public var count: Int { bindings.count }

    /// The bound names, in the order the router bound them (innermost segment first).
    public var names: [String] { bindings.keys }
}
