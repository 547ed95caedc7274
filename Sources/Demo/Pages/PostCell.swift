import Components
import HTML
import PreviewApp

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
