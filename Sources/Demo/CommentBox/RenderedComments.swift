import Components
import HTML
import Synchronization

/// Each committed comment's markup, rendered once and shown again on every render of its thread: kept
/// by the comment's id and checked against the whole comment, so a comment that is not the one kept (an
/// id used again after a reset) is rendered anew.
///
/// A thread's render takes what is kept in one critical section, looks its comments up outside it, and
/// keeps what it had to render in another: two lock acquisitions a thread, not one a comment, so that
/// the server threads rendering boxes at once do not queue on the lock.
final class RenderedComments: Sendable {
    private struct Kept: Sendable {
        var markups: [Int: (comment: Comment, markup: HTMLRaw)] = [:]
        var bytes = 0
    }

    private let kept = Mutex(Kept())
    /// Past this many bytes of markup, everything kept is forgotten and kept anew.
    private let byteCapacity: Int

    init(byteCapacity: Int = 4 << 20) {
        self.byteCapacity = byteCapacity
    }

    /// The markup of each of `comments`, in order, rendered by `render` where none is kept.
    func markups(for comments: [Comment], render: (Comment) -> HTMLRaw) -> [HTMLRaw] {
        let snapshot = kept.withLock { $0.markups }
        var rendered: [(Comment, HTMLRaw)] = []
        let markups = comments.map { comment in
            if let hit = snapshot[comment.id], hit.comment == comment {
                return hit.markup
            }
            let markup = render(comment)
            rendered.append((comment, markup))
            return markup
        }
        if !rendered.isEmpty {
            kept.withLock { kept in
                for (comment, markup) in rendered {
                    if kept.bytes + markup.byteCount > byteCapacity {
                        kept = Kept()
                    }
                    kept.markups[comment.id] = (comment, markup)
                    kept.bytes += markup.byteCount
                }
            }
        }
        return markups
    }
}
