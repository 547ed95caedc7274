import Components
import HTML
import PreviewApp

/// `/users/{uid}`: a person's avatar, name, bio and posts.
struct ProfilePage {
    var context: PageContext
    var user: User

    func render() -> [UInt8] {
        var html = HTMLBuffer(capacity: 64 * 1024)
        render(into: &html)
        return html.bytes
    }

    /// The page, with the follow button and the cells' like buttons each a piece of it.
    func render(into html: inout HTMLBuffer) {
        let path = AppNavigator.profilePath(user.uid)
        let (seen, uid) = (context.seen, user.uid)
        context.layout(title: user.name).render(into: &html) { html in
            html.element(.section, .class("profile-header")) { html in
                html.render(
                    AvatarView.selfManaged(
                        imageURL: user.imageURL, vip: user.vip, uid: user.uid, displayName: user.name, size: .large)
                )
                html.element(.div) { html in
                    html.element(.h1, text: user.name)
                    html.element(.p, .class("author-handle"), text: "@" + user.uid)
                    html.element(.p, .class("profile-bio"), text: user.bio)
                    html.piece { html in
                        if let follow = seen.followButton(for: uid, returnTo: path) {
                            html.render(follow)
                        }
                    }
                }
            }
            html.element(.h2, text: "Posts")
            html.element(.ul, .class("feed")) { html in
                for post in context.site.fixtures.posts(by: user.uid) {
                    if let cell = context.cell(for: post, returnTo: path, follow: false) {
                        html.render(cell)
                    }
                }
            }
        }
    }
}
