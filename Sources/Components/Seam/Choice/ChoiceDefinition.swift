import HTML
import HTTPCore

/// Everything the kit needs to know of a choice component (a star rating, a poll, yours): its name, its
/// field and options, its texts and how it renders. A choice is a declaration on the kit's generic kind
/// (a `SelfManagedDefinition` with one action, over a model the kit keeps), from which the kit derives the
/// route, the field checks, the service call, the event, the one-time message and the rest. Each option
/// is a form of its own, and each shows its own state at once.
///
/// ```swift
/// static let poll: ChoiceDefinition = ChoiceDefinition(
///     name: "poll", title: "Poll", action: "vote",
///     target: TapTarget("question", noun: "question", purpose: "the question to answer", example: "q1"),
///     field: "answer", options: ["yes", "no"], summary: "Answer a question",
///     failureMessage: "Your vote couldn't be saved.", returnPath: .fixed("/"),
///     render: { question, shown, returnTo in Poll(…) { option in poll.form(question, choosing: option, in: shown, returnTo: returnTo) } })
/// ```
public struct ChoiceDefinition: Sendable {
    /// The choice on the kit's generic kind.
    package let kind: SelfManagedDefinition<Choices>
    /// The field holding the option chosen: `stars`.
    package let field: String
    /// The options a viewer chooses among, in order.
    package let options: [String]
    /// The field's value that takes the viewer's choice back: `0` for a rating.
    package let none: String

    /// - Parameters:
    ///   - action: The action's name in its route, `POST /components/{name}/{action}`.
    ///   - none: The field's value that takes the viewer's choice back (a tap on the option they chose sends
    ///     it).
    ///   - announce: What the live region says of the committed choice (`nil`: none).
    ///   - state: The state endpoint's answer, in place of the kit's (`{"target", "choice", "counts", "pending"}`).
    public init(
        name: String, title: String, action: String = "choose", target: TapTarget, field: String, options: [String],
        none: String = "", summary: String, failureMessage: String,
        announce: @escaping @Sendable (_ chosen: String?) -> String = { $0 ?? "No choice" },
        returnPath: ReturnPath,
        state: (@Sendable (_ shown: Shown, _ target: String, _ pending: Bool) -> JSONValue)? = nil,
        render:
            @escaping @Sendable (_ target: String, _ shown: Presentation, _ returnTo: String?) ->
            any HTMLComponent
    ) {
        self.field = field
        self.options = options
        self.none = none
        let meaning = "one of \(options.joined(separator: ", ")), or \(none.isEmpty ? "empty" : none) for none"
        let choose = SelfManagedAction<Choices>(
            action,
            fields: [
                ActionField(
                    field, .string(enum: options + [none]), "The option chosen: \(meaning).", example: options.first)
            ],
            decode: { input throws(HTTPError) in
                let value = try input.required(field, meaning: meaning)
                guard value == none || options.contains(value) else {
                    throw HTTPError(.badRequest, "The \(field) field must be \(meaning).")
                }
                return .change(value == none ? nil : value)
            },
            optimistic: { shown, form in
                form[field].map { .init(shown: shown.shown.choosing($0 == none ? nil : $0), busy: true) }
            },
            describe: { [(field, $0.map(JSONValue.string) ?? .null)] })
        var kind = SelfManagedDefinition(
            name: name, title: title, target: target, summary: summary, returnPath: returnPath, actions: [choose],
            words: SelfManagedWords(
                failureMessage: failureMessage, announce: { announce($0.chosen) },
                describe: { shown in
                    EventState(
                        text: "\(field) \(shown.chosen ?? none), \(shown.total) in all",
                        json: .object([
                            (field, shown.chosen.map(JSONValue.string) ?? .null), ("total", .int(shown.total)),
                        ]))
                },
                flash: { _, outcome in outcome.succeeded ? nil : failureMessage }),
            exampleChanges: { example, other in
                [
                    .init(action, target: example, fields: [(field, options.last ?? none)]),
                    .init(action, target: example, fields: [(field, none)]),
                ]
                    + (other.map { [.init(action, target: $0, fields: [(field, options.first ?? none)])] } ?? [])
            },
            render: render)
        kind.stateEndpoint = state
        self.kind = kind
    }

    /// The form a root posts for `option` on `target`: choosing it, or, when it is the viewer's choice in
    /// `shown`, taking that back.
    public func form(
        _ target: String, choosing option: String, in shown: Presentation, returnTo: String?
    )
        -> TapAction
    {
        kind.form(
            kind.actions[0].name, target: target,
            fields: [NameValue(field, option == shown.shown.chosen ? none : option)], returnTo: returnTo)
    }

    /// The self-managed root for `target` showing `shown` (see `SelfManagedDefinition.selfManaged`).
    public func selfManaged(_ target: String, shown: Presentation, returnTo: String?) -> SelfManaged {
        kind.selfManaged(target, shown: shown, returnTo: returnTo)
    }

    /// The choice's action described for the catalogue and the gallery: `summary`, and `exampleBody`, a form
    /// body that works against the base data.
    public func previewAction(summary: String, exampleBody: String) -> PreviewAction {
        kind.previewAction(kind.actions[0].name, summary: summary, exampleBody: exampleBody)
    }
}
