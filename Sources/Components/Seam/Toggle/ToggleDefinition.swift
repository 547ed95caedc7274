import HTML
import HTTPCore

/// Everything the kit needs to know of a toggle component (a like button, a follow button, yours) to
/// handle its tap: its name, its fields, its texts and how it renders. A toggle is a declaration on the
/// kit's generic kind (`kind`, a `SelfManagedDefinition` over `Membership` with one action, `tap`), from
/// which the kit derives the route, the field checks, the service call, the event, the one-time message
/// and the rest.
///
/// ```swift
/// extension StarButton {
///     public static let toggle = ToggleDefinition(
///         name: "star", title: "StarButton",
///         target: TapTarget("repo", noun: "repository", purpose: "the repository to star", example: "r1"),
///         state: "starred", summary: "Tap a star button: star or unstar a repository",
///         failureMessage: "Your star couldn't be saved, so it was undone.",
///         returnPath: .fixed("/"),
///         render: { repo, shown, returnTo in StarButton.selfManaged(repo: repo, shown: shown, returnTo: returnTo) })
/// }
/// ```
public struct ToggleDefinition: Sendable {
    /// What the live region says when a tap's answer arrives: the state it shows.
    package struct Announcements: Sendable, Equatable {
        /// Said when the answer shows the state on: `Liked`.
        package var on: String
        /// Said when it shows the state off: `Unliked`.
        package var off: String

        /// Says `on` when an answer shows the state on, `off` when it shows it off.
        package init(on: String, off: String) {
            self.on = on
            self.off = off
        }

        /// From the state field's name: `starred` → "Starred" and "Not starred".
        package init(state: String) {
            self.init(on: state.prefix(1).uppercased() + state.dropFirst(), off: "Not " + state)
        }

        /// The text for a state that is on or off.
        package func text(isOn: Bool) -> String {
            isOn ? on : off
        }
    }

    /// The catalogue name, in URLs: `/components/{name}`, the tap at `/components/{name}/tap`.
    public var name: String {
        didSet {
            tapPath = Self.tapPath(name)
            declare()
        }
    }
    /// The type's name in the event log: `LikeButton`.
    package var title: String { didSet { declare() } }
    package var target: TapTarget { didSet { declare() } }
    /// The field holding the state wanted after the tap: `liked`.
    package var state: String { didSet { declare() } }
    /// The service's name in prose (`like`): the catalogue name unless said otherwise.
    package var service: String { didSet { declare() } }
    /// One line for the docs: what a tap does.
    package var summary: String { didSet { declare() } }
    /// What the component shows, and announces, after a tap that could not be saved.
    package var failureMessage: String { didSet { declare() } }
    /// What is announced when an answer shows a state (a failure announces `failureMessage`).
    package var announcements: Announcements { didSet { declare() } }
    package var returnPath: ReturnPath { didSet { declare() } }
    package var refusal: SelfManagedDefinition<Membership>.Refusal? { didSet { declare() } }
    /// The component for `target` showing `shown`; a tap without script comes back to `returnTo`.
    package var render: @Sendable (_ target: String, _ shown: Presentation, _ returnTo: String?) -> any HTMLComponent
    {
        didSet { declare() }
    }
    /// The toggle as the kit's generic kind declares it: made from the fields above, anew when any of
    /// them changes (so its kept roots are never those of another declaration).
    package private(set) var kind: SelfManagedDefinition<Membership>

    /// A toggle named `name` in URLs and `title` in the event log, on targets the `target` field names, whose
    /// `state` field asks for on or off: its `service` (the name unless given), `summary`, `failureMessage`,
    /// `announcements` (what the live region says when an answer shows the state on and off: `(on: "Liked",
    /// off: "Unliked")`; from `state` unless given: `Starred`, `Not starred`), where a tap without a usable
    /// `return_to` lands (`returnPath`), any `refusal` (`403`), and `render`, which draws every state.
    public init(
        name: String,
        title: String,
        target: TapTarget,
        state: String,
        service: String? = nil,
        summary: String,
        failureMessage: String,
        announcements: (on: String, off: String)? = nil,
        returnPath: ReturnPath,
        refusal: (description: String, message: @Sendable (_ target: String, _ viewer: Viewer) -> String?)? = nil,
        render:
            @escaping @Sendable (_ target: String, _ shown: Presentation, _ returnTo: String?) ->
            any HTMLComponent
    ) {
        self.name = name
        self.tapPath = Self.tapPath(name)
        self.title = title
        self.target = target
        self.state = state
        self.service = service ?? name
        self.summary = summary
        self.failureMessage = failureMessage
        self.announcements = announcements.map { Announcements(on: $0.on, off: $0.off) } ?? Announcements(state: state)
        self.returnPath = returnPath
        self.refusal = refusal.map { SelfManagedDefinition.Refusal(description: $0.description, message: $0.message) }
        self.render = render
        self.kind = .undeclared
        declare()
    }

