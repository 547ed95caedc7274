@_spi(Runtime) import Basics
import HTML
import HTTPCore

/// The routes of one self-managed component, one per action, written once for every kind from its
/// `SelfManagedDefinition`: the one path a change takes, from the request to the answer.
///
/// `POST /components/{name}/{action}` with the target's field, the action's fields and optional
/// `return_to`:
///
/// - the fields checked (`400` naming one), the action's decoding (its own `400`s), `X-Simulate-Failure`;
/// - an unknown target `404`, a refused viewer `403`;
/// - input refused as it is (`Decision.rejected`): `422`, the event `rejected`, nothing sent; the component
///   with the problem (with `HX-Request`), else the `return_to` page with it;
/// - a navigation: `303` to where it leads (`HX-Redirect` with `HX-Request`), the event `redirected`;
/// - a change: the optimistic flow (its turn, the state shown at once, the service call, the commit or
///   the exact rollback, the one-time message, the event), then `303` to `return_to`, or with
///   `HX-Request` `200` (committed) or `503` (restored, with the failure message) and the component's
///   fragment, with `HX-Trigger: {"announce": …}`.
struct SelfManagedRoutes<Model: SelfManagedModel>: RouteCollection {
    /// One action, with what its requests read of the definition taken out once.
    private struct Route: Sendable {
        var action: SelfManagedAction<Model>
        var path: String
        /// Every field the action takes.
        var fields: Set<String>
        /// What its `400`s call it: `like tap`.
        var called: String
        var flow: OptimisticFlow<Model>
        /// The action's change in its words, for the service request (made once).
        var describe: @Sendable (any Sendable) -> JSONValue
    }

    let definition: SelfManagedDefinition<Model>
    let store: SelfManagedStore<Model>
    private let routes: [Route]
    private let service: any ComponentService
    private let events: TapEventLog
    private let clock: @Sendable () -> Timestamp
    private let answerer: Answerer
    /// Each route's handler, made where the routes are made: where the model is known (a toggle's,
    /// registered by the kit), the optimizer makes the whole path for it, with no generic lookups per tap.
    private var handlers: [RouteHandler] = []

    /// The routes of `definition`'s actions over `store`, with the context's service, event log and clock.
    init(definition: SelfManagedDefinition<Model>, store: SelfManagedStore<Model>, context: ComponentContext) {
        self.definition = definition
        self.store = store
        self.service = context.service
        self.events = context.events
        self.clock = context.clock
        self.answerer = Answerer(definition: definition, caches: context.caches)
        let words = definition.words
        let (title, target) = (definition.title, definition.target.field)
        // Made once: an event keeps its states as they are, described when it is read.
        let describe: @Sendable (any Sendable) -> EventState = { words.describe($0 as! Model.Shown) }
        self.routes = definition.actions.map { action in
            var fields: Set<String> = Set(action.fields.map(\.name)).union(["return_to"])
            if action.needsTarget { fields.insert(target) }
            let flow = OptimisticFlow<Model>(
                store: store.core, events: context.events,
                flash: { tap, outcome in words.flash(tap.change, outcome) },
                event: { [name = action.name, details = action.describe] tap, outcome in
                    guard outcome.sent || words.recordsUnsentChanges else { return nil }
                    return TapEvent(
                        component: title, action: name, instance: tap.key.target, viewer: tap.key.viewer,
                        prior: EventState(outcome.prior, describedBy: describe),
                        optimistic: EventState(outcome.optimistic, describedBy: describe),
                        details: details(tap.change), outcome: outcome.succeeded ? .committed : .rolledBack,
                        latencyMilliseconds: outcome.latencyMilliseconds)
                })
            return Route(
                action: action, path: definition.path(of: action.name), fields: fields,
                called: definition.service + " " + action.name, flow: flow,
                describe: { [describe = action.describe] in .object(describe($0 as! Model.Change)) })
        }
        let routes = self
        handlers = self.routes.map { route in RouteHandler { request in try routes.handle(route, request) } }
    }

