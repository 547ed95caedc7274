/// A page a module serves, as the gallery links it: `Feed` at `/feed`.
public struct PageLink: Sendable, Hashable {
    /// The page's name, as links show it: `Feed`.
    public var name: String
    /// The page's local path (`/feed`).
    public var path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}
