import ComponentTesting
import HTTPTesting
import PreviewKit
import Testing
import __Module__

/// __Name__ end to end, in process: its markup, a choice that commits, one that rolls back, and what it
/// refuses. The kit's checks over the whole package are the package's one-line `ComponentChecks` test.
@Suite struct __Name__Tests {
    private let path = "/components/__name__/choose"

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

    @Test func eachOptionIsAFormThatShowsItsOwnStateAtOnce() {
        let html = __Name__.selfManaged(item: "item-1", choice: "agree", agree: 3).renderedString
        #expect(html.contains(#"<form class="__name__-form" method="post" action="/components/__name__/choose">"#))
        #expect(html.contains(#"<input type="hidden" name="choice" value="unsure">"#))
        #expect(html.contains(#"<input type="hidden" name="choice" value="">"#), "a tap on the choice takes it back")
        #expect(html.contains(#"data-self-managed="__name__ item-1" data-optimistic-options=""#))
    }

    @Test func aChoiceCommits() async throws {
        let app = try app()
        let tap = try await app.responder.test(
            .post, path, headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "never"], body: "item=item-1&choice=disagree")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/components/__name__")
        #expect(
            try await state(app, "item-1", viewer: "tester")
                == #"{"target":"item-1","choice":"disagree","counts":{"agree":3,"unsure":1,"disagree":1},"pending":false}"#)
        #expect(app.events.recent().first?.outcome == .committed)
    }

    @Test func aFailedChoiceRollsBackToExactlyThePriorState() async throws {
        let app = try app()
        let before = try await state(app, "item-3", viewer: "tester")
        let tap = try await app.responder.test(
            .post, path, headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "always", "HX-Request": "true"],
            body: "item=item-3&choice=agree")
        #expect(tap.status == .serviceUnavailable)
        #expect(tap.bodyText.contains(#"role="alert""#))
        #expect(try await state(app, "item-3", viewer: "tester") == before)
        #expect(app.events.recent().first?.outcome == .rolledBack)
    }

    @Test func anUnknownItemOrABadFieldChangesNothing() async throws {
        let app = try app()
        #expect(try await app.responder.test(.post, path, body: "item=nope&choice=agree").status == .notFound)
        #expect(try await app.responder.test(.post, path, body: "item=item-1&choice=never").status == .badRequest)
        #expect(try await app.responder.test(.post, path, body: "item=item-1").status == .badRequest)
        #expect(app.events.count == 0)
    }

    @Test func itsStylesAreServedWithEveryComponentsStyles() async throws {
        let css = try await app().responder.test(.get, "/components.css")
        #expect(css.bodyText.contains(".__name__-button"))
    }
}
