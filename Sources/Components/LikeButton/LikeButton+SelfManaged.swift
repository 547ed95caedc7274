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
        var fields: [TapAction.Field] = [.init("post", post), .init("liked", liked ? "false" : "true")]
        if let returnTo {
            fields.append(.init("return_to", returnTo))
        }
        return LikeButton(
            elementID: elementID(forPost: post),
            liked: liked,
            count: count,
            animated: animated,
            busy: busy,
            message: message,
            action: TapAction(path: tapPath, fields: fields)
        )
    }

    /// The button as `viewer` should see it now: the optimistic state while their tap is in flight,
    /// and, once, the outcome of their last plain-form tap. `nil` for an unknown post.
    public static func selfManaged(
        post: String,
        viewer: Viewer,
        likes: LikeStore,
        returnTo: String? = nil
    ) -> LikeButton? {
        guard let (view, flash) = likes.viewTakingFlash(post: post, viewer: viewer.id) else { return nil }
        var message: String?
        if case .failed(let text) = flash {
            message = text
        }
        return selfManaged(
            post: post,
            liked: view.state.liked,
            count: view.state.count,
            returnTo: returnTo,
            busy: view.busy,
            animated: flash == .committed && view.state.liked,
            message: message
        )
    }

    /// The route that handles every self-managed like button's tap.
    public struct SelfManagedRoutes: RouteCollection {
        let likes: LikeStore
        let service: any LikeService
        let events: TapEventLog

        public init(likes: LikeStore, service: any LikeService, events: TapEventLog) {
            self.likes = likes
            self.service = service
            self.events = events
        }

        public func addRoutes(to routes: inout RouteGroup) {
            routes.add(
                .post, LikeButton.tapPath, documentation: Self.documentation,
                handler: RouteHandler { request in try self.handleTap(request) })
        }

        static var documentation: RouteDocumentation {
            RouteDocumentation(
                "Tap a like button: like or unlike a post, optimistically, with rollback on failure",
                description: "A tap that asks for the state the viewer already has sends nothing to the like "
                    + "service and answers as a success, even with X-Simulate-Failure: always.",
                tags: ["Components"],
                parameters: [
                    .header(
                        "HX-Request", .string(), "true from script: answer with the fragment; else as without it.",
                        example: "true"),
                    .header(
                        "X-Simulate-Failure", .string(enum: ["always", "never"]),
                        "Force the like service's outcome for this tap.", example: "always"),
                    Viewer.cookieParameter,
                ],
                form: [
                    .field("post", .text(minLength: 1), required: true, "The post to like.", example: "p1"),
                    .field("liked", .booleanText, required: true, "The state wanted after the tap.", example: "true"),
                    .field("return_to", .text(), "A local path to come back to; anything else means /feed."),
                ],
                responses: [
                    .seeOther("Without HX-Request: back to return_to; a failure shows there once."),
                    .html(200, "With HX-Request: the button's fragment in its committed state."),
                    .html(
                        503,
                        "With HX-Request, when the like service failed: the fragment of the restored state with "
                            + "the error (role=alert); also when too many taps wait on the service (Retry-After)."),
                    .badField, .htmlError(404, "There is no post with that id."), .unsupportedForm,
                ])
        }

        /// Checks the tap and takes its turn now, on the server thread, so that taps keep their arrival
        /// order; the rest runs while the connection is suspended.
        func handleTap(_ request: HTTPRequest) throws -> HTTPOutcome {
            let tap = try Tap(request)
            guard likes.contains(post: tap.key.post) else {
                throw HTTPError(.notFound, "There is no post with the id \(tap.key.post).")
            }
            let turn = likes.turns.take(tap.key)
            return .deferred {
                await turn.wait()
                defer { turn.finish() }
                return await apply(tap)
            }
        }

        private func apply(_ tap: Tap) async -> HTTPResponse {
            let started = ContinuousClock.now
            guard let (prior, optimistic) = likes.begin(tap.key, liked: tap.liked) else {
                return .plainError(HTTPError(.notFound, "There is no post with the id \(tap.key.post)."))
            }
            var succeeded = true
            if prior.liked != tap.liked {
                do {
                    try await service.send(
                        LikeRequest(
                            post: tap.key.post, viewer: tap.key.viewer, liked: tap.liked, forcedOutcome: tap.forced)
                    )
                } catch {
                    succeeded = false
                }
            }
            let committed = likes.finish(tap.key, liked: tap.liked, succeeded: succeeded)
            events.record(
                TapEvent(
                    component: "LikeButton",
                    instance: tap.key.post,
                    viewer: tap.key.viewer,
                    prior: prior,
                    optimistic: optimistic,
                    outcome: succeeded ? .committed : .rolledBack,
                    latencyMilliseconds: (ContinuousClock.now - started).wholeMilliseconds
                )
            )
            // This tap's outcome replaces any message left by an earlier one.
            _ = likes.takeFlash(for: tap.key)
            if tap.wantsFragment {
                let button = LikeButton.selfManaged(
                    post: tap.key.post,
                    liked: committed.liked,
                    count: committed.count,
                    returnTo: tap.returnTo,
                    animated: succeeded && committed.liked && !prior.liked,
                    message: succeeded ? nil : LikeButton.failureMessage
                )
                return .html(button.renderedBytes, status: succeeded ? .ok : .serviceUnavailable)
            }
            if !succeeded {
                likes.setFlash(.failed(LikeButton.failureMessage), for: tap.key)
            } else if committed.liked && !prior.liked {
                likes.setFlash(.committed, for: tap.key)
            }
            return .redirect(to: LocalPath.validated(tap.returnTo, fallback: LikeButton.defaultReturnPath))
        }
    }

    /// A tap's fields, checked.
    struct Tap: Sendable {
        var key: LikeStore.Key
        var liked: Bool
        var returnTo: String?
        var forced: ForcedOutcome?
        var wantsFragment: Bool

        init(_ request: HTTPRequest) throws {
            let form = try request.formFields().taking(only: ["post", "liked", "return_to"])
            guard let post = form["post"], !post.isEmpty else {
                throw HTTPError(.badRequest, "The like tap needs a post field naming the post to like.")
            }
            guard let liked = form["liked"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, "The liked field must be true or false: the state wanted after the tap.")
            }
            var forced: ForcedOutcome?
            if let header = request.headers["X-Simulate-Failure"] {
                guard let outcome = ForcedOutcome(rawValue: header.lowercased()) else {
                    throw HTTPError(.badRequest, "X-Simulate-Failure must be always or never.")
                }
                forced = outcome
            }
            self.key = LikeStore.Key(viewer: request.viewer.id, post: post)
            self.liked = liked
            self.returnTo = form["return_to"].map { LocalPath.validated($0, fallback: LikeButton.defaultReturnPath) }
            self.forced = forced
            self.wantsFragment = request.wantsFragment
        }
    }
}
