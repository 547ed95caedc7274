import ComponentTesting
import HTTPTesting
import PreviewKit
import Testing
import __Module__

/// __Name__ end to end, in process: its two forms and what each shows at once, a step that commits, one
/// that rolls back, the bounds (`409`), and what it refuses. The kit's checks over the whole package are
/// the package's one-line `ComponentChecks` test.
@Suite struct __Name__Tests {
    private func app() throws -> Application {
        var options = PreviewOptions()
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        return try Application(options: options) { __Module__.modules($0) }
    }

    private func tap(_ app: Application, _ step: String, _ item: String, simulate: String = "never") async throws
        -> HTTPResponse
    {
        try await app.responder.test(
            .post, "/components/__name__/\(step)", headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": simulate],
            body: "item=\(item)")
    }

    private func state(_ app: Application, _ item: String) async throws -> String {
        try await app.responder.test(.get, "/components/__name__/state/\(item)", headers: ["Cookie": "viewer=tester"])
            .bodyText
    }

    @Test func eachStepIsAFormThatShowsItsOwnStateAtOnce() {
        let html = __Name__.selfManaged(item: "item-1", quantity: 2).renderedString
        #expect(html.contains(#"action="/components/__name__/increment""#))
        #expect(html.contains(#"action="/components/__name__/decrement""#))
        #expect(html.contains(#"data-self-managed="__name__ item-1" data-optimistic-options=""#))
    }

    @Test func stepsCommitAndStopAtTheirBounds() async throws {
        let app = try app()
        #expect(try await tap(app, "increment", "item-1").status == .seeOther)
        #expect(try await state(app, "item-1") == #"{"target":"item-1","quantity":1,"pending":false}"#)
        #expect(try await tap(app, "decrement", "item-1").status == .seeOther)
        #expect(try await tap(app, "decrement", "item-1").status == .conflict, "never fewer than none")
        for _ in 0..<__Name__.maximum { _ = try await tap(app, "increment", "item-2") }
        #expect(try await tap(app, "increment", "item-2").status == .conflict, "never more than the limit")
        #expect(try await state(app, "item-2") == #"{"target":"item-2","quantity":5,"pending":false}"#)
    }

    @Test func aFailedStepRollsBackToExactlyThePriorQuantity() async throws {
        let app = try app()
        _ = try await tap(app, "increment", "item-3")
        let before = try await state(app, "item-3")
        #expect(try await tap(app, "increment", "item-3", simulate: "always").status == .seeOther)
        #expect(try await state(app, "item-3") == before)
        #expect(app.events.recent().first?.outcome == .rolledBack)
    }

    @Test func anUnknownItemOrABadFieldChangesNothing() async throws {
        let app = try app()
        #expect(try await tap(app, "increment", "nope").status == .notFound)
        let bad = try await app.responder.test(.post, "/components/__name__/increment", body: "item=item-1&by=2")
        #expect(bad.status == .badRequest)
        #expect(app.events.count == 0)
    }
}
