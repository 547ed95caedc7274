import HTML
import HTTPCore

/// Everything the kit needs to know of a comment box (a post's comments, a reply box of yours) to handle
/// its send: its name, its target, its texts, its limits and how it renders. The route, the checks, the
/// service call, the event, the one-time message and the OpenAPI description come from the kit
/// (`CommentRoutes`, over the optimistic core).
///
/// ```swift
/// extension ReplyBox {
///     public static let comments = CommentDefinition(
///         name: "reply", title: "ReplyBox",
///         target: TapTarget("issue", noun: "issue", purpose: "the issue to reply to", example: "i1"),
///         summary: "Send a reply to an issue", failureMessage: "Your reply couldn't be sent.",
///         returnPath: .fixed("/"),
///         render: { issue, shown, returnTo in ReplyBox(…, shown: shown, action: comments.action(…)) })
/// }
/// ```
public struct CommentDefinition: Sendable {
    /// Where a send without a usable `return_to` lands.
    public typealias ReturnPath = Components.ReturnPath

    /// The catalogue name, in URLs: `/components/{name}`, the send at `/components/{name}/send`.
    public var name: String {
        didSet {
            sendPath = Self.sendPath(name)
            forgetRenderedRoots()
        }
    }
    /// The type's name in the event log: `CommentBox`.
    public var title: String
    public var target: TapTarget { didSet { forgetRenderedRoots() } }
    /// The service's name in prose (`comment`): the catalogue name unless said otherwise.
    public var service: String
    /// One line for the docs: what a send does.
    public var summary: String
    /// What the box shows, and announces, after a send the service could not save (the text is kept).
    public var failureMessage: String
    /// What is announced when a send committed.
    public var sentAnnouncement: String
    /// The most characters a comment has, as Swift counts `Character`s.
    public var maximumLength: Int
    /// The most comments a thread keeps; past it a send is `409`.
    public var capacity: Int
    public var returnPath: ReturnPath
    /// The box for `target` showing `shown`; a send without script comes back to `returnTo`.
    public var render:
        @Sendable (_ target: String, _ shown: CommentStore.Presentation, _ returnTo: String?) -> any HTMLComponent
    {
        didSet { forgetRenderedRoots() }
    }
    /// This box's roots as rendered before, by what each is rendered from: made by `render` and the fields
    /// above, so a definition changed in any of them starts a memo of its own.
    private var renderedRoots = OptimisticMemo<RootInputs>()

    private mutating func forgetRenderedRoots() {
        renderedRoots = OptimisticMemo()
    }

    /// What a self-managed root of this box is rendered from.
    public struct RootInputs: Hashable, Sendable {
        var target: String
        var presentation: CommentStore.Presentation
        var returnTo: String?
    }

    public init(
        name: String,
        title: String,
        target: TapTarget,
        service: String? = nil,
        summary: String,
        failureMessage: String,
        sentAnnouncement: String = "Comment sent",
        maximumLength: Int = CommentDraft.defaultMaximumLength,
        capacity: Int = CommentStore.defaultCapacity,
        returnPath: ReturnPath,
        render:
            @escaping @Sendable (_ target: String, _ shown: CommentStore.Presentation, _ returnTo: String?) ->
            any HTMLComponent
    ) {
        self.name = name
        self.sendPath = Self.sendPath(name)
        self.title = title
        self.target = target
        self.service = service ?? name
        self.summary = summary
        self.failureMessage = failureMessage
        self.sentAnnouncement = sentAnnouncement
        self.maximumLength = maximumLength
        self.capacity = capacity
        self.returnPath = returnPath
        self.render = render
    }

    /// The form field holding the text (the composer's `<textarea name="text">`).
    public static let textField = "text"
    /// The form field holding the idempotency key.
    public static let keyField = "key"

    /// `/components/{name}/send`.
    public private(set) var sendPath: String

    static func sendPath(_ name: String) -> String {
        "/components/" + name + "/send"
    }

    /// The fields a send takes.
    public var sendFields: Set<String> {
        [target.field, Self.textField, Self.keyField, "return_to"]
    }

    /// The form a self-managed composer posts: its send, for `target`, with the composer's key as a hidden
    /// field (the text is the composer's own field, `textField`).
    public func action(target: String, key: String, returnTo: String?) -> TapAction {
        var fields = [TapAction.Field(self.target.field, target), TapAction.Field(Self.keyField, key)]
        if let returnTo {
            fields.append(TapAction.Field("return_to", returnTo))
        }
        return TapAction(path: sendPath, fields: fields)
    }

    /// The self-managed root for `target` showing `shown`: `render`'s component, carrying the optimistic
    /// state a send shows at once (its comment at the end of the thread, the composer emptied and
    /// read-only), rendered by the same `render` (see `SelfManaged`).
    public func selfManaged(_ target: String, shown: CommentStore.Presentation, returnTo: String?) -> SelfManaged {
        guard !shown.busy else {
            return SelfManaged(key: name + " " + target, committed: render(target, shown, returnTo), optimistic: nil)
        }
        return renderedRoots.root(
            key: name + " " + target, committed: render(target, shown, returnTo),
            by: RootInputs(target: target, presentation: shown, returnTo: returnTo)
        ) { [render] in render(target, shown.optimisticNext, returnTo) }
    }

    /// The send as the catalogue lists it, for people who test over HTTP.
    public func previewAction(summary: String, exampleBody: String) -> PreviewAction {
        PreviewAction(
            path: sendPath,
            summary: summary,
            fields: [
                PreviewAction.Field(target.field, target.sentence),
                PreviewAction.Field(
                    Self.textField,
                    "The comment: not empty once trimmed, at most \(maximumLength) characters, no control "
                        + "characters but line breaks and tabs (else 422)."),
                PreviewAction.Field(
                    Self.keyField,
                    "An idempotency key, 8–64 of A–Z a–z 0–9 - _: the same key again stores no second comment."),
                PreviewAction.Field(
                    "return_to", "A local path to return to; anything else means \(returnPath.description).",
                    required: false),
            ],
            exampleBody: exampleBody,
            headers: [
                ("HX-Request: true", "Answer 200 with the box, 503 with the text kept, or 422 with the problem."),
                ("X-Simulate-Failure: always|never", "Force the \(service) service's outcome for this send."),
            ],
            documentation: documentation
        )
    }
}
