import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Errors are an HTML page with a readable message, or JSON under the paths a module declares
/// (`jsonErrorPaths`) and the kit's state endpoints; the app knows no module's paths of its own.
@Suite struct ErrorResponseTests {
    /// A module with an API of its own under `/things/`.
    private struct Things: ComponentModule {
        var jsonErrorPaths: [String] { ["/things/"] }

        func addRoutes(to routes: inout RouteGroup) {
            routes.get("/things/:id", RouteDocumentation("A thing", responses: [.jsonError(404, "No such thing.")])) {
                request in throw HTTPError(.notFound, "There is no thing \(request.parameters["id"] ?? "").")
            }
            routes.get("/pages/:id", RouteDocumentation("A page", responses: [.htmlError(404, "No such page.")])) {
                request in throw HTTPError(.notFound, "There is no page \(request.parameters["id"] ?? "").")
            }
        }
    }

    @Test func underAModulesJSONPathsErrorsAreJSONElsewhereAPage() async throws {
        let app = try Application(options: PreviewOptions()) { _ in [Things()] }
        let thing = try await app.responder.test(.get, "/things/t1")
        #expect(thing.status == .notFound)
        #expect(thing.headers["Content-Type"] == "application/json")
        #expect(thing.bodyText == #"{"error":"There is no thing t1."}"#)
        let unrouted = try await app.responder.test(.get, "/things/t1/more")
        #expect(unrouted.status == .notFound && unrouted.headers["Content-Type"] == "application/json")
        let page = try await app.responder.test(.get, "/pages/p1")
        #expect(page.status == .notFound)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.bodyText.contains("There is no page p1."))
        // The demo's /api/ is the demo's: an app without it answers there with a page.
        let api = try await app.responder.test(.get, "/api/posts/p1")
        #expect(api.status == .notFound && api.headers["Content-Type"] == "text/html; charset=utf-8")
        let document = try await app.responder.test(.get, "/openapi.json")
        #expect(document.bodyText.contains(#"under /things/, /components/{name}/state/."#))
    }
}
