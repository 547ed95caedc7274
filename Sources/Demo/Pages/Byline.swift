import Components
import HTML
import PreviewApp

/// `<div class="post-author">`: the author's self-managed avatar, name and handle, then `follow` (the
/// self-managed follow button, when the viewer may follow the author).
struct Byline<Follow: HTMLComponent>: HTMLComponent {
    var author: User
    var follow: Follow

    func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("post-author")) { html in
            html.render(
                AvatarView.selfManaged(
                    imageURL: author.imageURL, vip: author.vip, uid: author.uid, displayName: author.name))
            html.element(.a, .class("author-name"), .href(AppNavigator.profilePath(author.uid)), text: author.name)
            html.element(.span, .class("author-handle"), text: "@" + author.uid)
            html.render(follow)
        }
    }
}
