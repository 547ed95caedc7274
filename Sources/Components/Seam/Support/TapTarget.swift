import HTTPCore

/// The field of a tap that names what it acts on (the post a like button likes, the user an avatar
/// opens), with the words the kit's messages and docs use for it.
public struct TapTarget: Sendable {
    /// The form field: `post`.
    package var field: String
    /// What a target is, in prose: `post`, `user`.
    package var noun: String
    /// What the field names, in prose: `the post to like`.
    package var purpose: String
    /// A target that exists in the demo data, for docs and examples.
    package var example: String

    /// A target named by the form field `field`, with the words for it: a `noun` (`post`), what the field
    /// names (`purpose`: `the post to like`), and an `example` that exists in the demo data.
    public init(_ field: String, noun: String, purpose: String, example: String) {
        self.field = field
        self.noun = noun
        self.purpose = purpose
        self.example = example
    }

    /// The `400` for a change without the field: `The like tap needs a post field naming the post to like.`
    func missing(in component: String, action: String = "tap") -> HTTPError {
        HTTPError(.badRequest, "The \(component) \(action) needs a \(field) field naming \(purpose).")
    }

    /// The `404` for an unknown target: `There is no post with the id p99.`
    func notFound(_ target: String) -> HTTPError {
        HTTPError(.notFound, "There is no \(noun) with the id \(target).")
    }

    /// The field's description in docs: `The post to like.`
    var sentence: String {
        guard let first = purpose.first else { return purpose }
        return first.uppercased() + purpose.dropFirst() + "."
    }
}
