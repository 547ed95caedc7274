@_spi(Runtime) import Basics
import Components
import HTML

/// Each post's cell rendered once around two gaps, for the author's follow button and the post's like
/// button, the only parts that depend on the viewer: posts and users never change while the server runs.
struct PostCellFrames: Sendable {
    /// A class: a page passes twenty of them around, and copying one is then a single retain.
    final class Frame: Sendable {
        let post: Post
        /// Where the cell's taps return to on the feed: the like button's anchor there (built once).
        let feedReturnTo: String
        /// The cell up to the follow button's gap…
        let head: HTMLRaw
        /// …and the rest, around the like button's gap.
        let aroundLike: HTMLFrame

        init(post: Post, head: HTMLRaw, aroundLike: HTMLFrame) {
            self.post = post
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

    /// One button in one place, in one state: everything its bytes are rendered from.
    private struct Button: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case like, follow
        }

        var kind: Kind
        /// The post liked, or the person followed.
        var target: String
        var presentation: ToggleStore.Presentation
        var returnTo: String
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
                post: post,
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

    /// The like button of `post` showing `shown`, in a cell whose taps return to `returnTo`.
    func like(_ post: String, _ shown: ToggleStore.Presentation, returnTo: String) -> HTMLRaw {
        button(.init(kind: .like, target: post, presentation: shown, returnTo: returnTo)) {
            LikeButton.selfManaged(post: post, shown: shown, returnTo: returnTo)
        }
    }

    /// The follow button of `uid` showing `shown`, in a cell whose taps return to `returnTo`.
    func follow(_ uid: String, _ shown: ToggleStore.Presentation, returnTo: String) -> HTMLRaw {
        button(.init(kind: .follow, target: uid, presentation: shown, returnTo: returnTo)) {
            FollowButton.selfManaged(uid: uid, shown: shown, returnTo: returnTo)
        }
    }

    /// The button's bytes: kept ones, or its root's, rendered and kept here alone (a presentation with a
    /// one-time animation or message is shown once, and not kept).
    private func button(_ button: Button, root: () -> SelfManaged) -> HTMLRaw {
        guard let buttons, !button.presentation.animated, button.presentation.message == nil else {
            return HTMLRaw(bytes: root().renderedBytes)
        }
        return buttons.value(for: button) { HTMLRaw(bytes: root().unkept.renderedBytes) }
    }
}
