import Components
import Demo
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The app refuses what a hostile page or input could send, on every route.
@Suite struct SecurityTests {
    static let routes: [(HTTPMethod, String, String?)] = [
        (.get, "/", nil), (.get, "/feed", nil), (.get, "/users/ada", nil), (.get, "/posts/p1", nil),
        (.get, "/api/posts/p1", nil), (.get, "/events", nil), (.get, "/components/like", nil),
        (.get, "/components/like/fragment", nil), (.get, "/components.json", nil), (.get, "/public/app.css", nil),
        (.get, "/healthz", nil), (.post, "/components/like/tap", "post=p1&liked=true"),
        (.post, "/components/avatar/tap", "uid=ada"), (.post, "/simulation", "failure_rate=1"),
        (.post, "/gallery/actions/like", "instance=p1"),
    ]

    @Test func foreignHostIsRefusedOnEveryRoute() async throws {
        let app = makeApp()
        app.hostAllowList.port = 8080
        for (method, path, body) in Self.routes {
            let response = try await app.responder.test(
                method, path, headers: .viewer("vhost", ["Host": "rebound.evil.example:8080"]), body: body)
            #expect(response.status.code == 421, "\(method) \(path)")
            let ok = try await app.responder.test(
                method, path, headers: .viewer("vhost", ["Host": "localhost:8080", "X-Simulate-Failure": "never"]),
                body: body)
            #expect(ok.status.code < 400, "\(method) \(path)")
        }
        #expect(app.service.settings.failureRate == 1, "only the allowed request changed the settings")
    }

    @Test func crossOriginTapsChangeNothing() async throws {
        let app = makeApp()
        for headers in [
            ["Origin": "http://evil.example"], ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"],
        ] {
            var all: HTTPHeaders = .viewer("vcsrf", ["Host": "127.0.0.1:8080"])
            for (name, value) in headers { all[name] = value }
            let like = try await app.responder.test(
                .post, "/components/like/tap", headers: all, body: "post=p1&liked=true")
            #expect(like.status == .forbidden)
            let simulation = try await app.responder.test(.post, "/simulation", headers: all, body: "failure_rate=1")
            #expect(simulation.status == .forbidden)
        }
        #expect(app.likes.committed("p1", viewer: "vcsrf")?.isOn == false)
        #expect(app.service.settings.failureRate == 0)
        #expect(app.events.count == 0)
        let sameOrigin = try await app.responder.test(
            .post, "/components/like/tap",
            headers: .viewer("vcsrf", ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"]),
            body: "post=p1&liked=true")
        #expect(sameOrigin.status == .seeOther)
    }

    @Test func everyHTMLResponseCarriesTheSecurityHeaders() async throws {
        let app = makeApp()
        for path in [
            "/", "/feed", "/users/tim", "/posts/p1", "/events", "/components/avatar", "/components/like/frame",
            "/components/like/fragment", "/nowhere",
        ] {
            let response = try await app.responder.test(.get, path)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(path)")
            #expect(response.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy, "\(path)")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(path)")
            #expect(response.headers["Referrer-Policy"] == "same-origin", "\(path)")
            #expect(!response.bodyText.contains("<script>"), "\(path): inline script would be blocked")
            #expect(!response.bodyText.contains(" style=\""), "\(path): inline style would be blocked")
            #expect(!response.bodyText.contains(/\son[a-z]+=/), "\(path): inline event handlers would be blocked")
        }
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>",
        " javascript:alert(1)", "java\tscript:alert(1)",
    ])
    func scriptURLsAreNeverEmitted(url: String) {
        let html = AvatarView(imageURL: url, vip: .none, displayName: "x", action: TapAction(path: "/")).renderedString
        #expect(html.contains(#"src="/public/avatar-placeholder.svg""#))
        #expect(!html.lowercased().contains("script:"))
        #expect(!html.contains("data:text"))
    }
}
