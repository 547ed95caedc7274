import HTML
import HTTPCore

/// Everything the kit needs to know of a comment box (a post's comments, a reply box of yours) to handle
/// its send: its name, its target, its texts, its limits and how it renders. A comment box is a
/// declaration on the kit's generic kind (`kind`, a `SelfManagedDefinition` over `CommentThreads` with
/// one action, `send`), from which the kit derives the route, the checks, the service call, the event,
/// the one-time message, the OpenAPI description and the rest.
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
    /// The catalogue name, in URLs: `/components/{name}`, the send at `/components/{name}/send`.
    public var name: String {
        didSet {
            sendPath = Self.sendPath(name)
            declare()
        }
    }
    /// The type's name in the event log: `CommentBox`.
    package var title: String { didSet { declare() } }
    package var target: TapTarget { didSet { declare() } }
    /// The service's name in prose (`comment`): the catalogue name unless said otherwise.
    package var service: String { didSet { declare() } }
    /// One line for the docs: what a send does.
    package var summary: String { didSet { declare() } }
    /// What the box shows, and announces, after a send the service could not save (the text is kept).
    package var failureMessage: String { didSet { declare() } }
    /// What is announced when a send committed.
    package var sentAnnouncement: String { didSet { declare() } }
    /// The most characters a comment has, as Swift counts `Character`s.
    package var maximumLength: Int { didSet { declare() } }
    /// The most comments a thread keeps; past it a send is `409`.
    package var capacity: Int { didSet { declare() } }
    package var returnPath: ReturnPath { didSet { declare() } }
    /// The box for `target` showing `shown`; a send without script comes back to `returnTo`.
    package var render: @Sendable (_ target: String, _ shown: Presentation, _ returnTo: String?) -> any HTMLComponent
    {
        didSet { declare() }
    }
    /// The comment box as the kit's generic kind declares it: made from the fields above, anew when any of
    /// them changes (so its kept roots are never those of another declaration).
    package private(set) var kind: SelfManagedDefinition<CommentThreads>

    /// A comment box named `name` in URLs and `title` in the event log, on targets the `target` field names:
    /// its `service` (the name unless given), `summary`, `failureMessage` and `sentAnnouncement`, the
    /// `maximumLength` of a comment and the `capacity` of a thread, where a send without a usable `return_to`
    /// lands (`returnPath`), and `render`, which draws the box in every state.
    public init(
        name: String,
        title: String,
        target: TapTarget,
        service: String? = nil,
        summary: String,
        failureMessage: String,
        sentAnnouncement: String = "Comment sent",
        maximumLength: Int = defaultMaximumLength,
        capacity: Int = defaultCapacity,
        returnPath: ReturnPath,
        render:
            @escaping @Sendable (_ target: String, _ shown: Presentation, _ returnTo: String?) ->
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
        self.kind = .undeclared
        declare()
    }

    /// The comment box on the generic kind: one action, `send`, whose text the box checks itself (a `422`
    /// for text it refuses) and whose key makes a repeat store nothing.
    private mutating func declare() {
        let (failureMessage, sentAnnouncement, maximumLength) = (
            self.failureMessage, self.sentAnnouncement, self.maximumLength
        )
        let send = SelfManagedAction<CommentThreads>(
            "send",
            fields: [
                ActionField(
                    Self.textField, .string(),
                    "The comment: not empty once trimmed, at most \(maximumLength) characters, no control "
                        + "characters but line breaks and tabs (else 422).", example: "Well said."),
                ActionField(
                    Self.keyField, .string(pattern: "^[A-Za-z0-9_-]{8,64}$", minLength: 8, maxLength: 64),
                    "An idempotency key, 8–64 of A–Z a–z 0–9 - _: the same key again stores no second comment.",
                    example: "k0123456789abcdef"),
            ],
            checksItsOwnText: [Self.textField],
            decode: { input throws(HTTPError) in
                let typed = try input.required(Self.textField, meaning: "the comment to send")
                guard let key = input[Self.keyField], CommentDraft.isValidKey(key) else {
                    throw HTTPError(
                        .badRequest,
                        "The key field must be 8–64 characters of A–Z a–z 0–9 - _: the idempotency key the "
                            + "composer carries.")
                }
                let text = CommentDraft.normalized(typed)
                if let problem = CommentDraft.problem(with: text, maximumLength: maximumLength) {
                    return .rejected(
                        problem: problem, flash: CommentFlash(text: text, message: problem, invalid: true),
                        details: [("textLength", .int(text.count))])
                }
                return .change(CommentDraft(text: text, key: key, at: input.now))
            },
            // A root's form carries no text (the client fills it in); the gallery's states give one.
            optimistic: { shown, form in shown.busy ? nil : shown.optimisticNext(sending: form[Self.textField]) },
            describe: { draft in [("textLength", .int(draft.text.count))] },
            documentation: documentation)
        let words = SelfManagedWords<CommentThreads>(
            failureMessage: failureMessage,
            announce: { _ in sentAnnouncement },
            describe: { thread in
                CommentThread.eventState(count: thread.comments.count + (thread.sending == nil ? 0 : 1))
            },
            flash: { draft, outcome in
                // Without script the page the 303 leads to shows the text and the error, once.
                outcome.succeeded ? nil : CommentFlash(text: draft.text, message: failureMessage, invalid: false)
            },
            recordsUnsentChanges: false)
        let declaration = {
            var copy = self
            copy.kind = .undeclared  // the scenarios need the fields, not the kind before this one
            return copy
        }()
        kind = SelfManagedDefinition(
            name: name, title: title, target: target, service: service, summary: summary, returnPath: returnPath,
            actions: [send], words: words,
            exampleChanges: { example, other in
                [
                    .init(
                        "send", target: example,
                        fields: [(Self.textField, "An example comment."), (Self.keyField, "example-key-1")])
                ]
                    + (other.map {
                        [
                            .init(
                                "send", target: $0,
                                fields: [(Self.textField, "Another example."), (Self.keyField, "example-key-2")])
                        ]
                    } ?? [])
            },
            scenarios: { target in
                declaration.returnPath.path(for: target).map { declaration.scenarios(target: target, returnPath: $0) }
                    ?? []
            },
            render: render)
    }

    /// The form field holding the text (the composer's `<textarea name="text">`).
    public static let textField = "text"
    /// The longest comment a box takes unless its definition says otherwise, in characters.
    public static let defaultMaximumLength = CommentDraft.defaultMaximumLength
    /// The most comments a thread keeps unless its definition says otherwise; past it a send is refused
    /// (`409`), so that memory stays bounded under a flood.
    public static let defaultCapacity = CommentThreads.defaultCapacity

    /// The composer's idempotency key on `target` for a viewer who sent `sent` comments there: the same in
    /// every render until one more of theirs commits (so a kept page and a fresh one agree, and a retry of a
    /// failed send reuses it), then new.
    public static func key(target: String, sent: Int) -> String {
        CommentThreads.key(target: target, sent: sent)
    }
    /// The form field holding the idempotency key.
    package static let keyField = "key"

    /// `/components/{name}/send`.
    package private(set) var sendPath: String

    static func sendPath(_ name: String) -> String {
        "/components/" + name + "/send"
    }

    /// The form a self-managed composer posts: its send, for `target`, with the composer's key as a hidden
    /// field (the text is the composer's own field, `textField`).
    public func action(target: String, key: String, returnTo: String?) -> TapAction {
        var fields = [NameValue(self.target.field, target), NameValue(Self.keyField, key)]
        if let returnTo {
            fields.append(NameValue("return_to", returnTo))
        }
        return TapAction(path: sendPath, fields: fields)
    }

    /// The self-managed root for `target` showing `shown`: `render`'s component, carrying the optimistic
    /// state a send shows at once (its comment at the end of the thread, the composer emptied and
    /// read-only), rendered by the same `render` (see `SelfManaged`).
    public func selfManaged(_ target: String, shown: Presentation, returnTo: String?) -> SelfManaged {
        kind.selfManaged(target, shown: shown, returnTo: returnTo)
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
                (
                    "X-Self-Managed-Kept: true",
                    "With HX-Request: a committed send's box holds the comments before it as one "
                        + "<template data-kept=\"N\"> with the last of them (the browser script puts its own back)."
                ),
                ("X-Simulate-Failure: always|never", "Force the \(service) service's outcome for this send."),
            ],
            documentation: documentation
        )
    }
}
