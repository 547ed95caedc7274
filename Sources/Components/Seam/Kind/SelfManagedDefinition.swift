import Basics
import HTML
import HTTPCore

/// A self-managed component of any shape, declared once: its model, its actions, its words and its
/// rendering. From it the kit derives, for every action, the route `POST /components/{name}/{action}`,
/// the field checks (`400`), the unknown target (`404`), the refusal (`403`), the optimistic flow, the
/// service call, the event, the one-time message, the answers (`303`, or `200`/`503`/`422` with
/// `HX-Trigger`), the OpenAPI description, the catalogue's action, the example taps the kit's checks
/// send, default scenarios, the state endpoint and the state's persistence (`SelfManagedModule`).
///
/// Toggles (`ToggleDefinition`) and comment boxes (`CommentDefinition`) are declarations on it; so is a
/// kind of your own:
///
/// ```swift
/// static let rating = SelfManagedDefinition<Ratings>(
///     name: "rating", title: "StarRating",
///     target: TapTarget("post", noun: "post", purpose: "the post to rate", example: "p1"),
///     summary: "Rate a post from 1 to 5 stars", returnPath: .perTarget(description: "the post's page") { … },
///     actions: [rate], words: words,
///     render: { post, shown, returnTo in StarRating(…, action: { stars in rating.form("rate", …) }) })
/// ```
public struct SelfManagedDefinition<Model: SelfManagedModel>: Sendable {
    /// A reason some viewers may not change some targets (no one follows themselves): the message of the
    /// `403`, or `nil` when the change is allowed.
    public struct Refusal: Sendable {
        /// The `403`'s description in the docs.
        package var description: String
        package var message: @Sendable (_ target: String, _ viewer: Viewer) -> String?

        /// A refusal documented as `description` (the `403` in the API's docs), whose `message` says why
        /// `viewer` may not change `target`, or is `nil` when they may:
        /// `.init(description: "No one follows themselves.") { uid, viewer in uid == viewer.id ? "…" : nil }`.
        public init(
            description: String, message: @escaping @Sendable (_ target: String, _ viewer: Viewer) -> String?
        ) {
            self.description = description
            self.message = message
        }
    }

    /// A change the kit's checks make against the base data (`ComponentModule.exampleTaps`): an action, a
    /// target and the action's fields.
    public struct ExampleChange: Sendable {
        package var action: String
        package var target: String
        /// The action's form fields the example sends, as names and values, besides the target's.
        public var fields: [(String, String)]

        /// `action` on `target`, sending `fields` (names and values) besides the target's.
        public init(_ action: String, target: String, fields: [(String, String)]) {
            self.action = action
            self.target = target
            self.fields = fields
        }
    }

    /// The catalogue name, in URLs: `/components/{name}`, its actions at `/components/{name}/{action}`.
    public var name: String { didSet { forgetRenderedRoots() } }
    /// The type's name in the event log: `StarRating`.
    package var title: String
    package var target: TapTarget { didSet { forgetRenderedRoots() } }
    /// The service's name in prose (`rating`): the catalogue name unless said otherwise.
    package var service: String
    /// One line for the docs: what the component does.
    package var summary: String
    /// Where a change without a usable `return_to` lands.
    package var returnPath: ReturnPath
    package var refusal: Refusal?
    package var actions: [SelfManagedAction<Model>] { didSet { forgetRenderedRoots() } }
    package var words: SelfManagedWords<Model>
    /// The component for `target` showing `shown`; a change without script comes back to `returnTo`.
    package var render:
        @Sendable (_ target: String, _ shown: Model.Presentation, _ returnTo: String?) -> any HTMLComponent
    {
        didSet { forgetRenderedRoots() }
    }
    /// The changes the kit's checks make, on the example target and (when there is one) another.
    package var exampleChanges: @Sendable (_ example: String, _ other: String?) -> [ExampleChange]
    /// The kind's own default scenarios on a target, in place of the kit's (`defaultScenarios`).
    package var scenarios: (@Sendable (_ target: String) -> [Scenario])?
    /// The state endpoint's answer, in place of the model's (`SelfManagedModel.json`): a component's own
    /// words for a state of a kind it shares (a rating's stars and average, of a choice).
    package var stateEndpoint: (@Sendable (_ shown: Model.Shown, _ target: String, _ pending: Bool) -> JSONValue)?
    /// This component's roots as rendered before, by what each is rendered from.
    private var renderedRoots = OptimisticMemo<RootInputs>()

