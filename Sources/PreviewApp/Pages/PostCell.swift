import Components
import HTML

/// A post in a list: the author's byline (self-managed avatar, name), the text, and the post's
/// self-managed like button. It only places components; their taps are theirs to handle.
struct PostCell<Like: HTMLComponent>: HTMLComponent {
    var post: Post
    var author: User
    /// The author's `Byline`, already rendered (see `AuthorBylines`).
    var byline: [UInt8]
    var like: Like

    func render(into html: inout HTMLBuffer) {
        html.element(.li, .class("post-cell")) { html in
            html.element(.article, .class("post"), .ariaLabel("Post by \(author.name)")) { html in
                html.raw(HTMLRaw(bytes: byline))
                html.element(.p, .class("post-body"), text: post.text)
                html.element(.div, .class("post-actions")) { html in
                    html.render(like)
                    html.element(.a, .class("post-link"), .href(AppNavigator.postPath(post.id)), text: "Open post")
                }
            }
        }
    }
}

/// Each post's cell rendered once around a gap for its like button, which is the only part that
/// depends on the viewer: posts and users never change while the server runs.
struct PostCellFrames: Sendable {
    struct Frame: Sendable {
        var post: Post
        /// The cell around the gap where the like button goes.
        var cell: HTMLFrame
    }

    private let frames: [String: Frame]

    init(fixtures: Fixtures, bylines: AuthorBylines) {
        var frames: [String: Frame] = [:]
        for post in fixtures.posts {
            guard let author = bylines[post.author] else { continue }
            let cell = PostCell(post: post, author: author.user, byline: author.markup, like: HTMLFrame.hole)
            frames[post.id] = Frame(post: post, cell: HTMLFrame { html in html.render(cell) })
        }
        self.frames = frames
    }

    subscript(post: String) -> Frame? {
        frames[post]
    }
}

/// A cell for one viewer: the post's frame with this viewer's like button in the gap.
struct FramedPostCell: HTMLComponent {
    var frame: PostCellFrames.Frame
    var like: LikeButton

    func render(into html: inout HTMLBuffer) {
        frame.cell.render(into: &html) { html in html.render(like) }
    }
}
