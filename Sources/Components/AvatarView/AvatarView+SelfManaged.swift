import Basics
import HTML
import HTTPCore

/// The self-managed avatar: configured with a picture, a VIP status and a user id, it handles its own
/// tap by navigating to that user's profile. No cell or page passes the tap anywhere.
///
/// The tap is `POST /components/avatar/tap` with field `uid`. The handler asks the `Navigator` for the
/// profile and answers `303 See Other` with `Location: /users/{uid}`; with `HX-Request: true` it answers
/// `200` with `HX-Redirect` instead. A missing `uid` is `400`, an unknown user `404`.
extension AvatarView {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = SourceFile.path(#filePath)
    public static let tapPath = "/components/avatar/tap"

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

    /// The route that handles the self-managed avatar's tap. Mount it once; every avatar uses it.
    public struct SelfManagedRoutes: RouteCollection {
        let navigator: any Navigator
        let events: TapEventLog

        public init(navigator: any Navigator, events: TapEventLog) {
            self.navigator = navigator
            self.events = events
        }

        public func addRoutes(to routes: inout RouteGroup) {
            routes.post(AvatarView.tapPath, Self.documentation) { request in try self.handleTap(request) }
        }

        static var documentation: RouteDocumentation {
            RouteDocumentation(
                "Tap an avatar: go to that person's profile", tags: ["Components"],
                parameters: [
                    .header(
                        "HX-Request", .string(), "true from script: answer 200 with HX-Redirect; else as without it."),
                    Viewer.cookieParameter,
                ],
                form: [
                    .field(
                        "uid", .text(minLength: 1), required: true, "The person whose avatar was tapped.",
                        example: "ada")
                ],
                responses: [
                    .seeOther("To the profile, /users/{uid} (without HX-Request)."),
                    .init(
                        200, "With HX-Request: true, no body; HX-Redirect names the profile.",
                        headers: [.init("HX-Redirect", required: true, .string(), "The profile to navigate to.")]),
                    .badField, .htmlError(404, "There is no user with that uid."), .unsupportedForm,
                ])
        }

        func handleTap(_ request: HTTPRequest) throws -> HTTPResponse {
            let started = ContinuousClock.now
            let form = try request.formFields().taking(only: ["uid"])
            guard let uid = form["uid"], !uid.isEmpty else {
                throw HTTPError(.badRequest, "The avatar tap needs a uid field naming the user whose profile to open.")
            }
            guard let destination = navigator.profileDestination(for: uid) else {
                throw HTTPError(.notFound, "There is no user with the id \(uid).")
            }
            events.record(
                TapEvent(
                    component: "AvatarView",
                    instance: uid,
                    viewer: request.viewer,
                    outcome: .redirected,
                    latencyMilliseconds: (ContinuousClock.now - started).wholeMilliseconds,
                    location: destination
                )
            )
            if request.wantsFragment {
                return HTTPResponse(status: .ok, headers: ["HX-Redirect": destination])
            }
            return .redirect(to: destination)
        }
    }
}
