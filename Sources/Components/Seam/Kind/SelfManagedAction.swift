import HTTPCore

/// One thing a viewer can do to a self-managed component: a form `POST /components/{name}/{action}`.
/// It names its fields, decodes them into a change of the model (the field checks are its own `400`s),
/// says what a form of it shows at once, and describes a change in the component's words. The kit brings
/// the rest: the route, the target's checks, the optimistic flow, the service call, the event, the
/// answers, the docs.
///
/// ```swift
/// SelfManagedAction<Ratings>(
///     "rate", fields: [ActionField("stars", .integer(minimum: 0, maximum: 5), "The stars given; 0 clears.")],
///     decode: { input in .change(try input.integer("stars", in: 0...5, meaning: "the stars given")) },
///     optimistic: { shown, form in Int(form["stars"] ?? "").map { shown.rated($0) } },
///     describe: { stars in [("stars", .int(stars))] })
/// ```
public struct SelfManagedAction<Model: SelfManagedModel>: Sendable {
    /// What a form decodes to.
    public enum Decision: Sendable {
        /// A change to make.
        case change(Model.Change)
        /// The input is refused as it is (a `422`: a comment's empty text): nothing is sent or stored, the
        /// event is `rejected` (with `details`, in the component's words), and the component shows `flash`
        /// (the text as typed and `problem`).
        case rejected(problem: String, flash: Model.Flash, details: [(String, JSONValue)] = [])
    }

    /// The name in the route: `rate` in `/components/rating/rate`.
    public var name: String
    /// The fields it takes besides the target's and `return_to`.
    public var fields: [ActionField]
    /// Whether it acts on a target named by the definition's target field (else on the target `""`).
    package var needsTarget: Bool
    /// Fields whose text the action checks itself, control characters included (a comment's text, which
    /// a `422` answers, not a `400`).
    package var checksItsOwnText: Set<String>
    /// The change the fields ask for.
    package var decode: @Sendable (ActionInput) throws(HTTPError) -> Decision
    /// What a form of this action shows at once, from what the component shows and the form's hidden
    /// fields (known when it is rendered); `nil` when it shows nothing before the answer.
    package var optimistic: @Sendable (Model.Presentation, FormFields) -> Model.Presentation?
    /// The change in the component's words, as JSON members: the service request's description, and
    /// members of the event (`[("stars", .int(4))]`).
    package var describe: @Sendable (Model.Change) -> [(String, JSONValue)]
    /// The route's OpenAPI description, when the kit's own (made from the fields) is not enough.
    package var documentation: RouteDocumentation?
    /// Where a tap leads, for an action that navigates (an avatar's): a local path for the target, or
    /// `nil` when there is no such target (`404`). Such an action changes nothing and decodes nothing: it
    /// answers `303` (`200` with `HX-Redirect` with `HX-Request`) and records the event `redirected`.
    package var destination: (@Sendable (_ target: String) -> String?)?

    /// An action named `name` (the route `POST /components/{component}/{name}`) that takes `fields`, on the
    /// target the definition's field names unless `needsTarget` is `false` (then on `""`); it checks the
    /// text of `checksItsOwnText` itself. `decode` makes the change, `optimistic` what a form shows at once
    /// (`nil`: nothing before the answer), `describe` the change's words, and `documentation` replaces the
    /// kit's OpenAPI description (`nil`: the kit's).
    public init(
        _ name: String, fields: [ActionField] = [], needsTarget: Bool = true, checksItsOwnText: Set<String> = [],
        decode: @escaping @Sendable (ActionInput) throws(HTTPError) -> Decision,
        optimistic: @escaping @Sendable (Model.Presentation, FormFields) -> Model.Presentation?,
        describe: @escaping @Sendable (Model.Change) -> [(String, JSONValue)] = { _ in [] },
        documentation: RouteDocumentation? = nil
    ) {
        self.name = name
        self.fields = fields
        self.needsTarget = needsTarget
        self.checksItsOwnText = checksItsOwnText
        self.decode = decode
        self.optimistic = optimistic
        self.describe = describe
        self.documentation = documentation
    }

    /// An action that navigates: a tap on a target goes where `destination` says.
    package static func navigation(
        _ name: String, documentation: RouteDocumentation? = nil,
        to destination: @escaping @Sendable (_ target: String) -> String?
    ) -> SelfManagedAction {
        var action = SelfManagedAction(
            name, decode: { _ throws(HTTPError) in throw HTTPError(.badRequest, "A navigation changes nothing.") },
            optimistic: { _, _ in nil }, documentation: documentation)
        action.destination = destination
        return action
    }
}