    private mutating func forgetRenderedRoots() {
        renderedRoots = OptimisticMemo()
    }

    /// Reports this component's kept roots in an app's caches (`roots/{name}`), and the process's counts of
    /// what roots left out for the browser (`held`, once: `HeldElementCounts.shared`).
    package func reportRenderedRoots(in caches: Caches) {
        renderedRoots.report(in: caches, as: "roots/" + name)
        HeldElementCounts.shared.report(in: caches, as: "held")
    }

    /// Whether any action changes state: a component all of whose actions navigate keeps none (an avatar),
    /// and answers no fragment.
    package var keepsState: Bool {
        actions.contains { $0.destination == nil }
    }

    /// What a self-managed root is rendered from.
    struct RootInputs: Hashable, Sendable {
        var target: String
        var presentation: Model.Presentation
        var returnTo: String?
    }

    /// A component named `name` in URLs and `title` in the event log, on targets the `target` field names:
    /// its `service` (in prose; the name unless given), `summary`, where a change without a usable `return_to`
    /// lands (`returnPath`), any `refusal` (`403`), its `actions` and `words`, the `exampleChanges` the kit's
    /// checks make, its own default `scenarios` (`nil`: the kit's), and `render`, which draws the component
    /// for a target in every state.
    public init(
        name: String, title: String, target: TapTarget, service: String? = nil, summary: String,
        returnPath: ReturnPath, refusal: Refusal? = nil, actions: [SelfManagedAction<Model>],
        words: SelfManagedWords<Model>,
        exampleChanges: @escaping @Sendable (_ example: String, _ other: String?) -> [ExampleChange],
        scenarios: (@Sendable (_ target: String) -> [Scenario])? = nil,
        render:
            @escaping @Sendable (_ target: String, _ shown: Model.Presentation, _ returnTo: String?) ->
            any HTMLComponent
    ) {
        self.name = name
        self.title = title
        self.target = target
        self.service = service ?? name
        self.summary = summary
        self.returnPath = returnPath
        self.refusal = refusal
        self.actions = actions
        self.words = words
        self.exampleChanges = exampleChanges
        self.scenarios = scenarios
        self.render = render
    }

    /// `/components/{name}/{action}`.
    public func path(of action: String) -> String {
        "/components/" + name + "/" + action
    }

    /// The action named `name`, if the component has it.
    package func action(named name: String) -> SelfManagedAction<Model>? {
        actions.first { $0.name == name }
    }

    /// The form a root posts for `action` on `target`: the target's field, `fields` and, when given,
    /// `return_to`, as hidden inputs.
    public func form(_ action: String, target: String, fields: [NameValue] = [], returnTo: String?) -> TapAction {
        var all: [NameValue] = []
        all.reserveCapacity(fields.count + 2)
        all.append(NameValue(self.target.field, target))
        all += fields
        if let returnTo {
            all.append(NameValue("return_to", returnTo))
        }
        return TapAction(path: path(of: action), fields: all)
    }

    /// The self-managed root for `target` showing `shown`: `render`'s component, carrying what each of its
    /// forms shows at once, rendered by the same `render` from what the form's action says
    /// (`SelfManagedAction.optimistic`): with one form, the one state (`data-optimistic`); with several,
    /// a state per form (`data-optimistic-options`; see `SelfManaged`).
    public func selfManaged(_ target: String, shown: Model.Presentation, returnTo: String?) -> SelfManaged {
        selfManaged(target, shown: shown, returnTo: returnTo, committed: render(target, shown, returnTo))
    }

