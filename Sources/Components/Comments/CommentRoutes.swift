import Basics
import HTML
import HTTPCore

/// The route that handles every send of one comment box, written once for all of them from its
/// `CommentDefinition`: the fields checked, the text checked, the send handed to the optimistic core with
/// the service call, and the fragment rendered by the definition.
///
/// The send is `POST /components/{name}/send` with the target's field, `text`, `key` (the composer's
/// idempotency key) and optional `return_to`.
///
/// - Success: `303` to `return_to` (else the definition's return path), whose page shows the comment and
///   an empty composer; with `HX-Request: true`, `200` and the box with a fresh composer.
/// - The service failed: `303` back, where the composer shows the text and the error, once; with
///   `HX-Request`, `503` and the box without the comment, the composer holding the text as sent.
/// - The text is empty, too long or holds a control character: `422`, nothing sent or stored; the box
///   with the text as typed and the message (with `HX-Request`), else the `return_to` page with it.
/// - Unknown target `404`; a missing or malformed field `400`; a full thread `409`.
/// - The same key again from the same viewer, after it committed or while it is in flight, is answered
///   as the first success and stores nothing more.
public struct CommentRoutes: RouteCollection {
    public let definition: CommentDefinition
    public let store: CommentStore
    private let flow: OptimisticFlow<CommentThreads>
    private let service: any ComponentService
    private let registry: ComponentRegistry
    private let events: TapEventLog
    private let clock: @Sendable () -> Timestamp
    private let render: @Sendable (String, CommentStore.Presentation, String?) -> SelfManaged

    public init(
        definition: CommentDefinition, store: CommentStore, service: any ComponentService, events: TapEventLog,
        registry: ComponentRegistry, clock: @escaping @Sendable () -> Timestamp = { .now() }
    ) {
        self.clock = clock
        self.definition = definition
        self.store = store
        self.service = service
        self.registry = registry
        self.events = events
        self.render = { [definition] in definition.selfManaged($0, shown: $1, returnTo: $2) }
        let (component, failureMessage) = (definition.title, definition.failureMessage)
        self.flow = OptimisticFlow(
            store: store.core, events: events,
            flash: { attempt, outcome in
                outcome.succeeded
                    ? nil : CommentFlash(text: attempt.change.text, message: failureMessage, invalid: false)
            },
            event: { attempt, outcome in
                // A repeated key is answered as its first send was: it is not a send of its own.
                guard outcome.sent else { return nil }
                return TapEvent(
                    component: component, action: "send", instance: attempt.key.target, viewer: attempt.key.viewer,
                    prior: CommentThread.eventState(count: outcome.prior.comments.count),
                    optimistic: CommentThread.eventState(count: outcome.prior.comments.count + 1),
                    details: [("textLength", .int(attempt.change.text.count))],
                    outcome: outcome.succeeded ? .committed : .rolledBack,
                    latencyMilliseconds: outcome.latencyMilliseconds)
            })
    }

    public func addRoutes(to routes: inout RouteGroup) {
        routes.add(
            .post, definition.sendPath, documentation: definition.documentation,
            handler: RouteHandler { request in try self.handleSend(request) })
    }

