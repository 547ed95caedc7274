@_spi(Runtime) import Basics
import Components
import HTML

/// Each post's cell rendered once around two gaps, for the author's follow button and the post's like
/// button, the only parts that depend on the viewer: posts and users never change while the server runs.
struct PostCellFrames: Sendable {
    /// A class: a page passes twenty of them around, and copying one is then a single retain.
    final class Frame: Sendable {
        let post: Post
        /// Its place among the frames: what the kept buttons are keyed on, instead of the strings.
        let index: Int
        /// Where the cell's taps return to on the feed: the like button's anchor there (built once).
        let feedReturnTo: String
        /// The cell up to the follow button's gap…
        let head: HTMLRaw
        /// …and the rest, around the like button's gap.
        let aroundLike: HTMLFrame

        init(post: Post, index: Int, head: HTMLRaw, aroundLike: HTMLFrame) {
            self.post = post
            self.index = index
            self.feedReturnTo = "/feed#" + LikeButton.elementID(forPost: post.id)
            self.head = head
            self.aroundLike = aroundLike
        }
    }

    private let frames: [String: Frame]
    /// Every frame, in the order of the fixtures' posts (the feed's order).
    let all: [Frame]
    /// The buttons that fill the gaps, rendered once for each state they show in each place (the app's
    /// cache `cells`; `nil` with `--render-cache off`): a page of twenty cells then copies forty small
    /// runs of bytes instead of rendering forty buttons.
    private let buttons: BoundedCache<Button, HTMLRaw>?

    /// One button in one place, in one state: everything its bytes are rendered from. The target is the
    /// cell's (its post, or its post's author) and the place the feed's unless `returnTo` says another,
    /// so that a lookup hashes a few integers (a feed looks forty up) rather than two strings.
    private struct Button: Hashable, Sendable {
        enum Kind: UInt8, Hashable, Sendable {
            case like, follow
        }

        var kind: Kind
        /// The cell's index among the frames: its post for a like, its post's author for a follow.
        var cell: Int
        /// The state shown (a presentation with a message or an animation is never kept).
        var state: ToggleState
        var busy: Bool
        /// Where a tap returns to; `nil` for the cell's place on the feed.
        var returnTo: String?

        func hash(into hasher: inout Hasher) {
            // One word for the small parts: a kept button's count is far below 2^40.
            let bits =
                UInt64(truncatingIfNeeded: cell) << 48 ^ UInt64(truncatingIfNeeded: state.count) << 8
                ^ UInt64(kind.rawValue) << 2 ^ (state.isOn ? 2 : 0) ^ (busy ? 1 : 0)
            hasher.combine(bits)
            if let returnTo { hasher.combine(returnTo) }
        }
    }

    init(fixtures: Fixtures, caches: Caches) {
        buttons = caches.make("cells", entries: 2048, bytes: 1 << 20) { $0.byteCount + 64 }
        var frames: [String: Frame] = [:]
        var all: [Frame] = []
        for post in fixtures.posts {
            guard let author = fixtures.user(post.author) else { continue }
            let cell = PostCell(post: post, author: author, follow: HTMLFrame.hole, like: HTMLFrame.hole)
            // A frame takes the first hole; what follows it, the second hole included, is framed again.
            let aroundFollow = HTMLFrame { html in html.render(cell) }
            let frame = Frame(
                post: post, index: all.count,
                head: HTMLRaw(bytes: aroundFollow.opening),
                aroundLike: HTMLFrame { html in html.raw(HTMLRaw(bytes: aroundFollow.closing)) })
            frames[post.id] = frame
            all.append(frame)
        }
        self.frames = frames
        self.all = all
    }

    subscript(post: String) -> Frame? {
        frames[post]
    }

    /// The like button of `frame`'s post showing `shown`, in a cell whose taps return to `returnTo`.
    func like(_ frame: Frame, _ shown: ToggleDefinition.Presentation, returnTo: String) -> HTMLRaw {
        button(.like, frame, shown, returnTo) {
            LikeButton.selfManaged(post: frame.post.id, shown: shown, returnTo: returnTo)
        }
    }

    /// The follow button of `frame`'s post's author showing `shown`, in a cell whose taps return to
    /// `returnTo`.
    func follow(_ frame: Frame, _ shown: ToggleDefinition.Presentation, returnTo: String) -> HTMLRaw {
        button(.follow, frame, shown, returnTo) {
            FollowButton.selfManaged(uid: frame.post.author, shown: shown, returnTo: returnTo)
        }
    }

    /// The button's bytes: kept ones, or its root's, rendered and kept here alone (a presentation with a
    /// one-time animation or message is shown once, and not kept).
    private func button(
        _ kind: Button.Kind, _ frame: Frame, _ shown: ToggleDefinition.Presentation, _ returnTo: String,
        root: () -> SelfManaged
    ) -> HTMLRaw {
        guard let buttons, !shown.animated, shown.message == nil else {
            return HTMLRaw(bytes: root().renderedBytes)
        }
        let key = Button(
            kind: kind, cell: frame.index, state: shown.state, busy: shown.busy,
            returnTo: returnTo == frame.feedReturnTo ? nil : returnTo)
        return buttons.value(for: key) { HTMLRaw(bytes: root().unkept.renderedBytes) }
    }
}
