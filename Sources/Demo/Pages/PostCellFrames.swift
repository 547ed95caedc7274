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
        /// The buttons that fill the gaps, as rendered for the states they recently showed.
        let like: RenderedVariants
        let follow: RenderedVariants

        init(post: Post, head: HTMLRaw, aroundLike: HTMLFrame, like: RenderedVariants, follow: RenderedVariants) {
            self.post = post
            self.feedReturnTo = "/feed#" + LikeButton.elementID(forPost: post.id)
            self.head = head
            self.aroundLike = aroundLike
            self.like = like
            self.follow = follow
        }
    }

    private let frames: [String: Frame]
    /// Every frame, in the order of the fixtures' posts (the feed's order).
    let all: [Frame]

    /// - Parameter keepsButtons: Whether each cell keeps its buttons' rendered variants (see
    ///   `RenderedVariants`); without, every cell renders its buttons.
    init(fixtures: Fixtures, keepsButtons: Bool = true) {
        let limit = keepsButtons ? RenderedVariants.defaultLimit : 0
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
                aroundLike: HTMLFrame { html in html.raw(HTMLRaw(bytes: aroundFollow.closing)) },
                like: RenderedVariants(limit: limit), follow: RenderedVariants(limit: limit))
            frames[post.id] = frame
            all.append(frame)
        }
        self.frames = frames
        self.all = all
    }

    subscript(post: String) -> Frame? {
        frames[post]
    }
}
