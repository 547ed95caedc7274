import Synchronization

/// The fragments a component's changes answer with (`HX-Request`), kept by what they are rendered from:
/// the target, the presentation (state, animation, message) and the return path. A fragment is a pure
/// function of those, so a change that ends in a state shown before (a like, an unlike, a like again)
/// copies bytes instead of rendering the component again (its state and the optimistic states it carries).
/// With `--render-cache off` nothing is kept. At most `limit` fragments are kept; when full it starts over.
final class RenderedAnswers<Presentation: Hashable & Sendable>: Sendable {
    struct Key: Hashable, Sendable {
        var target: String
        var presentation: Presentation
        var returnTo: String?
    }

    let limit: Int
    private let answers = Mutex<[Key: [UInt8]]>([:])

    init(limit: Int = 1024) {
        self.limit = max(0, limit)
    }

    /// The fragment for `key`: kept bytes, or `render`'s (kept for next time).
    func bytes(for key: Key, render: () -> [UInt8]) -> [UInt8] {
        guard limit > 0 else { return render() }
        if let kept = answers.withLock({ $0[key] }) {
            return kept
        }
        let bytes = render()
        answers.withLock { answers in
            if answers.count >= limit { answers.removeAll(keepingCapacity: true) }
            answers[key] = bytes
        }
        return bytes
    }

    var count: Int {
        answers.withLock { $0.count }
    }
}