    func addRoutes(to group: inout RouteGroup) {
        for (route, handler) in zip(routes, handlers) {
            group.add(.post, route.path, documentation: definition.documentation(of: route.action), handler: handler)
        }
    }

    private func handle(_ route: Route, _ request: HTTPRequest) throws -> HTTPOutcome {
        let action = route.action
        let form = try request.formFields(checkingControlCharactersItself: action.checksItsOwnText)
            .taking(only: route.fields)
        let target = action.needsTarget ? form[definition.target.field] ?? "" : ""
        if action.needsTarget && target.isEmpty {
            throw definition.target.missing(in: definition.service, action: action.name)
        }
        let viewer = request.viewer
        if let destination = action.destination {
            return .response(try navigate(to: destination(target), target: target, action: action, request: request))
        }
        let decision = try action.decode(
            ActionInput(form: form, target: target, viewer: viewer, action: route.called, clock: clock))
        let forced = try request.forcedOutcome()
        guard store.contains(target), let fallback = definition.returnPath.path(for: target) else {
            throw definition.target.notFound(target)
        }
        if let refusal = definition.refusal?.message(target, viewer) {
            throw HTTPError(.forbidden, refusal)
        }
        let returnTo = form["return_to"].map { LocalPath.validated($0, fallback: fallback) }
        let key = OptimisticKey(viewer: viewer, target: target)
        switch decision {
        case .rejected(let problem, let flash, let details):
            return refuse(
                problem, flash, details: details, action: action, at: key, returnTo: returnTo, fallback: fallback,
                request: request)
        case .change(let change):
            let call = ServiceRequest(
                component: definition.name, action: action.name, target: target, viewer: viewer, change: change,
                describedBy: route.describe, forcedOutcome: forced)
            let tap = OptimisticTap<Model>(
                key: key, change: change, call: .send(call, through: service), wantsFragment: request.wantsFragment,
                landing: returnTo ?? fallback)
            let keeps = tap.wantsFragment && request.keepsWhatItHolds
            switch try route.flow.start(tap) {
            case .ended(let outcome):
                return .response(answerer.answer(tap, outcome, returnTo: returnTo, clientKeeps: keeps))
            case .waiting(let rest):
                return .deferred { [answerer] in
                    answerer.answer(tap, try await rest.end(), returnTo: returnTo, clientKeeps: keeps)
                }
            }
        }
    }

    /// What an answer with a fragment is made from, in one object: a change's answer retains it alone,
    /// not every field of the definition. The fragments are kept by what they are rendered from (the
    /// target, the presentation, the return path: a pure function of those), in the app's cache
    /// `answers/{name}`, and only there: a change that ends in a state shown before (a like, an unlike, a
    /// like again) copies bytes instead of rendering the component and its optimistic states again.
    private final class Answerer: Sendable {
        let definition: SelfManagedDefinition<Model>
        /// By what a root is rendered from, as the definition keeps its own roots.
        /// Each with the response the server made for it (`KeptBody`): the same answer again is sent as it
        /// was, its headers not copied again.
        let answers: BoundedCache<SelfManagedDefinition<Model>.RootInputs, KeptBody>?

        init(definition: SelfManagedDefinition<Model>, caches: Caches) {
            self.definition = definition
            // A component whose every action navigates answers no fragment. Room for the states a few
            // hundred targets are in at once (a count each, on or off, just saved or not: in the mixed
            // workload, 256 viewers on 5 posts, about 950 answers and 1.6 MB); below that, answers to
            // states shown before were rendered again as often as not.
            self.answers =
                definition.keepsState
                ? caches.make("answers/" + definition.name, entries: 4096, bytes: 4 << 20, weigh: \.weight) : nil
        }

