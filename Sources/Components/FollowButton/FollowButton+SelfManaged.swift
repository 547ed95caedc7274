import HTML
import HTTPCore

/// The self-managed follow button: configured with a user id, following and the follower count, it
/// handles its own tap like the like button does. It shows the change at once, sends it to the follow
/// service, and on failure returns to exactly the state it had before the tap (`OptimisticToggle`).
///
/// The tap is `POST /components/follow/tap` with fields `uid`, `following` (the state wanted after the
/// tap, so a repeated submit changes nothing) and optional `return_to`. Taps by one viewer on one user are
/// applied in arrival order.
///
/// - Without `HX-Request`: `303` to `return_to` (a local path; anything else falls back to the user's
///   profile); after a failure, that page shows the error once, in a `role="alert"`.
/// - With `HX-Request: true`: `200` and the button's fragment after success; `503` and the fragment of the
///   restored state with the error in it after failure.
/// - Unknown user `404`; a missing or invalid field `400`; a viewer whose id is the user's own `403` (no
///   one follows themselves). None of them changes anything.
/// - `X-Simulate-Failure: always` or `never` forces the service's outcome for that tap.
extension FollowButton {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = SourceFile.path(#filePath)
    public static let tapPath = "/components/follow/tap"
    static let failureMessage = "Your follow couldn't be saved, so it was undone. Please try again."

    /// A follow button for `uid` that handles its own tap.
    ///
    /// - Parameters:
    ///   - uid: The person the button follows.
    ///   - following: Whether the viewer follows them now; the tap asks for the opposite.
    ///   - followers: The followers shown.
    ///   - returnTo: Where a tap from a plain form submission comes back to (a local path).
    ///   - busy: A tap is in flight and `following`/`followers` are its optimistic state.
    ///   - animated: Play the follow animation (after a follow was saved).
    ///   - message: An error to announce.
    public static func selfManaged(
        uid: String,
        following: Bool,
        followers: Int,
        returnTo: String? = nil,
        busy: Bool = false,
        animated: Bool = false,
        message: String? = nil
    ) -> FollowButton {
        FollowButton(
            following: following,
            followers: followers,
            animated: animated,
            busy: busy,
            message: message,
            action: .toggle(
                path: tapPath, target: .init("uid", uid), state: "following", isOn: following, returnTo: returnTo)
        )
    }

    /// The button as `viewer` should see it now: the optimistic state while their tap is in flight, and,
    /// once, the outcome of their last plain-form tap. `nil` for an unknown user, and for the user
    /// themselves (no one follows themselves).
    public static func selfManaged(
        uid: String,
        viewer: Viewer,
        follows: ToggleStore,
        returnTo: String? = nil
    ) -> FollowButton? {
        guard isOffered(uid, to: viewer), let shown = follows.presentation(uid, viewer: viewer) else { return nil }
        return selfManaged(uid: uid, shown: shown, returnTo: returnTo)
    }

    /// The button showing `shown`, what `ToggleStore.presentation` found for a viewer.
    public static func selfManaged(
        uid: String, shown: ToggleStore.Presentation, returnTo: String? = nil
    ) -> FollowButton {
        selfManaged(
            uid: uid, following: shown.state.isOn, followers: shown.state.count, returnTo: returnTo, busy: shown.busy,
            animated: shown.animated, message: shown.message)
    }

    /// Whether `viewer` is offered a button to follow `uid`: everyone but `uid` themselves.
    public static func isOffered(_ uid: String, to viewer: Viewer) -> Bool {
        Viewer(id: uid) != viewer
    }

    /// The route that handles every self-managed follow button's tap.
    public struct SelfManagedRoutes: RouteCollection {
        let toggle: OptimisticToggle
        let service: any FollowService
        let navigator: any Navigator

        /// - Parameter navigator: Where a tap without a usable `return_to` lands: the user's profile.
        public init(follows: ToggleStore, service: any FollowService, navigator: any Navigator, events: TapEventLog) {
            self.toggle = OptimisticToggle(
                component: "FollowButton", stateName: "following", store: follows, events: events,
                failureMessage: FollowButton.failureMessage)
            self.service = service
            self.navigator = navigator
        }

        public func addRoutes(to routes: inout RouteGroup) {
            routes.add(
                .post, FollowButton.tapPath, documentation: Self.documentation,
                handler: RouteHandler { request in try self.handleTap(request) })
        }

        /// The fields a tap takes (built once, not per tap).
        static let tapFields: Set<String> = ["uid", "following", "return_to"]

        static var documentation: RouteDocumentation {
            var documentation = OptimisticToggle.documentation(
                summary: "Tap a follow button: follow or unfollow a person, optimistically, with rollback on failure",
                service: "follow", target: (name: "uid", description: "The person to follow.", example: "ada"),
                state: "following", fallback: "the user's profile", notFound: "There is no user with that uid.")
            documentation.responses.append(.htmlError(403, "The viewer is the user: no one follows themselves."))
            return documentation
        }

        func handleTap(_ request: HTTPRequest) throws -> HTTPOutcome {
            let form = try request.formFields().taking(only: Self.tapFields)
            guard let uid = form["uid"], !uid.isEmpty else {
                throw HTTPError(.badRequest, "The follow tap needs a uid field naming the person to follow.")
            }
            guard let following = form["following"].flatMap(Bool.init) else {
                throw HTTPError(
                    .badRequest, "The following field must be true or false: the state wanted after the tap.")
            }
            let forced = try request.forcedOutcome()
            guard toggle.store.contains(uid), let profile = navigator.profileDestination(for: uid) else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            let viewer = request.viewer
            guard Viewer(id: uid) != viewer else {
                throw HTTPError(.forbidden, "You cannot follow yourself: the viewer \(viewer) is that user.")
            }
            let returnTo = form["return_to"].map { LocalPath.validated($0, fallback: profile) }
            let tap = OptimisticToggle.Tap(
                key: ToggleStore.Key(viewer: viewer, target: uid), desired: following, forced: forced,
                returnTo: returnTo ?? profile, wantsFragment: request.wantsFragment)
            return toggle.handle(tap) { [service] in
                try await service.send(
                    FollowRequest(uid: uid, viewer: viewer, following: following, forcedOutcome: forced))
            } render: { result in
                FollowButton.selfManaged(
                    uid: uid, following: result.committed.isOn, followers: result.committed.count,
                    returnTo: returnTo, animated: result.animated, message: result.message
                ).renderedBytes
            }
        }
    }
}
