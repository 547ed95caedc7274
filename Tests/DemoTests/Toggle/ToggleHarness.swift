import ComponentTesting
import Components
import HTTPCore
import HTTPTesting
import TestKit

/// One toggle component's route on its own router, with a store, a scripted service and an event log.
struct ToggleHarness {
    let kind: ToggleCase
    let store: ToggleStore
    let service: ScriptedService
    let events = TapEventLog()
    let responder: RouterResponder

    init(_ kind: ToggleCase, service: ScriptedService = ScriptedService()) {
        self.kind = kind
        let module = kind.module([kind.first.id: kind.first.base, kind.second.id: kind.second.base], service, events)
        self.store = module.store
        self.service = service
        var router = Router()
        router.mount(module)
        responder = router.buildResponder()
    }

    /// The target most tests tap.
    var first: String { kind.first.id }

    /// A tap request as a browser (or htmx, with `fragment`) would send it.
    func request(
        _ body: String, viewer: String = "alice", fragment: Bool = false, simulate: String? = nil
    ) throws -> HTTPRequest {
        var headers: HTTPHeaders = [
            "Cookie": "\(Viewer.cookieName)=\(viewer)", "Content-Type": "application/x-www-form-urlencoded",
        ]
        if fragment {
            headers["HX-Request"] = "true"
        }
        if let simulate {
            headers["X-Simulate-Failure"] = simulate
        }
        return try HTTPRequest(method: .post, target: kind.tapPath, headers: headers, body: Array(body.utf8))
    }

    func send(
        _ body: String, viewer: String = "alice", fragment: Bool = false, simulate: String? = nil
    ) async throws -> HTTPResponse {
        await responder.respond(to: try request(body, viewer: viewer, fragment: fragment, simulate: simulate)).resolve()
    }

    /// Taps `target` (the first one when `nil`) asking for `on`.
    func tap(
        _ target: String? = nil, on: Bool, returnTo: String? = nil, viewer: String = "alice", fragment: Bool = false,
        simulate: String? = nil
    ) async throws -> HTTPResponse {
        try await send(
            body(target, on: on, returnTo: returnTo), viewer: viewer, fragment: fragment, simulate: simulate)
    }

    func body(_ target: String? = nil, on: Bool, returnTo: String? = nil) -> String {
        var form = FormFields()
        form.append(kind.targetField, target ?? first)
        form.append(kind.stateField, on ? "true" : "false")
        if let returnTo {
            form.append("return_to", returnTo)
        }
        return form.encoded
    }

    func committed(_ target: String? = nil, viewer: Viewer = "alice") -> ToggleState? {
        store.committed(target ?? first, viewer: viewer)
    }

    func render(_ target: String? = nil, viewer: Viewer = "alice", returnTo: String? = nil) -> String? {
        kind.render(target ?? first, viewer, store, returnTo)
    }

    /// The first target's markup in a given state.
    func markup(
        on: Bool, count: Int, returnTo: String? = nil, busy: Bool = false, animated: Bool = false,
        message: String? = nil
    ) -> String {
        kind.markup(on, count, returnTo, busy, animated, message)
    }

    /// The first target's base count.
    var base: Int { kind.first.base }
}