    /// The same, with `render`'s component for `shown` made by the caller (a declaration on the kind that
    /// holds `render` with its own types calls it directly).
    package func selfManaged(
        _ target: String, shown: Model.Presentation, returnTo: String?,
        committed: @autoclosure () -> any HTMLComponent
    ) -> SelfManaged {
        if let rendering = PreviewStateRendering.current,
            let staged = presentation(shown, target: target, returnTo: returnTo, in: rendering.state)
        {
            rendering.noteDrawn()
            return root(target, shown: staged, returnTo: returnTo, committed: render(target, staged, returnTo))
        }
        return root(target, shown: shown, returnTo: returnTo, committed: committed())
    }

    /// The root, from its bytes when the same inputs were rendered before: then `committed` (which may
    /// cost as much as a thread's entries) is not made.
    private func root(
        _ target: String, shown: Model.Presentation, returnTo: String?,
        committed: @autoclosure () -> any HTMLComponent
    ) -> SelfManaged {
        let key = name + " " + target
        return renderedRoots.root(
            key: key, committed: committed, by: RootInputs(target: target, presentation: shown, returnTo: returnTo)
        ) {
            { [render, actions, name] now in
                Self.optimism(
                    of: now, target: target, shown: shown, returnTo: returnTo, name: name, actions: actions,
                    render: render)
            }
        }
    }

    /// `shown` as a tap on the root's first form of this component that shows something at once leads to
    /// (`PreviewState`): what it shows at once, or the answer after a commit or a rollback, from its
    /// action's decoded change and the component's words. The form's fields it does not hide (a comment's
    /// text) take their examples. `nil` when no form shows anything at once, or its fields make no change.
    private func presentation(
        _ shown: Model.Presentation, target: String, returnTo: String?, in state: PreviewState
    ) -> Model.Presentation? {
        guard state != .shown else { return shown }
        let forms = render(target, shown, returnTo).renderedBytes.withUnsafeBufferPointer { HTMLForms.find(in: $0) }
        for (action, form) in Self.ours(forms, name: name, actions: actions) {
            var fields = Self.hiddenFields(form)
            for field in action.fields where fields[field.name] == nil {
                if let example = field.example { fields.append(field.name, example) }
            }
            guard let optimistic = action.optimistic(shown, fields) else { continue }
            if state == .optimistic { return optimistic }
            let input = ActionInput(
                form: fields, target: target, viewer: .anonymous, action: title + " " + action.name,
                clock: { Timestamp(millisecondsSince1970: 0) })
            guard case .change(let change)? = try? action.decode(input) else { continue }
            let prior = Model.committed(shown)
            let after = Model.committed(optimistic)
            let succeeded = state == .committed
            let outcome = SelfManagedOutcome<Model>(
                prior: prior, optimistic: after, committed: succeeded ? after : prior, succeeded: succeeded,
                sent: true)
            return Model.present(
                succeeded ? after : prior, busy: false, flash: words.flash(change, outcome), target: target)
        }
        return nil
    }

    /// The forms among `forms` that post to one of `actions` of the component `name`, with their action.
    private static func ours(
        _ forms: [HTMLForms.Form], name: String, actions: [SelfManagedAction<Model>]
    ) -> [(action: SelfManagedAction<Model>, form: HTMLForms.Form)] {
        let prefix = "/components/" + name + "/"
        return forms.compactMap { form in
            guard form.action.hasPrefix(prefix) else { return nil }
            // By bytes: the prefix's length is its UTF-8 count, not a count of its characters.
            let action = Substring(form.action.utf8.dropFirst(prefix.utf8.count))
            return actions.first { $0.name == action }.map { ($0, form) }
        }
    }

    /// A form's hidden fields but `return_to`: what its action's `optimistic` reads.
    private static func hiddenFields(_ form: HTMLForms.Form) -> FormFields {
        FormFields(form.hidden.filter { $0.name != "return_to" }.map { NameValue(name: $0.name, value: $0.value) })
    }

