import Basics
import HTML
import HTTPCore

/// The self-managed like button: configured with a post id, liked and count, it handles its own tap as
/// the essay describes. It shows the change at once (optimistically), sends it to the like service,
/// and on failure returns to exactly the state it had before the tap.
///
/// The tap is `POST /components/like/tap` with fields `post`, `liked` (the state wanted after the tap,
/// so a repeated submit changes nothing) and optional `return_to`. Taps by one viewer on one post are
/// applied in arrival order; others run concurrently.
///
/// - Without `HX-Request`: `303` to `return_to` (a local path; anything else falls back to `/feed`); after
///   a failure, that page shows the error once, in a `role="alert"`.
/// - With `HX-Request: true`: `200` and the button's fragment after success; `503` and the fragment of the
///   restored state with the error in it after failure.
/// - Unknown post `404`; a missing or invalid field `400`. Neither changes anything.
/// - `X-Simulate-Failure: always` or `never` forces the service's outcome for that tap.
extension LikeButton {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = SourceFile.path(#filePath)
    public static let tapPath = "/components/like/tap"
    /// Where a tap without a usable `return_to` lands.
    public static let defaultReturnPath = "/feed"
    static let failureMessage = "Your like couldn't be saved, so it was undone. Please try again."

    /// The stable id of a post's button, the same in pages and fragments: `like-{post}`.
    public static func elementID(forPost post: String) -> String {
        "like-" + post
    }

    /// A like button for `post` that handles its own tap.
    ///
    /// - Parameters:
    ///   - post: The post the button likes.
    ///   - liked: Whether the viewer likes it now; the tap asks for the opposite.
    ///   - count: The likes shown.
    ///   - returnTo: Where a tap from a plain form submission comes back to (a local path).
    ///   - busy: A tap is in flight and `liked`/`count` are its optimistic state.
    ///   - animated: Play the like animation (after a like was saved).
    ///   - message: An error to announce.
    public static func selfManaged(
        post: String,
        liked: Bool,
        count: Int,
        returnTo: String? = nil,
        busy: Bool = false,
        animated: Bool = false,
        message: String? = nil
    ) -> LikeButton {
        LikeButton(
            elementID: elementID(forPost: post),
            liked: liked,
            count: count,
            animated: animated,
            busy: busy,
            message: message,
            action: .toggle(path: tapPath, target: .init("post", post), state: "liked", isOn: liked, returnTo: returnTo)
        )
    }

    /// The button as `viewer` should see it now: the optimistic state while their tap is in flight,
    /// and, once, the outcome of their last plain-form tap. `nil` for an unknown post.
    public static func selfManaged(
        post: String,
        viewer: Viewer,
        likes: ToggleStore,
        returnTo: String? = nil
    ) -> LikeButton? {
        likes.presentation(post, viewer: viewer).map { selfManaged(post: post, shown: $0, returnTo: returnTo) }
    }

    /// The button showing `shown`, what `ToggleStore.presentation` found for a viewer.
    public static func selfManaged(post: String, shown: ToggleStore.Presentation, returnTo: String? = nil) -> LikeButton
    {
        selfManaged(
            post: post, liked: shown.state.isOn, count: shown.state.count, returnTo: returnTo, busy: shown.busy,
            animated: shown.animated, message: shown.message)
    }

    /// The route that handles every self-managed like button's tap.
    public struct SelfManagedRoutes: RouteCollection {
        let toggle: OptimisticToggle
        let service: any LikeService

        public init(likes: ToggleStore, service: any LikeService, events: TapEventLog) {
            self.toggle = OptimisticToggle(
                component: "LikeButton", stateName: "liked", store: likes, events: events,
                failureMessage: LikeButton.failureMessage)
            self.service = service
        }

        public func addRoutes(to routes: inout RouteGroup) {
            routes.add(
                .post, LikeButton.tapPath, documentation: Self.documentation,
                handler: RouteHandler { request in try self.handleTap(request) })
        }

        /// The fields a tap takes (built once, not per tap).
        static let tapFields: Set<String> = ["post", "liked", "return_to"]

        static var documentation: RouteDocumentation {
            OptimisticToggle.documentation(
                summary: "Tap a like button: like or unlike a post, optimistically, with rollback on failure",
                service: "like", target: (name: "post", description: "The post to like.", example: "p1"),
                state: "liked", fallback: "/feed", notFound: "There is no post with that id.")
        }

        func handleTap(_ request: HTTPRequest) throws -> HTTPOutcome {
            let form = try request.formFields().taking(only: Self.tapFields)
            guard let post = form["post"], !post.isEmpty else {
                throw HTTPError(.badRequest, "The like tap needs a post field naming the post to like.")
            }
            guard let liked = form["liked"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, "The liked field must be true or false: the state wanted after the tap.")
            }
            let forced = try request.forcedOutcome()
            guard toggle.store.contains(post) else {
                throw HTTPError(.notFound, "There is no post with the id \(post).")
            }
            let returnTo = form["return_to"].map { LocalPath.validated($0, fallback: LikeButton.defaultReturnPath) }
            let tap = OptimisticToggle.Tap(
                key: ToggleStore.Key(viewer: request.viewer, target: post), desired: liked, forced: forced,
                returnTo: returnTo ?? LikeButton.defaultReturnPath, wantsFragment: request.wantsFragment)
            return toggle.handle(tap) { [service] in
                try await service.send(
                    LikeRequest(post: post, viewer: tap.key.viewer, liked: liked, forcedOutcome: forced))
            } render: { result in
                LikeButton.selfManaged(
                    post: post, liked: result.committed.isOn, count: result.committed.count, returnTo: returnTo,
                    animated: result.animated, message: result.message
                ).renderedBytes
            }
        }
    }
}
