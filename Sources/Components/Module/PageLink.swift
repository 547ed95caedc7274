/// A page a module serves, as the gallery links it: `Feed` at `/feed`.
public struct PageLink: Sendable, Hashable {
    public var name: String
    public var path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}
