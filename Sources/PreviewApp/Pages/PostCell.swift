import Components
import HTML

/// A post in a list: the author's self-managed avatar, their name, the text, and the post's
/// self-managed like button. It only places components; their taps are theirs to handle.
struct PostCell: HTMLComponent {
    var post: Post
    var author: User
    var like: LikeButton

    func render(into html: inout HTMLBuffer) {
        html.element(.li, .class("post-cell")) { html in
            html.element(.article, .class("post"), .ariaLabel("Post by \(author.name)")) { html in
                html.element(.div, .class("post-author")) { html in
                    html.render(
                        AvatarView.selfManaged(
                            imageURL: author.imageURL, vip: author.vip, uid: author.uid, displayName: author.name)
                    )
                    html.element(
                        .a, .class("author-name"), .href(AppNavigator.profilePath(author.uid)), text: author.name)
                    html.element(.span, .class("author-handle"), text: "@" + author.uid)
                }
                html.element(.p, .class("post-body"), text: post.text)
                html.element(.div, .class("post-actions")) { html in
                    html.render(like)
                    html.element(.a, .class("post-link"), .href(AppNavigator.postPath(post.id)), text: "Open post")
                }
            }
        }
    }
}
