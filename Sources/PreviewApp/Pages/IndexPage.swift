import Components
import HTML

/// `/`: what this server is, and where to go.
struct IndexPage {
    var fixtures: Fixtures
    var settings: SimulationSettings

    func render() -> [UInt8] {
        PageLayout(title: "Gallery", section: .gallery, settings: settings).render { html in
            html.element(.h1, text: "Self-managed components")
            html.element(
                .p,
                text:
                    "Each component renders with a plain API that knows nothing of the business, and a self-managed extension that handles its own tap on the server."
            )
            html.element(.ul, .class("component-list")) { html in
                html.element(.li, .class("component-card")) { html in
                    html.element(.h2, text: "AvatarView")
                    html.element(
                        .p, .class("summary"),
                        text: "Shows a picture and a VIP badge; tapped, it opens that person's profile by itself.")
                }
                html.element(.li, .class("component-card")) { html in
                    html.element(.h2, text: "LikeButton")
                    html.element(
                        .p, .class("summary"),
                        text:
                            "Shows the like count; tapped, it changes at once, saves through the like service, and rolls back exactly on failure."
                    )
                }
            }
            html.element(.h2, text: "Demo pages")
            html.element(.ul) { html in
                html.element(.li) { html in html.element(.a, .href("/feed"), text: "The feed") }
                if let user = fixtures.users.first {
                    html.element(.li) { html in
                        html.element(.a, .href(AppNavigator.profilePath(user.uid)), text: "A profile: \(user.name)")
                    }
                }
                if let post = fixtures.posts.first {
                    html.element(.li) { html in html.element(.a, .href(AppNavigator.postPath(post.id)), text: "A post")
                    }
                }
                html.element(.li) { html in html.element(.a, .href("/events"), text: "The taps handled so far") }
            }
        }
    }
}