    /// What the forms in `now` (a root's render) show at once.
    private static func optimism(
        of now: UnsafeBufferPointer<UInt8>, target: String, shown: Model.Presentation, returnTo: String?, name: String,
        actions: [SelfManagedAction<Model>],
        render: @Sendable (String, Model.Presentation, String?) -> any HTMLComponent
    ) -> SelfManaged.PerForm {
        func ours(_ forms: [HTMLForms.Form]) -> [(action: SelfManagedAction<Model>, form: HTMLForms.Form)] {
            Self.ours(forms, name: name, actions: actions)
        }
        func optimistic(_ action: SelfManagedAction<Model>, _ form: HTMLForms.Form) -> [UInt8]? {
            action.optimistic(shown, hiddenFields(form)).map { render(target, $0, returnTo).renderedBytes }
        }
        // A root that shows what a browser could hold (a thread's comments) finds its one state from short
        // renders that leave that out, renumbered for the whole: a page's box then costs one scan of what
        // was left out, not three, and two short renders, not a second whole one.
        if let held = Model.answer(shown, toClientShowing: Model.committed(shown)) {
            let short = render(target, held, returnTo).renderedBytes
            let forms = short.withUnsafeBufferPointer { ours(HTMLForms.find(in: $0)) }
            if forms.count == 1,
                let next = forms[0].action.optimistic(held, hiddenFields(forms[0].form)),
                let patch = HTMLKeptRun.patch(
                    in: now, from: short, to: render(target, next, returnTo).renderedBytes,
                    formsUnder: "/components/" + name + "/",
                    counting: (.shared, key: name + " " + target + "\u{0}" + (returnTo ?? "")))
            {
                return .patch(patch)
            }
        }
        let forms = ours(HTMLForms.find(in: now))
        if forms.count == 1 {
            return optimistic(forms[0].action, forms[0].form).map(SelfManaged.PerForm.whole) ?? .none
        }
        guard !forms.isEmpty else { return .none }
        // Each form's state, and those of the forms in each of those states (a tap on star 4 while star 2
        // is in flight): all from the state before the first tap, which a tap on any state starts from.
        var seen = Set<String>()
        var options: [(key: String, markup: [UInt8])] = []
        func add(_ action: SelfManagedAction<Model>, _ form: HTMLForms.Form) -> [UInt8]? {
            let key = optionKey(form)
            guard seen.insert(key).inserted, let markup = optimistic(action, form) else { return nil }
            options.append((key, markup))
            return markup
        }
        var further: [(action: SelfManagedAction<Model>, form: HTMLForms.Form)] = []
        for (action, form) in forms {
            if let markup = add(action, form) {
                further += markup.withUnsafeBufferPointer { ours(HTMLForms.find(in: $0)) }
            }
        }
        for (action, form) in further {
            _ = add(action, form)
        }
        return .options(options)
    }

    /// A form's key among a root's options: its action, `?`, and its hidden fields but `return_to`,
    /// `name=value` joined by `&`, as the browser script reads them from the form.
    static func optionKey(_ form: HTMLForms.Form) -> String {
        form.action + "?"
            + form.hidden.lazy.filter { $0.name != "return_to" }.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }
}

extension SelfManagedDefinition {
    /// A definition with no action, nothing to say and nothing to render: what a declaration on the kind
    /// (`ToggleDefinition`) holds until its initializer has made the real one.
    package static var undeclared: Self {
        SelfManagedDefinition(
            name: "", title: "", target: TapTarget("", noun: "", purpose: "", example: ""), summary: "",
            returnPath: .fixed("/"), actions: [],
            words: SelfManagedWords(
                failureMessage: "", announce: { _ in "" }, describe: { _ in EventState(text: "", json: .null) },
                flash: { _, _ in nil }),
            exampleChanges: { _, _ in [] }, render: { _, _, _ in Nothing() })
    }
}

/// Renders nothing.
private struct Nothing: HTMLComponent {
    func render(into html: inout HTMLBuffer) {}
}
