import Components
import HTML
import PreviewApp

/// `/users/{uid}`: a person's avatar, name, bio and posts.
struct ProfilePage {
    var context: PageContext
    var user: User

    func render() -> [UInt8] {
        let path = AppNavigator.profilePath(user.uid)
        return context.layout(title: user.name).render { html in
            html.element(.section, .class("profile-header")) { html in
                html.render(
                    AvatarView.selfManaged(
                        imageURL: user.imageURL, vip: user.vip, uid: user.uid, displayName: user.name, size: .large)
                )
                html.element(.div) { html in
                    html.element(.h1, text: user.name)
                    html.element(.p, .class("author-handle"), text: "@" + user.uid)
                    html.element(.p, .class("profile-bio"), text: user.bio)
                    if let follow = context.followButton(for: user.uid, returnTo: path) {
                        html.render(follow)
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
