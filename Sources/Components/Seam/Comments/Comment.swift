import Basics
import HTTPCore

/// One comment in a thread: who wrote it, what, and when.
public struct Comment: Sendable, Hashable {
    /// Unique among one component's comments: the base data's are numbered first, in order.
    package var id: Int
    package var author: Viewer
    /// What was written, as sent (escaped when rendered).
    public var text: String
    package var at: Timestamp

    /// A comment numbered `id` (unique among the component's comments), written by `author` at `at`.
    public init(id: Int, author: Viewer, text: String, at: Timestamp) {
        self.id = id
        self.author = author
        self.text = text
        self.at = at
    }

    /// As the state endpoint answers it: `{"id": 4, "author": "v…", "text": "…", "at": "2026-…Z"}`.
    package var json: JSONValue {
        .object([
            ("id", .int(id)), ("author", .string(author.id)), ("text", .string(text)), ("at", .string(at.iso8601)),
        ])
    }
}

/// A comment a viewer sent, as the state database keeps it: the comment and the key that sent it (so
/// that a repeat after a restart still stores no second comment).
package struct StoredComment: Sendable, Hashable {
    package var comment: Comment
    package var key: String

    package init(comment: Comment, key: String) {
        self.comment = comment
        self.key = key
    }
}

extension StoredComment {
    /// The comment as an entry of its thread in the state database: its id, and
    /// `{"viewer": "v…", "key": "…", "text": "…", "at": 1796029200000}` (milliseconds since 1970).
    package var entry: (key: String, value: JSONValue) {
        (
            String(comment.id),
            .object([
                ("viewer", .string(comment.author.id)), ("key", .string(key)), ("text", .string(comment.text)),
                ("at", .int(comment.at.millisecondsSince1970)),
            ])
        )
    }

    /// The comment an entry holds, or `nil` when it is not one (`entry`'s encoding).
    package init?(key: String, value: JSONValue) {
        guard let id = Int(key), case .string(let viewer)? = value["/viewer"], let author = Viewer(id: viewer),
            case .string(let sentKey)? = value["/key"], case .string(let text)? = value["/text"],
            case .int(let at)? = value["/at"]
        else { return nil }
        self.init(
            comment: Comment(id: id, author: author, text: text, at: Timestamp(millisecondsSince1970: at)),
            key: sentKey)
    }

    /// Threads of stored comments as the state database keeps them.
    package static func stored(_ threads: [String: [StoredComment]]) -> StoredState {
        StoredState(
            entries: threads.mapValues { comments in
                Dictionary(comments.map(\.entry), uniquingKeysWith: { _, later in later })
            })
    }

    /// The threads of stored comments in what the state database kept, oldest first; an entry that is not
    /// a comment is skipped.
    package static func threads(in stored: StoredState) -> [String: [StoredComment]] {
        var threads: [String: [StoredComment]] = [:]
        stored.forEachTarget { target, entries in
            threads[target] = entries.compactMap { entry in
                entry.value.flatMap { StoredComment(key: entry.key, value: $0) }
            }.sorted { $0.comment.id < $1.comment.id }
        }
        return threads
    }
}
