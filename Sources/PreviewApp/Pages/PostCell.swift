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
        /// Everything before the like button, and everything after it.
        var opening: [UInt8]
        var closing: [UInt8]
    }

    private let frames: [String: Frame]

    init(fixtures: Fixtures, bylines: AuthorBylines) {
        var frames: [String: Frame] = [:]
        let marker = Array(LikeGap.markup.utf8)
        for post in fixtures.posts {
            guard let author = bylines[post.author] else { continue }
            let bytes = PostCell(post: post, author: author.user, byline: author.markup, like: LikeGap()).renderedBytes
            // The marker is a comment: escaped text can never contain "<", so this is the gap.
            guard let gap = bytes.firstRange(of: marker) else { continue }
            frames[post.id] = Frame(
                post: post, opening: Array(bytes[..<gap.lowerBound]), closing: Array(bytes[gap.upperBound...]))
        }
        self.frames = frames
    }

    subscript(post: String) -> Frame? {
        frames[post]
    }

    /// Stands where the like button goes while the frame is rendered.
    private struct LikeGap: HTMLComponent {
        static let markup = "<!--like-button-->"

        func render(into html: inout HTMLBuffer) {
            html.raw(HTMLRaw(unsafeMarkup: Self.markup))
        }
    }
}

/// A cell for one viewer: the post's frame with this viewer's like button in the gap.
struct FramedPostCell: HTMLComponent {
    var frame: PostCellFrames.Frame
    var like: LikeButton

    func render(into html: inout HTMLBuffer) {
        html.raw(HTMLRaw(bytes: frame.opening))
        html.render(like)
        html.raw(HTMLRaw(bytes: frame.closing))
    }
}
