import HTTPCore

/// Where a change without a usable `return_to` lands (a tap, a send): the path a self-managed kind falls
/// back to, per definition.
///
/// ```swift
/// returnPath: .fixed("/feed")
/// returnPath: .perTarget(description: "the post's page") { id in posts[id].map { "/posts/\(id)" } }
/// ```
public enum ReturnPath: Sendable {
    /// Always this local path.
    case fixed(String)
    /// A path per target (`nil`: there is no such target, a `404`), described in prose for the docs.
    case perTarget(description: String, path: @Sendable (String) -> String?)

    /// The path for `target`, or `nil` for none.
    public func path(for target: String) -> String? {
        switch self {
        case .fixed(let path): path
        case .perTarget(_, let path): path(target)
        }
    }

    /// What the path is, in prose for the docs.
    var description: String {
        switch self {
        case .fixed(let path): path
        case .perTarget(let description, _): description
        }
    }

    /// The `return_to` form field, as the route documentation describes it.
    var field: RouteDocumentation.Parameter {
        .field("return_to", .text(), "A local path to come back to; anything else means \(description).")
    }
}
