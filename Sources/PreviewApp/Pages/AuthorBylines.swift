import Components
import HTML

/// Each user's byline (self-managed avatar, name linking to the profile, handle), rendered once: users
/// never change while the server runs, so cells reuse these bytes instead of rendering them per request.
struct AuthorBylines: Sendable {
    private let bylines: [String: (user: User, markup: [UInt8])]

    init(fixtures: Fixtures) {
        var bylines: [String: (user: User, markup: [UInt8])] = [:]
        for user in fixtures.users {
            bylines[user.uid] = (user, Byline(author: user).renderedBytes)
        }
        self.bylines = bylines
    }

    subscript(uid: String) -> (user: User, markup: [UInt8])? {
        bylines[uid]
    }
}

/// `<div class="post-author">`: the author's self-managed avatar, name and handle.
struct Byline: HTMLComponent {
    var author: User

    func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("post-author")) { html in
            html.render(
                AvatarView.selfManaged(
                    imageURL: author.imageURL, vip: author.vip, uid: author.uid, displayName: author.name))
            html.element(.a, .class("author-name"), .href(AppNavigator.profilePath(author.uid)), text: author.name)
            html.element(.span, .class("author-handle"), text: "@" + author.uid)
        }
    }
}
