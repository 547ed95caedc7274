@_spi(Runtime) import Basics
import Components
import HTML

/// Each committed comment's markup, rendered once and shown again on every render of its thread: kept
/// by the comment's id and checked against the whole comment, so a comment that is not the one kept (an
/// id used again after a reset) is rendered anew. At most `byteCapacity` bytes of markup are kept, in a
/// `BoundedCache`: comments shown again stay, the rest age out.
final class RenderedComments: Sendable {
    private struct Kept: Sendable {
        var comment: Comment
        var markup: HTMLRaw
    }

    private let kept: BoundedCache<Int, Kept>

    init(byteCapacity: Int = 1 << 20) {
        kept = BoundedCache(capacity: 8192, byteCapacity: byteCapacity) { $0.markup.byteCount + 64 }
    }

    /// The markup of each of `comments`, in order, rendered by `render` where none is kept.
    func markups(for comments: some Collection<Comment>, render: (Comment) -> HTMLRaw) -> [HTMLRaw] {
        comments.map { comment in
            if let hit = kept.lookUp(comment.id, ifCurrent: { $0.comment == comment }) {
                return hit.markup
            }
            let markup = render(comment)
            kept.store(Kept(comment: comment, markup: markup), for: comment.id)
            return markup
        }
    }

    /// The bytes kept now, as weighed.
    var bytes: Int {
        kept.bytes
    }

    /// Reports what is kept in an app's caches, as `name`.
    func report(in caches: Caches, as name: String) {
        caches.report(kept, as: name)
    }
}