    func handleSend(_ request: HTTPRequest) throws -> HTTPOutcome {
        let form = try request.formFields(checkingControlCharactersItself: [CommentDefinition.textField])
            .taking(only: definition.sendFields)
        let targetField = definition.target.field
        guard let target = form[targetField], !target.isEmpty else {
            throw HTTPError(
                .badRequest,
                "The \(definition.service) send needs a \(targetField) field naming \(definition.target.purpose).")
        }
        guard let typed = form[CommentDefinition.textField] else {
            throw HTTPError(.badRequest, "The \(definition.service) send needs a text field: the comment to send.")
        }
        guard let key = form[CommentDefinition.keyField], CommentDraft.isValidKey(key) else {
            throw HTTPError(
                .badRequest,
                "The key field must be 8–64 characters of A–Z a–z 0–9 - _: the idempotency key the composer carries.")
        }
        let forced = try request.forcedOutcome()
        guard store.contains(target), let fallback = definition.returnPath.path(for: target) else {
            throw definition.target.notFound(target)
        }
        let returnTo = form["return_to"].map { LocalPath.validated($0, fallback: fallback) }
        let viewer = request.viewer
        let text = CommentDraft.normalized(typed)
        let slot = OptimisticKey(viewer: viewer, target: target)
        if let problem = CommentDraft.problem(with: text, maximumLength: definition.maximumLength) {
            return refuse(text, problem, at: slot, returnTo: returnTo, fallback: fallback, request: request)
        }
        let attempt = OptimisticFlow<CommentThreads>.Attempt(
            key: slot, change: CommentDraft(text: text, key: key, at: clock()), forced: forced,
            returnTo: returnTo ?? fallback,
            wantsFragment: request.wantsFragment)
        let component = definition.name
        let comment = ServiceRequest(
            component: component, action: "send", target: target, viewer: viewer, change: attempt.change,
            description: .object([("textLength", .int(text.count))]), forcedOutcome: forced)
        return try flow.handle(attempt, call: .send(comment, through: service)) {
            [definition, render] attempt, outcome in
            guard attempt.wantsFragment else { return .redirect(to: attempt.returnTo) }
            let thread = outcome.committed
            var shown = CommentStore.Presentation(
                thread: thread, key: CommentStore.key(target: target, sent: thread.sentByViewer))
            if !outcome.succeeded {
                shown.draft = attempt.change.text
                shown.error = definition.failureMessage
                shown.focusesField = true
            }
            var response = HTTPResponse.html(
                render(target, shown, returnTo).renderedBytes,
                status: outcome.succeeded ? .ok : .serviceUnavailable)
            response.headers[Announcement.header] = Announcement.headerValue(
                outcome.succeeded ? definition.sentAnnouncement : definition.failureMessage)
            return response
        }
    }

    /// A text refused as it is: `422`, nothing sent or stored, the event `rejected`. The box shows the text
    /// as typed with the problem: in the fragment, or (without script) in the page it came from.
    private func refuse(
        _ text: String, _ problem: String, at slot: OptimisticKey, returnTo: String?, fallback: String,
        request: HTTPRequest
    ) -> HTTPOutcome {
        let thread = store.committed(slot.target, viewer: slot.viewer) ?? CommentThread(comments: [])
        events.record(
            TapEvent(
                component: definition.title, action: "send", instance: slot.target, viewer: slot.viewer,
                prior: CommentThread.eventState(count: thread.comments.count),
                details: [("textLength", .int(text.count))], outcome: .rejected))
        let shown = CommentStore.Presentation(
            thread: thread, draft: text, error: problem, invalid: true,
            key: CommentStore.key(target: slot.target, sent: thread.sentByViewer), focusesField: true)
        let fragment: @Sendable () -> [UInt8] = { [render] in
            render(slot.target, shown, returnTo).renderedBytes
        }
        guard !request.wantsFragment else {
            var response = HTTPResponse.html(fragment(), status: .unprocessableContent)
            response.headers[Announcement.header] = Announcement.headerValue(problem)
            return .response(response)
        }
        // Without script: the page the send came from, whose box shows the draft (left for its next render,
        // and forgotten after it whether or not that page shows this box).
        store.leave(CommentFlash(text: text, message: problem, invalid: true), for: slot)
        return .deferred { [registry, store] in
            var page = await registry.page(returnTo ?? fallback, for: slot.viewer)
            if page?.status != .ok, returnTo != nil {
                store.leave(CommentFlash(text: text, message: problem, invalid: true), for: slot)
                page = await registry.page(fallback, for: slot.viewer)
            }
            _ = store.takeFlash(for: slot)
            guard let page, page.status == .ok else {
                return .html(fragment(), status: .unprocessableContent)
            }
            return .html(page.body, status: .unprocessableContent)
        }
    }
}
