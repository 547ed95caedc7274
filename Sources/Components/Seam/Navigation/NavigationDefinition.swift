import HTTPCore

/// Everything the kit needs to know of a component whose tap navigates (an avatar that opens a
/// profile): its name, its field, its words, and where a tap goes. It is a declaration on the kit's
/// generic kind (`kind(destination:)`, over `Stateless`), from which the kit derives the route, the field
/// check, the event and the answer (`303`, or `HX-Redirect` with `HX-Request`), given where each target
/// leads.
///
/// ```swift
/// let avatar = NavigationDefinition(
///     name: "avatar", title: "AvatarView",
///     target: TapTarget("uid", noun: "user", purpose: "the user whose profile to open", example: "ada"),
///     summary: "Tap an avatar: go to that person's profile",
///     destinationDescription: "the profile, /users/{uid}")
/// ```
public struct NavigationDefinition: Sendable {
    /// The catalogue name; the tap is `POST /components/{name}/tap`.
    public var name: String
    /// The type's name in the event log: `AvatarView`.
    package var title: String
    package var target: TapTarget
    /// One line for the docs: what a tap does.
    package var summary: String
    /// Where a tap goes, in prose for the docs: `the profile, /users/{uid}`.
    package var destinationDescription: String

    /// A navigation named `name` in URLs and `title` in the event log, on targets the `target` field names,
    /// with a `summary` and where a tap goes, in prose for the docs (`destinationDescription`).
    public init(name: String, title: String, target: TapTarget, summary: String, destinationDescription: String) {
        self.name = name
        self.title = title
        self.target = target
        self.summary = summary
        self.destinationDescription = destinationDescription
    }

    /// `/components/{name}/tap`.
    public var tapPath: String {
        "/components/" + name + "/tap"
    }

    /// The component on the generic kind: one action, `tap`, that leads to `destination(target)`.
    package func kind(destination: @escaping @Sendable (String) -> String?) -> SelfManagedDefinition<Stateless> {
        var kind = SelfManagedDefinition<Stateless>.undeclared
        kind.name = name
        kind.title = title
        kind.service = name
        kind.target = target
        kind.summary = summary
        kind.actions = [.navigation("tap", documentation: documentation, to: destination)]
        kind.exampleChanges = { example, _ in [.init("tap", target: example, fields: [])] }
        kind.scenarios = { [self] target in destination(target).map { scenarios(target: target, destination: $0) } ?? []
        }
        return kind
    }

    /// The OpenAPI description of the tap route.
    package var documentation: RouteDocumentation {
        RouteDocumentation(
            summary, tags: ["Components"],
            parameters: [
                .header("HX-Request", .string(), "true from script: answer 200 with HX-Redirect; else as without it."),
                Viewer.cookieParameter,
            ],
            form: [
                .field(target.field, .text(minLength: 1), required: true, target.sentence, example: target.example)
            ],
            responses: [
                .seeOther("To \(destinationDescription) (without HX-Request)."),
                .init(
                    200, "With HX-Request: true, no body; HX-Redirect names where to go.",
                    headers: [.init("HX-Redirect", required: true, .string(), "The page to navigate to.")]),
                .badField, .htmlError(404, "There is no \(target.noun) with that id."), .unsupportedForm,
            ])
    }

    /// The tap as the catalogue lists it, for people who test over HTTP.
    ///
    /// - Parameters:
    ///   - summary: One line in the component's own words: what a tap does and answers.
    ///   - exampleBody: A form body that works against the demo data.
    public func previewAction(summary: String, exampleBody: String) -> PreviewAction {
        PreviewAction(
            path: tapPath, summary: summary, fields: [PreviewAction.Field(target.field, target.sentence)],
            exampleBody: exampleBody, headers: [("HX-Request: true", "Answer 200 with HX-Redirect instead of a 303.")],
            documentation: documentation)
    }
}
