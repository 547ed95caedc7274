import Basics
import Components
import HTML
import HTTPCore

/// The self-managed avatar: configured with a picture, a VIP status and a user id, it handles its own
/// tap by navigating to that user's profile. No cell or page passes the tap anywhere.
///
/// The tap is `POST /components/avatar/tap` with field `uid`, handled by the kit's generic routes from
/// `navigation`, this avatar's declaration: it asks the `Navigator` for the profile and answers `303 See
/// Other` with `Location: /users/{uid}`; with `HX-Request: true` it answers `200` with `HX-Redirect`
/// instead. A missing `uid` is `400`, an unknown user `404`.
extension AvatarView {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = #filePath
    public static let tapPath = navigation.tapPath

    /// An avatar that takes the viewer to `uid`'s profile when tapped.
    ///
    /// - Parameters:
    ///   - imageURL: The picture; see `AvatarImageSource` for what is allowed.
    ///   - vip: The badge to show.
    ///   - uid: Whose avatar this is.
    ///   - displayName: The accessible name of the picture; the user id when not given.
    ///   - size: How large to draw it.
    public static func selfManaged(
        imageURL: String?,
        vip: VIPStatus,
        uid: String,
        displayName: String? = nil,
        size: Size = .regular
    ) -> AvatarView {
        AvatarView(
            imageURL: imageURL,
            vip: vip,
            displayName: displayName ?? uid,
            size: size,
            action: TapAction(path: tapPath, fields: [.init("uid", uid)])
        )
    }

    /// The avatar as a navigating component: its field and words. The kit's generic routes handle
    /// its tap from this, asking the app's `Navigator` where each user's profile is.
    public static let navigation = NavigationDefinition(
        name: "avatar", title: "AvatarView",
        target: TapTarget("uid", noun: "user", purpose: "the user whose profile to open", example: "ada"),
        summary: "Tap an avatar: go to that person's profile",
        destinationDescription: "the profile, /users/{uid}")

    /// The avatar as the app registers it: previews and its tap, which goes where `navigator` says.
    public static func module(_ context: ComponentContext, navigator: any Navigator) -> NavigationModule {
        NavigationModule(navigation, preview: preview, styles: .file("AvatarView.css"), context: context) {
            navigator.profileDestination(for: $0)
        }
    }
}
