/// A tap a module's component answers against its base data: a form `POST` the kit's own checks send
/// (kept pages against fresh renders, in both outcomes), and that people can replay.
package struct ExampleTap: Sendable, Hashable {
    /// The path the tap posts to: `/components/like/tap`.
    package var path: String
    /// The form body, `post=p1&liked=true`.
    package var body: String
    /// The target the tap acts on, whose state endpoint shows the change.
    package var target: String

    package init(path: String, body: String, target: String) {
        self.path = path
        self.body = body
        self.target = target
    }
}