        /// Without script, `303` to where the tap lands; with it, `200` and the committed fragment, or `503`
        /// and the restored one with the failure message, each with what the live region says. To a client
        /// that keeps what it holds, a committed fragment leaves out what the model says it holds of the
        /// state before the change (`SelfManagedModel.answer`), and is not kept.
        func answer(
            _ tap: OptimisticTap<Model>, _ outcome: SelfManagedOutcome<Model>, returnTo: String?, clientKeeps: Bool
        ) -> HTTPResponse {
            guard tap.wantsFragment else { return .redirect(to: tap.landing) }
            let words = definition.words
            let target = tap.key.target
            let shown = Model.present(
                outcome.committed, busy: false, flash: words.flash(tap.change, outcome), target: target)
            // A function, not a closure that captures the definition: that copied it (every field retained
            // and released) for each answer, kept or not.
            func render(_ shown: Model.Presentation) -> [UInt8] {
                definition.selfManaged(target, shown: shown, returnTo: returnTo).unkept.renderedBytes
            }
            let status: HTTPStatus = outcome.succeeded ? .ok : .serviceUnavailable
            // A change that failed answers whole: its answer holds what was typed, which the page the
            // browser would fetch again, where it does not hold what was left out, would not. An answer
            // that leaves out what one browser holds is that browser's alone: not kept (keeping it would
            // also keep its state, which a thread's next comment would then copy to grow).
            let partial = clientKeeps && outcome.succeeded ? Model.answer(shown, toClientShowing: outcome.prior) : nil
            var response =
                if let partial {
                    HTTPResponse.html(render(partial), status: status)
                } else if let answers {
                    HTTPResponse.html(
                        answers.value(for: .init(target: target, presentation: shown, returnTo: returnTo)) {
                            KeptBody(render(shown))
                        }, status: status)
                } else {
                    HTTPResponse.html(render(shown), status: status)
                }
            response.headers[Announcement.header] = Announcement.headerValue(
                outcome.succeeded ? words.announce(outcome.committed) : words.failureMessage)
            return response
        }
    }

    /// A navigation: `303` to where the target leads (with `HX-Request`, `200` and `HX-Redirect`), and
    /// the event `redirected`.
    private func navigate(
        to destination: String?, target: String, action: SelfManagedAction<Model>, request: HTTPRequest
    ) throws(HTTPError) -> HTTPResponse {
        let started = ContinuousClock.now
        guard let destination else {
            throw definition.target.notFound(target)
        }
        events.record(
            TapEvent(
                component: definition.title, action: action.name, instance: target, viewer: request.viewer,
                outcome: .redirected, latencyMilliseconds: (ContinuousClock.now - started).wholeMilliseconds,
                location: destination))
        if request.wantsFragment {
            return HTTPResponse(status: .ok, headers: ["HX-Redirect": destination])
        }
        return .redirect(to: destination)
    }

    /// Input refused as it is: `422`, nothing sent or stored, the event `rejected`. The component shows
    /// `flash` (the input and the problem): in the fragment, or, without script, in the page the change
    /// came from.
    private func refuse(
        _ problem: String, _ flash: Model.Flash, details: [(String, JSONValue)], action: SelfManagedAction<Model>,
        at key: OptimisticKey, returnTo: String?, fallback: String, request: HTTPRequest
    ) -> HTTPOutcome {
        let committed = store.committed(key.target, viewer: key.viewer)
        events.record(
            TapEvent(
                component: definition.title, action: action.name, instance: key.target, viewer: key.viewer,
                prior: committed.map(definition.words.describe), details: details, outcome: .rejected))
        let fragment: @Sendable () -> [UInt8] = { [definition] in
            guard let committed else { return [] }
            let shown = Model.present(committed, busy: false, flash: flash, target: key.target)
            return definition.selfManaged(key.target, shown: shown, returnTo: returnTo).renderedBytes
        }
        guard !request.wantsFragment else {
            var response = HTTPResponse.html(fragment(), status: .unprocessableContent)
            response.headers[Announcement.header] = Announcement.headerValue(problem)
            return .response(response)
        }
        // Without script: the page the change came from, whose component shows the input (left for its
        // next render, and forgotten after it whether or not that page shows this component); the
        // target's own page when that one does not answer.
        store.leave(flash, for: key)
        return .forward(
            Forward(
                returnTo.map { [$0, fallback] } ?? [fallback], status: .unprocessableContent,
                otherwise: { .html(fragment(), status: .unprocessableContent) },
                finally: { [store] in _ = store.takeFlash(for: key) }))
    }
}
