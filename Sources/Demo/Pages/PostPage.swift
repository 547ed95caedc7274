import Components
import HTML
import PreviewApp

/// `/posts/{id}`: one post, its self-managed star rating and its self-managed comment box.
struct PostPage {
    var context: PageContext
    var post: Post

    func render() -> [UInt8] {
        let path = AppNavigator.postPath(post.id)
        return context.layout(title: "Post \(post.id)").render { html in
            html.element(.h1, text: "Post")
            html.element(.ul, .class("feed")) { html in
                if let cell = context.cell(for: post, returnTo: path) {
                    html.render(cell)
                }
            }
            if let rating = context.rating(for: post.id, returnTo: path) {
                html.render(rating)
            }
            if let comments = context.commentBox(for: post.id, returnTo: path) {
                html.render(comments)
            }
            html.element(.p) { html in
                html.element(.a, .href("/feed"), text: "Back to the feed")
            }
        }
    }
}
