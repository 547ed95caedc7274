import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Caches and the viewer cookie: an answer that depends on the viewer is never stored for another, and
/// the cookie is set only where the viewer matters.
@Suite struct CachingTests {
    static let viewerRoutes: [(HTTPMethod, String, String?)] = [
        (.get, "/", nil), (.get, "/feed", nil), (.get, "/posts/p1", nil), (.get, "/users/ada", nil),
        (.get, "/events", nil), (.get, "/api/posts/p1", nil), (.get, "/components/like", nil),
        (.get, "/components/like/fragment?post=p1", nil), (.get, "/no-such-page", nil),
        (.post, "/components/like/tap", "post=p1&liked=true"), (.post, "/components/avatar/tap", "uid=ada"),
    ]

    @Test(arguments: viewerRoutes)
    func answersThatDependOnTheViewerAreNotStoredAndVaryByCookie(_ route: (HTTPMethod, String, String?)) async throws {
        let app = makeApp()
        let response = try await app.responder.test(route.0, route.1, headers: .viewer("vcache"), body: route.2)
        #expect(response.headers["Cache-Control"] == "no-store", "\(route.1)")
        #expect(response.headers.values(for: "Vary").contains("Cookie"), "\(route.1)")
        // A first visit gets its viewer here.
        let first = try await app.responder.test(route.0, route.1, body: route.2)
        #expect(first.headers["Set-Cookie"]?.hasPrefix("viewer=v") == true, "\(route.1)")
    }

    @Test(arguments: [
        ("/public/app.css", "no-cache"), ("/healthz", "no-store"), ("/components.json", "no-cache"),
    ])
    func answersTheSameForEveryoneSetNoCookieAndSayWhatCachesMayDo(_ path: String, _ policy: String) async throws {
        let app = makeApp()
        let response = try await app.responder.test(.get, path)
        #expect(response.status == .ok)
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(!response.headers.values(for: "Vary").contains("Cookie"))
        #expect(response.headers["Cache-Control"] == policy)
    }
}
