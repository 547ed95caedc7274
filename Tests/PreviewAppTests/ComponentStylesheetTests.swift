import Components
import Demo
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `GET /components.css`: the styles each module brings, in one stylesheet that every page links.
@Suite struct ComponentStylesheetTests {
    /// A module that brings only styles.
    private struct Styled: ComponentModule {
        var styles: ComponentStyles? { ComponentStyles(".styled-thing { color: rebeccapurple; }") }
        func addRoutes(to routes: inout RouteGroup) {}
    }

    private func app() throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        return try Application(options: options) { Demo.modules($0) + [Styled()] }
    }

    @Test func aModulesStylesAreServedAndRevalidated() async throws {
        let app = try app()
        let css = try await app.responder.test(.get, "/components.css")
        #expect(css.status == .ok)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "no-cache")
        #expect(css.headers["Set-Cookie"] == nil)
        #expect(css.bodyText.contains(".styled-thing { color: rebeccapurple; }"))
        let etag = try #require(css.headers["ETag"])
        let again = try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        let other = try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": "\"other\""])
        #expect(other.status == .ok)
    }

    @Test func everyPageAndFrameLinksIt() async throws {
        let app = try app()
        for path in ["/", "/feed", "/components/like", "/components/like/frame", "/events"] {
            let page = try await app.responder.test(.get, path).bodyText
            #expect(page.contains(#"<link rel="stylesheet" href="/components.css">"#), "\(path)")
        }
    }
}
