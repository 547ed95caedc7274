import Components
import HTML
import PreviewApp
import Synchronization

/// One button in one place (a post's like button in its cell, returning to one page), rendered once for
/// each state it recently showed: a page of twenty cells then copies forty small runs of bytes instead of
/// rendering forty buttons.
///
/// ```swift
/// let like = variants.html(for: shown, returningTo: "/feed#like-p1") { shown in
///     LikeButton.selfManaged(post: "p1", liked: shown.state.isOn, …).render()
/// }
/// ```
///
/// The key is everything the bytes are rendered from besides the place: the return path and the
/// presentation (state, count, whether a tap is in flight). A presentation with a one-time animation or
/// message is rendered every time and not kept: it is shown once. At most `limit` variants are kept: a
/// new one goes first, one that is used again moves one place forward, and when there are too many the
/// last goes. With a limit of 0 (`--render-cache off`) every call renders.
final class RenderedVariants: Sendable {
    private struct Variant {
        var returnTo: String
        var presentation: ToggleStore.Presentation
        var html: HTMLRaw
    }

    /// Enough for one button: its on and off states, each also in flight, with a few counts.
    static let defaultLimit = 8

    /// The most variants kept.
    let limit: Int
    private let variants = Mutex<[Variant]>([])

    init(limit: Int = RenderedVariants.defaultLimit) {
        self.limit = max(0, limit)
    }

    /// The button's bytes for `presentation`: kept ones, or `render`'s (kept for next time unless it is
    /// a one-time presentation).
    func html(
        for presentation: ToggleStore.Presentation, returningTo returnTo: String,
        render: (ToggleStore.Presentation) -> [UInt8]
    ) -> HTMLRaw {
        let keep = limit > 0 && !presentation.animated && presentation.message == nil
        if keep, let kept = lookUp(presentation, returnTo) {
            return kept
        }
        let html = HTMLRaw(bytes: render(presentation))
        if keep {
            variants.withLock { variants in
                variants.insert(Variant(returnTo: returnTo, presentation: presentation, html: html), at: 0)
                if variants.count > limit {
                    variants.removeLast()
                }
            }
        }
        return html
    }

    private func lookUp(_ presentation: ToggleStore.Presentation, _ returnTo: String) -> HTMLRaw? {
        variants.withLock { variants in
            // By index, comparing in place: a closure over the elements would copy (retain) each one.
            var found: Int?
            for index in variants.indices
            where variants[index].presentation == presentation && variants[index].returnTo == returnTo {
                found = index
                break
            }
            guard let found else { return nil }
            if found > 0 {
                variants.swapAt(found, found - 1)  // move towards the front: the oldest unused go first
                return variants[found - 1].html
            }
            return variants[0].html
        }
    }
}
