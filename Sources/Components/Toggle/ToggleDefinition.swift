import HTML
import HTTPCore

/// Everything the kit needs to know of a toggle component (a like button, a follow button, yours) to
/// handle its tap: its name, its fields, its texts and how it renders. The route, the field checks, the
/// service call, the event, the one-time message and the OpenAPI description come from the kit
/// (`ToggleRoutes`, `OptimisticToggle`).
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
    /// Where a tap without a usable `return_to` lands.
    public typealias ReturnPath = Components.ReturnPath

    /// A reason some viewers may not tap some targets (no one follows themselves): the message of the
    /// `403`, or `nil` when the tap is allowed.
    public struct Refusal: Sendable {
        /// The `403`'s description in the docs.
        public var description: String
        public var message: @Sendable (_ target: String, _ viewer: Viewer) -> String?

        public init(description: String, message: @escaping @Sendable (_ target: String, _ viewer: Viewer) -> String?) {
            self.description = description
            self.message = message
        }
    }

    /// What the live region says when a tap's answer arrives: the state it shows.
    public struct Announcements: Sendable, Equatable {
        /// Said when the answer shows the state on: `Liked`.
        public var on: String
        /// Said when it shows the state off: `Unliked`.
        public var off: String

        public init(on: String, off: String) {
            self.on = on
            self.off = off
        }

        /// From the state field's name: `starred` → "Starred" and "Not starred".
        public init(state: String) {
            self.init(on: state.prefix(1).uppercased() + state.dropFirst(), off: "Not " + state)
        }

        /// The text for a state that is on or off.
        public func text(isOn: Bool) -> String {
            isOn ? on : off
        }
    }

    /// The catalogue name, in URLs: `/components/{name}`, the tap at `/components/{name}/tap`.
    public var name: String {
        didSet {
            tapPath = Self.tapPath(name)
            forgetOptimisticMarkup()
        }
    }
    /// The type's name in the event log: `LikeButton`.
    public var title: String
    public var target: TapTarget { didSet { forgetOptimisticMarkup() } }
    /// The field holding the state wanted after the tap: `liked`.
    public var state: String { didSet { forgetOptimisticMarkup() } }
    /// The service's name in prose (`like`): the catalogue name unless said otherwise.
    public var service: String
    /// One line for the docs: what a tap does.
    public var summary: String
    /// What the component shows, and announces, after a tap that could not be saved.
    public var failureMessage: String
    /// What is announced when an answer shows a state (a failure announces `failureMessage`).
    public var announcements: Announcements
    public var returnPath: ReturnPath
    public var refusal: Refusal?
    /// The component for `target` showing `shown`; a tap without script comes back to `returnTo`.
    public var render:
        @Sendable (_ target: String, _ shown: ToggleStore.Presentation, _ returnTo: String?) -> any HTMLComponent
    {
        didSet { forgetOptimisticMarkup() }
    }
    /// The optimistic markup of this toggle's roots, by what each is rendered from: made by `render` and
    /// the fields above, so a definition changed in any of them starts a memo of its own.
    private var optimisticMemo = OptimisticMemo<RootInputs>()

    private mutating func forgetOptimisticMarkup() {
        optimisticMemo = OptimisticMemo()
    }

    public init(
        name: String,
        title: String,
        target: TapTarget,
        state: String,
        service: String? = nil,
        summary: String,
        failureMessage: String,
        announcements: Announcements? = nil,
        returnPath: ReturnPath,
        refusal: Refusal? = nil,
        render:
            @escaping @Sendable (_ target: String, _ shown: ToggleStore.Presentation, _ returnTo: String?) ->
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
        self.announcements = announcements ?? Announcements(state: state)
        self.returnPath = returnPath
        self.refusal = refusal
        self.render = render
    }

    /// The form a self-managed root of this toggle posts: its tap, for `target`, asking for the state
    /// opposite to `isOn`.
    public func action(target: String, isOn: Bool, returnTo: String?) -> TapAction {
        .toggle(path: tapPath, target: .init(self.target.field, target), state: state, isOn: isOn, returnTo: returnTo)
    }

    /// The self-managed root for `target` showing `shown`: `render`'s component, carrying the optimistic
    /// state a tap shows at once (the state toggled, busy, and animated when it turns on), rendered by the
    /// same `render` (see `SelfManaged`).
    public func selfManaged(_ target: String, shown: ToggleStore.Presentation, returnTo: String?) -> SelfManaged {
        optimisticMemo.root(
            key: name + " " + target, committed: render(target, shown, returnTo),
            by: RootInputs(target: target, presentation: shown, returnTo: returnTo)
        ) { [render] in render(target, shown.optimisticNext, returnTo) }
    }

    /// What a self-managed root of this toggle is rendered from.
    public struct RootInputs: Hashable, Sendable {
        var target: String
        var presentation: ToggleStore.Presentation
        var returnTo: String?
    }

    /// `/components/{name}/tap`, made once (every render's form posts to it).
    public private(set) var tapPath: String

    static func tapPath(_ name: String) -> String {
        "/components/" + name + "/tap"
    }

    /// The fields a tap takes.
    public var tapFields: Set<String> {
        [target.field, state, "return_to"]
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
