import HTML
import HTTPCore

/// The route that handles every tap of one toggle component, written once for all of them from its
/// `ToggleDefinition`: the fields checked, the tap handed to `OptimisticToggle` with the service call,
/// and the fragment rendered by the definition.
///
/// The tap is `POST /components/{name}/tap` with the target's field, the state field (the state wanted
/// after the tap, so a repeated submit changes nothing) and optional `return_to`.
///
/// - Without `HX-Request`: `303` to `return_to` (a local path; anything else falls back to the
///   definition's return path); after a failure, that page shows the error once, in a `role="alert"`.
/// - With `HX-Request: true`: `200` and the fragment after success; `503` and the fragment of the restored
///   state with the error in it after failure.
/// - Unknown target `404`; a missing or invalid field `400`; a refused viewer `403`. None changes anything.
/// - `X-Simulate-Failure: always` or `never` forces the service's outcome for that tap.
public struct ToggleRoutes: RouteCollection {
    public let definition: ToggleDefinition
    let toggle: OptimisticToggle
    let service: any ComponentService
    /// What a tap reads of the definition, taken out once: a tap then retains these alone, not the whole
    /// definition.
    private let tapFields: Set<String>
    private let targetField: String
    private let stateField: String
    private let selfManaged: @Sendable (String, ToggleStore.Presentation, String?) -> SelfManaged

    private let answers: RenderedAnswers

    /// - Parameter keepsAnswers: Keep the fragments taps answer with, by what they are rendered from
    ///   (`false` with `--render-cache off`).
    public init(
        definition: ToggleDefinition, store: ToggleStore, service: any ComponentService, events: TapEventLog,
        keepsAnswers: Bool = true
    ) {
        self.answers = RenderedAnswers(limit: keepsAnswers ? RenderedAnswers.defaultLimit : 0)
        self.definition = definition
        self.toggle = OptimisticToggle(
            component: definition.title, stateName: definition.state, store: store, events: events,
            failureMessage: definition.failureMessage, announcements: definition.announcements)
        self.service = service
        self.tapFields = definition.tapFields
        self.targetField = definition.target.field
        self.stateField = definition.state
        self.selfManaged = { [definition] in definition.selfManaged($0, shown: $1, returnTo: $2) }
    }

    public func addRoutes(to routes: inout RouteGroup) {
        routes.add(
            .post, definition.tapPath, documentation: definition.documentation,
            handler: RouteHandler { request in try self.handleTap(request) })
    }

    func handleTap(_ request: HTTPRequest) throws -> HTTPOutcome {
        let form = try request.formFields().taking(only: tapFields)
        guard let target = form[targetField], !target.isEmpty else {
            throw definition.target.missing(in: definition.service)
        }
        guard let on = form[stateField].flatMap(Bool.init) else {
            throw HTTPError(
                .badRequest, "The \(definition.state) field must be true or false: the state wanted after the tap.")
        }
        let forced = try request.forcedOutcome()
        guard toggle.store.contains(target), let fallback = definition.returnPath.path(for: target) else {
            throw definition.target.notFound(target)
        }
        let viewer = request.viewer
        if let refusal = definition.refusal?.message(target, viewer) {
            throw HTTPError(.forbidden, refusal)
        }
        let returnTo = form["return_to"].map { LocalPath.validated($0, fallback: fallback) }
        let tap = OptimisticToggle.Tap(
            key: ToggleStore.Key(viewer: viewer, target: target), desired: on, forced: forced,
            returnTo: returnTo ?? fallback, wantsFragment: request.wantsFragment)
        let component = definition.name
        let change = ServiceRequest(
            component: component, action: "tap", target: target, viewer: viewer, change: on,
            description: .object([(stateField, .bool(on))]), forcedOutcome: forced)
        return try toggle.handle(tap, call: .send(change, through: service)) { [selfManaged, answers] result in
            let shown = ToggleStore.Presentation(
                state: result.committed, busy: false, animated: result.animated, message: result.message)
            return answers.bytes(for: .init(target: target, presentation: shown, returnTo: returnTo)) {
                selfManaged(target, shown, returnTo).renderedBytes
            }
        }
    }
}
