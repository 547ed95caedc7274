import ComponentTesting
import HTTPTesting
import PreviewKit
import Testing
import __Module__

/// __Name__ end to end, in process: its markup, a tap that commits, one that rolls back, and what it
/// refuses. The kit's checks over the whole package are the package's one-line `ComponentChecks` test.
@Suite struct __Name__Tests {
    private func app() throws -> Application {
        var options = PreviewOptions()
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        return try Application(options: options) { __Module__.modules($0) }
    }

    private func state(_ app: Application, _ item: String, viewer: String) async throws -> String {
        try await app.responder.test(
            .get, "/components/__name__/state/\(item)", headers: ["Cookie": "viewer=\(viewer)"]
        ).bodyText
    }

    @Test func itPostsTheStateWantedAfterTheTapToItsOwnRoute() {
        let html = __Name__.selfManaged(item: "item-1", on: false, count: 3).renderedString
        #expect(html.contains(#"<form class="__name__-form" method="post" action="/components/__name__/tap">"#))
        #expect(html.contains(#"<input type="hidden" name="item" value="item-1">"#))
        #expect(html.contains(#"<input type="hidden" name="on" value="true">"#))
        #expect(html.contains(#"aria-pressed="false""#))
        // The root carries the optimistic state a tap shows at once, for the kit's browser script.
        #expect(html.contains(#"data-self-managed="__name__ item-1" data-optimistic=""#))
    }

    @Test func aTapCommits() async throws {
        let app = try app()
        let tap = try await app.responder.test(
            .post, __Name__.tapPath, headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "never"],
            body: "item=item-1&on=true")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/components/__name__")
        #expect(try await state(app, "item-1", viewer: "tester") == #"{"target":"item-1","on":true,"count":4,"pending":false}"#)
        #expect(app.events.recent().first?.outcome == .committed)
    }

    @Test func aFailedTapRollsBackToExactlyThePriorState() async throws {
        let app = try app()
        let before = try await state(app, "item-3", viewer: "tester")
        let tap = try await app.responder.test(
            .post, __Name__.tapPath,
            headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "always", "HX-Request": "true"],
            body: "item=item-3&on=true")
        #expect(tap.status == .serviceUnavailable)
        #expect(tap.bodyText.contains(#"role="alert""#))
        #expect(tap.bodyText.contains(#"aria-pressed="false""#))
        #expect(tap.headers["HX-Trigger"] == #"{"announce":"Your change couldn't be saved, so it was undone. Please try again."}"#)
        #expect(try await state(app, "item-3", viewer: "tester") == before)
        #expect(app.events.recent().first?.outcome == .rolledBack)
    }

    @Test func anUnknownItemOrABadFieldChangesNothing() async throws {
        let app = try app()
        let unknown = try await app.responder.test(.post, __Name__.tapPath, body: "item=nope&on=true")
        #expect(unknown.status == .notFound)
        let bad = try await app.responder.test(.post, __Name__.tapPath, body: "item=item-1&on=maybe")
        #expect(bad.status == .badRequest)
        let missing = try await app.responder.test(.get, "/components/__name__/state/nope")
        #expect(missing.status == .notFound)
        #expect(app.events.count == 0)
    }

    @Test func itsStylesAreServedWithEveryComponentsStyles() async throws {
        let css = try await app().responder.test(.get, "/components.css")
        #expect(css.status == .ok)
        #expect(css.bodyText.contains(".__name__-button"))
    }
}
