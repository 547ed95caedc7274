import Basics
import Components
import HTML
import HTTPCore

/// The self-managed like button: configured with a post id, liked and count, it handles its own tap as
/// the essay describes. It shows the change at once (optimistically), sends it to the like service,
/// and on failure returns to exactly the state it had before the tap.
///
/// The tap is `POST /components/like/tap` with fields `post`, `liked` (the state wanted after the tap,
/// so a repeated submit changes nothing) and optional `return_to` (anything but a local path falls back
/// to `/feed`), handled by the kit's generic routes from `toggle`, this button's declaration. Taps by one
/// viewer on one post are applied in arrival order; others run concurrently.
extension LikeButton {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = #filePath
    /// Where a tap without a usable `return_to` lands.
    public static let defaultReturnPath = "/feed"
    static let failureMessage = "Your like couldn't be saved, so it was undone. Please try again."

    /// The like button as a toggle: its fields, texts and rendering. The kit's generic routes handle
    /// its tap from this.
    public static let toggle: ToggleDefinition = ToggleDefinition(
        name: "like", title: "LikeButton",
        target: TapTarget("post", noun: "post", purpose: "the post to like", example: "p1"),
        state: "liked",
        summary: "Tap a like button: like or unlike a post, optimistically, with rollback on failure",
        failureMessage: failureMessage,
        announcements: (on: "Liked", off: "Unliked"),
        returnPath: .fixed(defaultReturnPath),
        render: { post, shown, returnTo in
            LikeButton(
                elementID: elementID(forPost: post), liked: shown.state.isOn, count: shown.state.count,
                animated: shown.animated, busy: shown.busy, message: shown.message,
                action: toggle.action(target: post, isOn: shown.state.isOn, returnTo: returnTo))
        })

    public static let tapPath = toggle.tapPath

    /// The like button as the app registers it: previews, the likes of each post in `baseCounts` (from
    /// people other than the app's viewers), and its tap.
    public static func module(_ context: ComponentContext, baseCounts: [String: Int]) -> ToggleModule {
        ToggleModule(
            toggle, preview: preview, baseCounts: baseCounts, styles: .file("LikeButton.css"), context: context)
    }

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
    ) -> SelfManaged {
        selfManaged(
            post: post,
            shown: ToggleDefinition.Presentation(
                state: ToggleState(isOn: liked, count: count), busy: busy, animated: animated, message: message),
            returnTo: returnTo)
    }

    /// The button as `viewer` should see it now: the optimistic state while their tap is in flight,
    /// and, once, the outcome of their last plain-form tap. `nil` for an unknown post.
    package static func selfManaged(
        post: String,
        viewer: Viewer,
        likes: ToggleStore,
        returnTo: String? = nil
    ) -> SelfManaged? {
        likes.presentation(post, viewer: viewer).map { selfManaged(post: post, shown: $0, returnTo: returnTo) }
    }

    /// The button showing `shown`, what `ToggleStore.presentation` found for a viewer.
    public static func selfManaged(
        post: String, shown: ToggleDefinition.Presentation, returnTo: String? = nil
    ) -> SelfManaged {
        toggle.selfManaged(post, shown: shown, returnTo: returnTo)
    }
}
