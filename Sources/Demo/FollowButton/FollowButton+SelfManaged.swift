import Components
import HTML
import HTTPCore

/// The self-managed follow button: configured with a user id, following and the follower count, it
/// handles its own tap like the like button does. It shows the change at once, sends it to the follow
/// service, and on failure returns to exactly the state it had before the tap (the kit's optimistic flow).
///
/// The tap is `POST /components/follow/tap` with fields `uid`, `following` (the state wanted after the
/// tap, so a repeated submit changes nothing) and optional `return_to` (anything but a local path falls
/// back to the user's profile), handled by the kit's generic routes from `toggle`, this
/// button's declaration. A viewer whose id is the user's own is refused with `403` (no one follows
/// themselves). Taps by one viewer on one user are applied in arrival order.
extension FollowButton {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = #filePath
    public static let tapPath = toggle.tapPath
    static let failureMessage = "Your follow couldn't be saved, so it was undone. Please try again."

    /// The follow button as a toggle: its fields, texts and rendering. The kit's generic routes handle
    /// its tap from this. A tap without a usable `return_to` lands on the user's profile.
    public static let toggle: ToggleDefinition = ToggleDefinition(
        name: "follow", title: "FollowButton",
        target: TapTarget("uid", noun: "user", purpose: "the person to follow", example: "ada"),
        state: "following",
        summary: "Tap a follow button: follow or unfollow a person, optimistically, with rollback on failure",
        failureMessage: failureMessage,
        announcements: (on: "Following", off: "Not following"),
        returnPath: .perTarget(description: "the user's profile") { AppNavigator.profilePath($0) },
        refusal: (
            description: "The viewer is the user: no one follows themselves.",
            message: { uid, viewer in
                isOffered(uid, to: viewer) ? nil : "You cannot follow yourself: the viewer \(viewer) is that user."
            }
        ),
        render: { uid, shown, returnTo in
            FollowButton(
                following: shown.state.isOn, followers: shown.state.count, animated: shown.animated,
                busy: shown.busy, message: shown.message,
                action: toggle.action(target: uid, isOn: shown.state.isOn, returnTo: returnTo))
        })

    /// The follow button as the app registers it: previews, the followers of each user in `baseCounts`
    /// (from people other than the app's viewers), and its tap.
    public static func module(_ context: ComponentContext, baseCounts: [String: Int]) -> ToggleModule {
        ToggleModule(
            toggle, preview: preview, baseCounts: baseCounts, styles: .file("FollowButton.css"), context: context)
    }

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
    ) -> SelfManaged {
        selfManaged(
            uid: uid,
            shown: ToggleDefinition.Presentation(
                state: ToggleState(isOn: following, count: followers), busy: busy, animated: animated,
                message: message),
            returnTo: returnTo)
    }

    /// The button as `viewer` should see it now: the optimistic state while their tap is in flight, and,
    /// once, the outcome of their last plain-form tap. `nil` for an unknown user, and for the user
    /// themselves (no one follows themselves).
    package static func selfManaged(
        uid: String,
        viewer: Viewer,
        follows: ToggleStore,
        returnTo: String? = nil
    ) -> SelfManaged? {
        guard isOffered(uid, to: viewer), let shown = follows.presentation(uid, viewer: viewer) else { return nil }
        return selfManaged(uid: uid, shown: shown, returnTo: returnTo)
    }

    /// The button showing `shown`, what `ToggleStore.presentation` found for a viewer.
    public static func selfManaged(
        uid: String, shown: ToggleDefinition.Presentation, returnTo: String? = nil
    ) -> SelfManaged {
        toggle.selfManaged(uid, shown: shown, returnTo: returnTo)
    }

    /// Whether `viewer` is offered a button to follow `uid`: everyone but `uid` themselves.
    public static func isOffered(_ uid: String, to viewer: Viewer) -> Bool {
        Viewer(id: uid) != viewer
    }
}
