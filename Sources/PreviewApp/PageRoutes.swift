import Basics
import Components
import HTTPCore

/// The demo pages and the JSON API. Pages only place components; the components' own routes handle taps.
struct PageRoutes: RouteCollection {
    let fixtures: Fixtures
    let cells: PostCellFrames
    let likes: ToggleStore
    let follows: ToggleStore
    let service: SimulatedService
    let events: TapEventLog
    /// Rendered demo pages, kept under everything they were rendered from; `nil` renders every request.
    let renderedPages: BoundedCache<PageKey, [UInt8]>?

    func addRoutes(to routes: inout RouteGroup) {
        routes.get("/healthz", Self.health) { _ in
            var response = HTTPResponse.text("ok\n")
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        routes.get("/", Self.page("The gallery index")) { _ in
            .html(IndexPage(fixtures: fixtures, settings: service.settings, events: events.recent(limit: 50)).render())
        }
        routes.get("/feed", Self.page("Every post, with self-managed avatars and like buttons")) { request in
            page(request) { FeedPage(context: $0).render() }
        }
        routes.get(
            "/posts/:id",
            Self.page("One post", [.path("id", .segment, "The post.", example: "p1")], notFound: "No such post.")
        ) { request in
            let post = try post(request.parameters["id"])
            return page(request) { PostPage(context: $0, post: post).render() }
        }
        routes.get(
            "/users/:uid",
            Self.page(
                "A profile with the user's posts", [.path("uid", .segment, "The user.", example: "ada")],
                notFound: "No such user.")
        ) { request in
            let uid = request.parameters["uid"] ?? ""
            guard let user = fixtures.user(uid) else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            return page(request) { ProfilePage(context: $0, user: user).render() }
        }
        routes.get("/api/posts/:id", Self.postState) { request in
            let post = try post(request.parameters["id"])
            let viewer = request.viewer
            let committed = likes.committed(post.id, viewer: viewer) ?? ToggleState(isOn: false, count: 0)
            let pending = likes.view(post.id, viewer: viewer)?.busy ?? false
            return .json(
                .object([
                    ("id", .string(post.id)),
                    ("count", .int(committed.count)),
                    ("liked", .bool(committed.isOn)),
                    ("pending", .bool(pending)),
                ])
            )
        }
        routes.get("/api/users/:uid", Self.userState) { request in
            let uid = request.parameters["uid"] ?? ""
            guard fixtures.user(uid) != nil,
                let committed = follows.committed(uid, viewer: request.viewer)
            else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            let pending = follows.view(uid, viewer: request.viewer)?.busy ?? false
            return .json(
                .object([
                    ("uid", .string(uid)),
                    ("followers", .int(committed.count)),
                    ("following", .bool(committed.isOn)),
                    ("pending", .bool(pending)),
                ])
            )
        }
        routes.get("/events", Self.eventLog) { request in
            let recent = events.recent()
            if request.headers["Accept"]?.contains("application/json") == true {
                return .json(.array(recent.map(\.json)))
            }
            return .html(EventsPage(events: recent, settings: service.settings).render())
        }
    }

    /// The demo pages that place components (the feed, a profile, a post), as `viewer` sees them.
    func demoPages(for viewer: Viewer) -> [(page: Placements.Page, html: [UInt8])] {
        let context = context(for: viewer)
        var pages = [(Placements.Page(name: "Feed", path: "/feed"), renderFeed(for: viewer))]
        if let user = fixtures.users.first {
            pages.append(
                (
                    Placements.Page(name: "Profile", path: AppNavigator.profilePath(user.uid)),
                    ProfilePage(context: context, user: user).render()
                ))
        }
        if let post = fixtures.posts.first {
            pages.append(
                (
                    Placements.Page(name: "Post", path: AppNavigator.postPath(post.id)),
                    PostPage(context: context, post: post).render()
                ))
        }
        return pages
    }

    /// The feed page as `viewer` sees it.
    func renderFeed(for viewer: Viewer) -> [UInt8] {
        FeedPage(context: context(for: viewer)).render()
    }

    /// The page for this request, rendered by `render` or kept from an earlier request with the same
    /// `PageKey`. The state versions are read before rendering, so a page kept under a version is never
    /// older than that version; the settings are read once and rendered as read. With kept pages, the
    /// server may also send the same response again to the same request while those versions and settings
    /// stay as they were (`HTTPResponse.reusableWhile`).
    private func page(_ request: HTTPRequest, render: (PageContext) -> [UInt8]) -> HTTPResponse {
        let viewer = request.viewer
        let settings = service.settings
        guard let renderedPages else {
            return .html(render(context(for: viewer, settings: settings)))
        }
        let key = PageKey(
            path: request.path, reader: request.hasNewViewer ? .newViewer : .viewer(viewer), likes: likes.version,
            follows: follows.version, settings: settings)
        var response = HTTPResponse.html(
            renderedPages.value(for: key) { render(context(for: viewer, settings: settings)) })
        response.reusableWhile = { [likes, follows, service] in
            likes.version == key.likes && follows.version == key.follows && service.settings == key.settings
        }
        return response
    }

    private func context(for viewer: Viewer, settings: SimulationSettings? = nil) -> PageContext {
        PageContext(
            fixtures: fixtures, cells: cells, likes: likes, follows: follows, settings: settings ?? service.settings,
            viewer: viewer)
    }

    private func post(_ id: String?) throws -> Post {
        guard let id, let post = fixtures.post(id) else {
            throw HTTPError(.notFound, "There is no post with the id \(id ?? "").")
        }
        return post
    }
}
