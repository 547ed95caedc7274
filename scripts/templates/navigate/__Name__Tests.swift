import ComponentTesting
import HTTPTesting
import PreviewKit
import Testing
import __Module__

/// __Name__ end to end, in process: its markup, a tap that navigates, what it refuses.
@Suite struct __Name__Tests {
    private func app() throws -> Application {
        try Application(options: PreviewOptions()) { __Module__.modules($0) }
    }

    @Test func itPostsItsDestinationToItsOwnRoute() {
        let html = __Name__.selfManaged(to: "home", label: "Go home").renderedString
        #expect(html.contains(#"action="/components/__name__/tap""#))
        #expect(html.contains(#"<input type="hidden" name="to" value="home">"#))
        #expect(html.contains(">Go home</button>"))
    }

    @Test func aTapGoesToThePageItNames() async throws {
        let app = try app()
        let tap = try await app.responder.test(.post, __Name__.tapPath, body: "to=home")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/")
        let fromScript = try await app.responder.test(
            .post, __Name__.tapPath, headers: ["HX-Request": "true"], body: "to=catalogue")
        #expect(fromScript.status == .ok)
        #expect(fromScript.headers["HX-Redirect"] == "/components.json")
        #expect(app.events.recent().first?.outcome == .redirected)
    }

    @Test func anUnknownDestinationIs404AndAMissingOne400() async throws {
        let app = try app()
        #expect(try await app.responder.test(.post, __Name__.tapPath, body: "to=nowhere").status == .notFound)
        #expect(try await app.responder.test(.post, __Name__.tapPath, body: "").status == .badRequest)
    }
}