    /// The toggle on the generic kind: one action, `tap`, whose `state` field asks for on or off.
    private mutating func declare() {
        let (state, failureMessage, announcements) = (self.state, self.failureMessage, self.announcements)
        let action = SelfManagedAction<Membership>(
            "tap",
            fields: [ActionField(state, .booleanText, "The state wanted after the tap.", example: "true")],
            decode: { input throws(HTTPError) in
                .change(try input.boolean(state, meaning: "the state wanted after the tap"))
            },
            optimistic: { shown, form in form[state] == String(!shown.state.isOn) ? shown.optimisticNext : nil },
            describe: { on in [(state, .bool(on))] },
            documentation: documentation)
        let words = SelfManagedWords<Membership>(
            failureMessage: failureMessage,
            announce: { announcements.text(isOn: $0.isOn) },
            describe: { $0.eventState(named: state) },
            flash: { on, outcome in
                // Without script the outcome waits for the page redirected to: a failure, or the animation of
                // a new "on".
                if !outcome.succeeded { return .failed(failureMessage) }
                return on && !outcome.prior.isOn ? .committed : nil
            })
        @Sendable func tap(_ target: String, _ on: Bool) -> SelfManagedDefinition<Membership>.ExampleChange {
            .init("tap", target: target, fields: [(state, String(on))])
        }
        let declaration = {
            var copy = self
            copy.kind = .undeclared  // the scenarios need the fields, not the kind before this one
            return copy
        }()
        kind = SelfManagedDefinition(
            name: name, title: title, target: target, service: service, summary: summary, returnPath: returnPath,
            refusal: refusal, actions: [action], words: words,
            exampleChanges: { example, other in
                [tap(example, true), tap(example, false)] + (other.map { [tap($0, true)] } ?? [])
            },
            scenarios: { declaration.scenarios(target: $0) }, render: render)
    }

    /// The form a self-managed root of this toggle posts: its tap, for `target`, asking for the state
    /// opposite to `isOn`.
    public func action(target: String, isOn: Bool, returnTo: String?) -> TapAction {
        .toggle(path: tapPath, target: .init(self.target.field, target), state: state, isOn: isOn, returnTo: returnTo)
    }

    /// The self-managed root for `target` showing `shown`: `render`'s component, carrying the optimistic
    /// state a tap shows at once (the state toggled, busy, and animated when it turns on), rendered by the
    /// same `render` (see `SelfManaged`).
    public func selfManaged(_ target: String, shown: Presentation, returnTo: String?) -> SelfManaged {
        kind.selfManaged(target, shown: shown, returnTo: returnTo, committed: render(target, shown, returnTo))
    }

    /// `/components/{name}/tap`, made once (every render's form posts to it).
    public private(set) var tapPath: String

    static func tapPath(_ name: String) -> String {
        "/components/" + name + "/tap"
    }

    /// The tap as the catalogue lists it, for people who test over HTTP.
    ///
    /// - Parameters:
    ///   - summary: One line in the component's own words: what a tap does and answers.
    ///   - exampleBody: A form body that works against the demo data.
    public func previewAction(summary: String, exampleBody: String) -> PreviewAction {
        PreviewAction(
            path: tapPath,
            summary: summary,
            fields: [
                PreviewAction.Field(target.field, target.sentence),
                PreviewAction.Field(state, "The state wanted after the tap: true or false (a repeat changes nothing)."),
                PreviewAction.Field(
                    "return_to", "A local path to return to; anything else means \(returnPath.description).",
                    required: false),
            ],
            exampleBody: exampleBody,
            headers: [
                ("HX-Request: true", "Answer 200 with the fragment, or 503 with the restored fragment and an alert."),
                ("X-Simulate-Failure: always|never", "Force the \(service) service's outcome for this tap."),
            ],
            documentation: documentation
        )
    }
}
