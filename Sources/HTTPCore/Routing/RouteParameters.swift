/// The values a route's `:name` and `*name` segments bound, decoded: `request.parameters["uid"]`.
///
/// A route binds one or two, so they are kept in a `SmallMap` rather than hashed.
package struct RouteParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var bindings = SmallMap<String, String>()

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            bindings[name] = value
        }
    }

    /// The value bound to `name`, or `nil`; setting `nil` removes it.
    package subscript(name: String) -> String? {
        get { bindings[name] }
        set { bindings[name] = newValue }
    }

    package var isEmpty: Bool { bindings.isEmpty }

    package var count: Int { bindings.count }

    /// The bound names, in the order the router bound them (innermost segment first).
    package var names: [String] { bindings.keys }
}
