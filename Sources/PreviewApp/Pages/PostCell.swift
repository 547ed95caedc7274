import Components
import HTML

/// A post in a list: the author's self-managed avatar, their name, the text, and the post's
/// self-managed like button. It only places components; their taps are theirs to handle.
struct PostCell: HTMLComponent {
    var post: Post
    var author: User
    /// The author's `Byline`, already rendered (see `AuthorBylines`).
    var byline: [UInt8]
    var like: LikeButton

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
