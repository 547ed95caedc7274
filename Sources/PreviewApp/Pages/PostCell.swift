import Components
import HTML

/// A post in a list: the author's byline (self-managed avatar, name, self-managed follow button), the
/// text, and the post's self-managed like button. It only places components; their taps are theirs to
/// handle.
struct PostCell<Follow: HTMLComponent, Like: HTMLComponent>: HTMLComponent {
    var post: Post
    var author: User
    var follow: Follow
    var like: Like

    func render(into html: inout HTMLBuffer) {
        html.element(.li, .class("post-cell")) { html in
            html.element(.article, .class("post"), .ariaLabel("Post by \(author.name)")) { html in
                html.render(Byline(author: author, follow: follow))
                html.element(.p, .class("post-body"), text: post.text)
                html.element(.div, .class("post-actions")) { html in
                    html.render(like)
                    html.element(.a, .class("post-link"), .href(AppNavigator.postPath(post.id)), text: "Open post")
                }
            }
        }
    }
}

/// Each post's cell rendered once around two gaps, for the author's follow button and the post's like
/// button, the only parts that depend on the viewer: posts and users never change while the server runs.
struct PostCellFrames: Sendable {
    struct Frame: Sendable {
        var post: Post
        /// The cell up to the follow button's gap…
        var head: HTMLRaw
        /// …and the rest, around the like button's gap.
        var aroundLike: HTMLFrame
    }

    private let frames: [String: Frame]

    init(fixtures: Fixtures) {
        var frames: [String: Frame] = [:]
        for post in fixtures.posts {
            guard let author = fixtures.user(post.author) else { continue }
            let cell = PostCell(post: post, author: author, follow: HTMLFrame.hole, like: HTMLFrame.hole)
            // A frame takes the first hole; what follows it, the second hole included, is framed again.
            let aroundFollow = HTMLFrame { html in html.render(cell) }
            frames[post.id] = Frame(
                post: post,
                head: HTMLRaw(bytes: aroundFollow.opening),
                aroundLike: HTMLFrame { html in html.raw(HTMLRaw(bytes: aroundFollow.closing)) })
        }
        self.frames = frames
    }

    subscript(post: String) -> Frame? {
        frames[post]
    }
}

/// A cell for one viewer: the post's frames with this viewer's follow and like buttons in the gaps.
struct FramedPostCell: HTMLComponent {
    var frame: PostCellFrames.Frame
    var follow: FollowButton?
    var like: LikeButton

    func render(into html: inout HTMLBuffer) {
        html.raw(frame.head)
        if let follow {
            html.render(follow)
        }
        frame.aroundLike.render(into: &html) { html in html.render(like) }
    }
}
