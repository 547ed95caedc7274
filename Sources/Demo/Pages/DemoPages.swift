import Basics
import Components
import HTML
import HTTPCore
import PreviewApp

/// The demo pages (the feed, posts, profiles) and their JSON API, as a module the app registers beside
/// the components. Pages only place components; the components' own routes handle taps.
public struct DemoPages: ComponentModule {
    let site: DemoSite
    /// Rendered pages, kept under everything they were rendered from (every registered state's version).
    let renderedPages: RenderedPages
    let registry: ComponentRegistry

    /// - Parameters:
    ///   - likes: The like button's store, which the pages' like buttons show.
    ///   - follows: The follow button's store, which the pages' follow buttons show.
    ///   - comments: The comment box's store, which each post's page shows.
    ///   - commentBox: The comment box's declaration.
    ///   - ratings: The star rating's store, which each post's page shows.
    package init(
        _ context: ComponentContext, fixtures: Fixtures, likes: ToggleStore, follows: ToggleStore,
        comments: CommentStore, commentBox: SelfManagedDefinition<CommentThreads>, ratings: ChoiceStore
    ) {
        self.site = DemoSite(
            fixtures: fixtures, cells: PostCellFrames(fixtures: fixtures, caches: context.caches),
            likes: likes, follows: follows, comments: comments, commentBox: commentBox, ratings: ratings)
        self.renderedPages = RenderedPages(context: context)
        self.registry = context.registry
    }

    public static let feed = PageLink(name: "Feed", path: "/feed")

    public var navigation: [PageLink] { [Self.feed] }

    /// The posts' API answers its errors in JSON.
    public var jsonErrorPaths: [String] { ["/api/"] }

    /// The pages that place components: the feed, the first user's profile and the first post.
    public var pages: [PageLink] {
        var pages = [Self.feed]
        if let user = site.fixtures.users.first {
            pages.append(PageLink(name: "Profile", path: AppNavigator.profilePath(user.uid)))
        }
        if let post = site.fixtures.posts.first {
            pages.append(PageLink(name: "Post", path: AppNavigator.postPath(post.id)))
        }
        return pages
    }

    public func render(_ page: PageLink, for viewer: Viewer) -> [UInt8]? {
        let context = context(for: viewer, settings: SimulationSettings())
        if page == Self.feed {
            return FeedPage(context: context).render()
        }
        if let user = site.fixtures.users.first, page.path == AppNavigator.profilePath(user.uid) {
            return ProfilePage(context: context, user: user).render()
        }
        if let post = site.fixtures.posts.first, page.path == AppNavigator.postPath(post.id) {
            return PostPage(context: context, post: post).render()
        }
        return nil
    }

    public func addRoutes(to routes: inout RouteGroup) {
        routes.get("/feed", Self.page("Every post, with self-managed avatars and like buttons")) { request in
            page(request) { FeedPage(context: $0).render(into: &$1) }
        }
        routes.get(
            "/posts/:id",
            Self.page("One post", [.path("id", .segment, "The post.", example: "p1")], notFound: "No such post.")
        ) { request in
            let post = try post(request.parameters["id"])
            return page(request) { PostPage(context: $0, post: post).render(into: &$1) }
        }
        routes.get(
            "/users/:uid",
            Self.page(
                "A profile with the user's posts", [.path("uid", .segment, "The user.", example: "ada")],
                notFound: "No such user.")
        ) { request in
            let uid = request.parameters["uid"] ?? ""
            guard let user = site.fixtures.user(uid) else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            return page(request) { ProfilePage(context: $0, user: user).render(into: &$1) }
        }
        routes.get("/api/posts/:id", Self.postState) { request in
            let post = try post(request.parameters["id"])
            let viewer = request.viewer
            let committed = site.likes.committed(post.id, viewer: viewer) ?? ToggleState(isOn: false, count: 0)
            let pending = site.likes.view(post.id, viewer: viewer)?.busy ?? false
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
            guard site.fixtures.user(uid) != nil,
                let committed = site.follows.committed(uid, viewer: request.viewer)
            else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            let pending = site.follows.view(uid, viewer: request.viewer)?.busy ?? false
            return .json(
                .object([
                    ("uid", .string(uid)),
                    ("followers", .int(committed.count)),
                    ("following", .bool(committed.isOn)),
                    ("pending", .bool(pending)),
                ])
            )
        }
    }

    /// The feed page as `viewer` sees it, exactly as `GET /feed` renders it (for the render benchmark).
    public func renderFeed(for viewer: Viewer, settings: SimulationSettings = SimulationSettings()) -> [UInt8] {
        FeedPage(context: context(for: viewer, settings: settings)).render()
    }

    /// A post's page as `viewer` sees it, exactly as `GET /posts/{id}` renders it (for the render
    /// benchmark); `nil` for an unknown post.
    public func renderPost(
        _ id: String, for viewer: Viewer, settings: SimulationSettings = SimulationSettings()
    ) -> [UInt8]? {
        site.fixtures.post(id).map { PostPage(context: context(for: viewer, settings: settings), post: $0).render() }
    }

    /// The page for this request, as `RenderedPages` keeps it.
    private func page(_ request: HTTPRequest, render: (PageContext, inout HTMLBuffer) -> Void) -> HTTPResponse {
        renderedPages.page(request) { settings, html in
            render(context(for: request.viewer, settings: settings), &html)
        }
    }

    private func context(for viewer: Viewer, settings: SimulationSettings) -> PageContext {
        PageContext(
            site: site, settings: settings, navigation: registry.navigation, caches: registry.caches, viewer: viewer)
    }

    private func post(_ id: String?) throws -> Post {
        guard let id, let post = site.fixtures.post(id) else {
            throw HTTPError(.notFound, "There is no post with the id \(id ?? "").")
        }
        return post
    }
}
