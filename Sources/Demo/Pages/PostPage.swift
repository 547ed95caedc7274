import Components
import HTML
import PreviewApp

/// `/posts/{id}`: one post, its self-managed star rating and its self-managed comment box.
struct PostPage {
    var context: PageContext
    var post: Post

    func render() -> [UInt8] {
        var html = HTMLBuffer(capacity: 64 * 1024)
        render(into: &html)
        return html.bytes
    }

    /// The page, with the cell's buttons, the rating and the comment box each a piece of it.
    func render(into html: inout HTMLBuffer) {
        let path = AppNavigator.postPath(post.id)
        let (seen, id) = (context.seen, post.id)
        context.layout(title: "Post \(post.id)").render(into: &html) { html in
            html.element(.h1, text: "Post")
            html.element(.ul, .class("feed")) { html in
                if let cell = context.cell(for: post, returnTo: path) {
                    html.render(cell)
                }
            }
            html.piece { html in
                if let rating = seen.rating(for: id, returnTo: path) {
                    html.render(rating)
                }
            }
            html.piece { html in
                if let comments = seen.commentBox(for: id, returnTo: path) {
                    html.render(comments)
                }
            }
            html.element(.p) { html in
                html.element(.a, .href("/feed"), text: "Back to the feed")
            }
        }
    }
}
