import Basics
import HTTPCore

/// One comment in a thread: who wrote it, what, and when.
public struct Comment: Sendable, Hashable {
    /// Unique among one component's comments: the base data's are numbered first, in order.
    public var id: Int
    public var author: Viewer
    public var text: String
    public var at: Timestamp

    public init(id: Int, author: Viewer, text: String, at: Timestamp) {
        self.id = id
        self.author = author
        self.text = text
        self.at = at
    }

    /// As the state endpoint answers it: `{"id": 4, "author": "v…", "text": "…", "at": "2026-…Z"}`.
    public var json: JSONValue {
        .object([
            ("id", .int(id)), ("author", .string(author.id)), ("text", .string(text)), ("at", .string(at.iso8601)),
        ])
    }
}

/// A comment a viewer sent, as the state database keeps it: the comment and the key that sent it (so
/// that a repeat after a restart still stores no second comment).
public struct StoredComment: Sendable, Hashable {
    public var comment: Comment
    public var key: String

    public init(comment: Comment, key: String) {
        self.comment = comment
        self.key = key
    }
}
