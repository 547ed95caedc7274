import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Kept pages and fragments (`--render-cache`, on by default) are never stale: after every kind of change
/// (a tap beginning and ending, a failed tap's one-time message shown once, new settings, a reset) the app
/// with the cache answers with exactly the bytes of the app that renders every request.
@Suite struct RenderCacheTests {
    private func app(renderCache: Bool) -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
        options.renderCache = renderCache
        return try! Application(options: options)
    }

    /// Fetches `target` as the viewer with this id, or as a new viewer (`nil`); gives the body.
    typealias Fetch = (_ target: String, _ viewer: String?) async throws -> String

    /// Fetches in process, straight from the app's responder.
    private func inProcess(_ app: Application) -> Fetch {
        { target, viewer in
            try await app.responder.test(.get, target, headers: viewer.map { .viewer($0) } ?? HTTPHeaders()).bodyText
        }
    }

    /// The pages and fragments that may be kept, as the viewers in `viewers` and a new viewer see them.
    private func pages(_ fetch: Fetch, viewers: [String]) async throws -> [String] {
        var bodies: [String] = []
        for path in ["/feed", "/posts/p1", "/users/ada", "/users/margaret"] {
            for viewer in viewers {
                // Twice: the second answer comes from the cache when there is one.
                for _ in 0..<2 {
                    bodies.append(try await fetch(path, viewer))
                }
            }
            // A first visit: the viewer is minted, so compare without the cookie.
            bodies.append(try await fetch(path, nil))
        }
        for target in [
            "/components/like/fragment?post=p1&liked=true&count=12345",
            "/components/follow/fragment?uid=ada&following=false",
            "/components/avatar/fragment?uid=ada&vip=verified&config=plain",
        ] {
            bodies.append(try await fetch(target, nil))
            bodies.append(try await fetch(target, "alice"))
        }
        return bodies
    }

    /// Sends the same request to both apps and checks that they answer alike.
    private func both(
        _ apps: [Application], _ method: HTTPMethod, _ target: String, viewer: String, body: String? = nil,
        extra: [String: String] = [:]
    ) async throws {
        var statuses: [Int] = []
        for app in apps {
            let response = try await app.responder.test(method, target, headers: .viewer(viewer, extra), body: body)
            statuses.append(response.status.code)
        }
        #expect(statuses[0] == statuses[1], "\(method) \(target)")
    }

    private func expectSamePages(_ fetches: [Fetch], _ step: String) async throws {
        let viewers = ["alice", "bob", "ada"]
        let cached = try await pages(fetches[0], viewers: viewers)
        let rendered = try await pages(fetches[1], viewers: viewers)
        #expect(cached.count == rendered.count)
        for (index, (kept, fresh)) in zip(cached, rendered).enumerated() where kept != fresh {
            Issue.record("after \(step): answer \(index) differs from a fresh render")
        }
    }

    /// Taps, a failure's one-time message, settings changed and changed back, and a reset, sent to both
    /// apps; after each, `fetches` (the kept app's first) must give the same pages.
    private func expectSamePagesAfterEveryChange(_ apps: [Application], _ fetches: [Fetch]) async throws {
        try await expectSamePages(fetches, "start")
        try await both(apps, .post, "/components/like/tap", viewer: "alice", body: "post=p1&liked=true&return_to=/feed")
        try await expectSamePages(fetches, "a like")
        try await both(apps, .post, "/components/follow/tap", viewer: "bob", body: "uid=ada&following=true")
        try await expectSamePages(fetches, "a follow")
        // A failed tap without script leaves a one-time message: shown on the next page, then gone.
        try await both(
            apps, .post, "/components/like/tap", viewer: "alice", body: "post=p1&liked=false&return_to=/feed",
            extra: ["X-Simulate-Failure": "always"])
        try await expectSamePages(fetches, "a failed unlike")
        try await both(apps, .post, "/simulation", viewer: "alice", body: "failure_rate=0.5&latency_ms=3")
        try await expectSamePages(fetches, "new settings")
        // Back to the settings of the start: pages kept under them earlier must not come back.
        try await both(apps, .post, "/simulation", viewer: "alice", body: "failure_rate=0&latency_ms=0")
        try await expectSamePages(fetches, "the first settings again")
        try await both(apps, .post, "/reset", viewer: "alice", body: "")
        try await expectSamePages(fetches, "a reset")
    }

    @Test func keptPagesAreTheBytesOfAFreshRenderAfterEveryChange() async throws {
        let apps = [app(renderCache: true), app(renderCache: false)]
        try await expectSamePagesAfterEveryChange(apps, apps.map(inProcess))
    }

    /// Over HTTP, a request that comes again byte for byte may be answered with the response sent last
    /// time (`HTTPResponse.reusableWhile`): never once anything it shows has changed.
    @Test func responsesSentAgainAreTheBytesOfAFreshRenderAfterEveryChange() async throws {
        let apps = [app(renderCache: true), app(renderCache: false)]
        try await withLiveServer(responder: apps[0].responder) { server in
            apps[0].hostAllowList.port = server.port
            let client = TestClient(server)
            let live: Fetch = { target, viewer in
                try await client.get(target, headers: viewer.map { ["Cookie": "viewer=\($0)"] } ?? [:]).bodyText
            }
            try await expectSamePagesAfterEveryChange(apps, [live, inProcess(apps[1])])
            // The second of each pair of identical requests was answered with what the first got.
            #expect(server.reusedForSameRequest.served >= 20)
        }
    }

    /// A first visit sent again gets the page every new viewer gets, with a viewer of its own.
    @Test func firstVisitsAnsweredAgainEachGetANewViewer() async throws {
        let app = app(renderCache: true)
        try await withLiveServer(responder: app.responder) { server in
            app.hostAllowList.port = server.port
            let client = TestClient(server)
            var cookies: Set<String> = []
            var bodies: Set<String> = []
            for target in [
                "/feed", "/feed", "/feed", "/components/like/fragment?post=p1", "/components/like/fragment?post=p1",
                "/components/like/fragment?post=p1",
            ] {
                let response = try await client.get(target)
                let cookie = try #require(response.headers["Set-Cookie"])
                #expect(cookie.hasPrefix("viewer=v") && cookie.contains("HttpOnly"))
                cookies.insert(cookie)
                bodies.insert(response.bodyText)
            }
            #expect(cookies.count == 6)
            #expect(bodies.count == 2)
            // Each kept at its second time, and answered again at its third.
            #expect(server.reusedForSameRequest.served == 2)
            // The new viewers are real: a tap with one of them counts for that viewer alone.
            let viewer = String(cookies.first!.prefix { $0 != ";" })
            let tap = try await client.post(
                "/components/like/tap", form: "post=p1&liked=true&return_to=/feed", headers: ["Cookie": viewer])
            #expect(tap.status.code == 303)
            let theirs = try await client.get("/feed", headers: ["Cookie": viewer]).bodyText
            #expect(occurrences(of: "data-liked=\"true\"", in: theirs) == 1)
            let newcomer = try await client.get("/feed")
            #expect(occurrences(of: "data-liked=\"true\"", in: newcomer.bodyText) == 0)
        }
    }

    @Test func aChangeIsShownOnTheNextPage() async throws {
        let app = app(renderCache: true)
        let viewer = HTTPHeaders.viewer("carol")
        let before = try await app.responder.test(.get, "/posts/p2", headers: viewer).bodyText
        #expect(try await app.responder.test(.get, "/posts/p2", headers: viewer).bodyText == before)
        let tap = try await app.responder.test(
            .post, "/components/like/tap", headers: viewer, body: "post=p2&liked=true&return_to=/posts/p2")
        #expect(tap.status == .seeOther)
        let after = try await app.responder.test(.get, "/posts/p2", headers: viewer).bodyText
        #expect(after != before)
        #expect(after.contains("data-liked=\"true\""))
        // Another viewer's page shows the new count but not the like.
        let other = try await app.responder.test(.get, "/posts/p2", headers: .viewer("dave")).bodyText
        #expect(other.contains("data-liked=\"false\""))
    }

    @Test func newViewersShareAPageThatShowsNoneOfAnotherViewersState() async throws {
        let app = app(renderCache: true)
        let first = try await app.responder.test(.get, "/feed")
        let cookie = try #require(first.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init))
        _ = try await app.responder.test(
            .post, "/components/like/tap", headers: ["Cookie": cookie], body: "post=p1&liked=true&return_to=/feed")
        let theirs = try await app.responder.test(.get, "/feed", headers: ["Cookie": cookie]).bodyText
        let newcomer = try await app.responder.test(.get, "/feed")
        #expect(newcomer.headers["Set-Cookie"] != first.headers["Set-Cookie"])
        #expect(theirs != newcomer.bodyText)
        #expect(occurrences(of: "data-liked=\"true\"", in: theirs) == 1)
        #expect(occurrences(of: "data-liked=\"true\"", in: newcomer.bodyText) == 0)
    }

    @Test func badFragmentParametersAreRefusedEveryTime() async throws {
        let app = app(renderCache: true)
        for _ in 0..<2 {
            let response = try await app.responder.test(.get, "/components/like/fragment?post=p1&liked=maybe&count=1")
            #expect(response.status == .badRequest)
            #expect(response.bodyText.contains("liked"))
        }
        let good = try await app.responder.test(.get, "/components/like/fragment?post=p1&liked=true&count=1")
        #expect(good.status == .ok)
        let rendered = try PreviewAppFragments.render("like", [("post", "p1"), ("liked", "true"), ("count", "1")])
        #expect(good.bodyText == rendered)
    }
}
