import ComponentTesting
import HTTPTesting
import PreviewKit
import Testing
import __Module__

/// __Name__ end to end, in process: its markup, a send that commits, one that fails and keeps the text,
/// and text it refuses. The kit's checks over the whole package are the package's one-line
/// `ComponentChecks` test.
@Suite struct __Name__Tests {
    private let path = "/components/__name__/send"

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

    @Test func itPostsWhatWasTypedWithItsKeyToItsOwnRoute() {
        let html = __Name__.selfManaged(item: "item-1", note: "Hello").renderedString
        #expect(html.contains(#"<form class="__name__-form" method="post" action="/components/__name__/send">"#))
        #expect(html.contains(#"<input type="hidden" name="item" value="item-1"><input type="hidden" name="key""#))
        #expect(html.contains(#"<textarea class="__name__-field" name="text""#))
        #expect(html.contains(#"data-self-managed="__name__ item-1" data-optimistic=""#))
    }

    @Test func aSendCommitsOnceForItsKey() async throws {
        let app = try app()
        for _ in 0..<2 {
            let send = try await app.responder.test(
                .post, path, headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "never"],
                body: "item=item-2&text=Hello&key=test-key-1")
            #expect(send.status == .seeOther)
        }
        #expect(try await state(app, "item-2", viewer: "tester").contains(#""count":1,"#), "one note for one key")
        #expect(app.events.recent().first?.outcome == .committed)
    }

    @Test func aFailedSendKeepsTheTextAndStoresNothing() async throws {
        let app = try app()
        let send = try await app.responder.test(
            .post, path, headers: ["Cookie": "viewer=tester", "X-Simulate-Failure": "always", "HX-Request": "true"],
            body: "item=item-2&text=Kept&key=test-key-2")
        #expect(send.status == .serviceUnavailable)
        #expect(send.bodyText.contains(">Kept</textarea>") && send.bodyText.contains(#"role="alert""#))
        #expect(try await state(app, "item-2", viewer: "tester").contains(#""count":0,"#))
    }

    @Test func emptyTextIs422AndBadFieldsAre400Or404() async throws {
        let app = try app()
        let empty = try await app.responder.test(.post, path, body: "item=item-1&text=%20&key=test-key-3")
        #expect(empty.status.code == 422)
        #expect(try await app.responder.test(.post, path, body: "item=nope&text=Hi&key=test-key-4").status == .notFound)
        #expect(try await app.responder.test(.post, path, body: "item=item-1&text=Hi&key=x").status == .badRequest)
    }

    @Test func itsStylesAreServedWithEveryComponentsStyles() async throws {
        let css = try await app().responder.test(.get, "/components.css")
        #expect(css.bodyText.contains(".__name__-send"))
    }
}
