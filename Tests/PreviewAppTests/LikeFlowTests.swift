import Basics
import Components
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Synchronization
import Testing

/// The like and avatar taps end to end over a live server.
@Suite struct LikeFlowTests {
    @Test func avatarTapRedirectsOrAnswersHTMX() async throws {
        let app = makeApp()
        try await withLiveServer(responder: app.responder) { server in
            let client = TestClient(server)
            let plain = try await client.post("/components/avatar/tap", form: "uid=ada")
            #expect(plain.status.code == 303)
            #expect(plain.headers["Location"] == "/users/ada")
            let htmx = try await client.post("/components/avatar/tap", form: "uid=ada", headers: ["HX-Request": "true"])
            #expect(htmx.status.code == 200)
            #expect(htmx.headers["HX-Redirect"] == "/users/ada")
            #expect(htmx.headers["Location"] == nil)
            let missing = try await client.post("/components/avatar/tap", form: "")
            #expect(missing.status.code == 400)
            #expect(missing.bodyText.contains("uid"))
            let unknown = try await client.post("/components/avatar/tap", form: "uid=ghost")
            #expect(unknown.status.code == 404)
            #expect(unknown.bodyText.contains("ghost"))
        }
    }

    @Test func likeUnlikeAndIdempotentRepeatOverHTTP() async throws {
        let app = makeApp()
        try await withLiveServer(responder: app.responder) { server in
            let client = TestClient(server)
            let viewer = ["Cookie": "viewer=vlive"]
            let like = try await client.post(
                "/components/like/tap", form: "post=p4&liked=true&return_to=/posts/p4", headers: viewer)
            #expect(like.status.code == 303)
            #expect(like.headers["Location"] == "/posts/p4")
            let again = try await client.post("/components/like/tap", form: "post=p4&liked=true", headers: viewer)
            #expect(again.status.code == 303)
            #expect(app.likes.committed(post: "p4", viewer: "vlive") == .init(liked: true, count: 1))
            let unlike = try await client.post(
                "/components/like/tap", form: "post=p4&liked=false",
                headers: viewer.merging(["HX-Request": "true"]) { $1 })
            #expect(unlike.status.code == 200)
            #expect(unlike.bodyText.hasPrefix(#"<div class="like" id="like-p4" data-count="0" data-liked="false">"#))
            #expect(app.likes.committed(post: "p4", viewer: "vlive") == .init(liked: false, count: 0))
        }
    }

    /// Documented in docs/HTTP.md and the OpenAPI document: a tap for the state the viewer already has
    /// sends nothing to the like service, so even a forced failure cannot fail it.
    @Test func aTapForTheStateItAlreadyHasSucceedsEvenWhenFailureIsForced() async throws {
        let app = makeApp(failureRate: 1)
        let viewer = HTTPHeaders.viewer("vsame", ["X-Simulate-Failure": "never"])
        _ = try await app.responder.test(.post, "/components/like/tap", headers: viewer, body: "post=p6&liked=true")
        var forced = HTTPHeaders.viewer("vsame", ["X-Simulate-Failure": "always", "HX-Request": "true"])
        let again = try await app.responder.test(
            .post, "/components/like/tap", headers: forced, body: "post=p6&liked=true")
        #expect(again.status.code == 200)
        #expect(!again.bodyText.contains("role=\"alert\""))
        forced["Cookie"] = "viewer=vnever"
        let unlikeNothing = try await app.responder.test(
            .post, "/components/like/tap", headers: forced, body: "post=p6&liked=false")
        #expect(unlikeNothing.status.code == 200)
        #expect(app.likes.committed(post: "p6", viewer: "vsame")?.liked == true)
        #expect(app.events.recent().map(\.outcome) == [.committed, .committed, .committed])
    }

    @Test func forcedFailureRestoresExactlyThePriorState() async throws {
        let app = makeApp()
        try await withLiveServer(responder: app.responder) { server in
            let client = TestClient(server)
            let viewer = ["Cookie": "viewer=vfail"]
            _ = try await client.post("/components/like/tap", form: "post=p1&liked=true", headers: viewer)
            let before = try await client.get("/api/posts/p1", headers: viewer).bodyText
            #expect(before == #"{"id":"p1","count":12346,"liked":true,"pending":false}"#)
            let failed = try await client.post(
                "/components/like/tap", form: "post=p1&liked=false",
                headers: viewer.merging(["HX-Request": "true", "X-Simulate-Failure": "always"]) { $1 })
            #expect(failed.status.code == 503)
            #expect(failed.bodyText.contains(#"aria-pressed="true""#))
            #expect(failed.bodyText.contains(#"<span class="like-count">12.3K</span>"#))
            #expect(failed.bodyText.contains(#"data-count="12346""#))
            #expect(failed.bodyText.contains(#"role="alert""#))
            #expect(try await client.get("/api/posts/p1", headers: viewer).bodyText == before)
        }
    }

    @Test(arguments: [
        "//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil.example", "/%2F%2Fevil.example",
        "javascript:alert(1)", "%2F%2Fevil.example", "/%5Cevil.example", "/ok%0D%0ALocation:%20x",
    ])
    func returnToAttacksFallBackToTheFeed(returnTo: String) async throws {
        let app = makeApp()
        let encoded = PercentEncoding.encodeQueryValue(returnTo)
        let response = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vredir"), body: "post=p2&liked=true&return_to=\(encoded)")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/feed")
    }

    @Test(arguments: [
        ("post=nope&liked=true", 404), ("liked=true", 400), ("post=&liked=true", 400), ("post=p1", 400),
        ("post=p1&liked=yes", 400), ("post=p1&liked=%zz", 400), ("post=%C3%28&liked=true", 400),
    ])
    func badTapsChangeNothing(body: String, status: Int) async throws {
        let app = makeApp()
        let before = app.likes.snapshot().mapValues(\.count)
        let response = try await app.responder.test(.post, "/components/like/tap", headers: .viewer("vbad"), body: body)
        #expect(response.status.code == status)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.bodyText.contains("class=\"error-message\""))
        #expect(app.likes.snapshot().mapValues(\.count) == before)
        #expect(app.events.count == 0)
    }

    /// 50 viewers × 20 taps on the same posts with failures: afterwards every post's count is its base plus
    /// its likers, and each viewer's state is that of their last successful tap.
    @Test func concurrentViewersKeepTheInvariant() async throws {
        let app = makeApp(latency: 1, failureRate: 0.3, seed: 42)
        let posts = ["p1", "p2", "p3"]
        try await withLiveServer(responder: app.responder) { server in
            let client = TestClient(server, maxConnections: 50)
            let expected = try await withThrowingTaskGroup(of: [String: Bool].self) { group in
                for viewerIndex in 0..<50 {
                    group.addTask {
                        var generator = SplitMix64(seed: UInt64(viewerIndex + 1))
                        var lastSuccess: [String: Bool] = [:]
                        for _ in 0..<20 {
                            let post = posts[Int(generator.next() % 3)]
                            let liked = generator.next() % 2 == 0
                            let response = try await client.post(
                                "/components/like/tap", form: "post=\(post)&liked=\(liked)",
                                headers: ["Cookie": "viewer=vc\(viewerIndex)", "HX-Request": "true"])
                            switch response.status.code {
                            case 200: lastSuccess[post] = liked
                            case 503: break
                            default: Issue.record("unexpected status \(response.status.code)")
                            }
                        }
                        return lastSuccess.reduce(into: [:]) { $0["vc\(viewerIndex)/\($1.key)"] = $1.value }
                    }
                }
                return try await group.reduce(into: [String: Bool]()) { $0.merge($1) { $1 } }
            }
            let snapshot = app.likes.snapshot()
            for post in posts {
                let record = try #require(snapshot[post])
                #expect(record.count == record.base + record.likers.count)
                let api = try await client.get("/api/posts/\(post)", headers: ["Cookie": "viewer=vnobody"]).bodyText
                #expect(api.contains("\"count\":\(record.count),"))
            }
            for viewerIndex in 0..<50 {
                for post in posts {
                    let liked = app.likes.committed(post: post, viewer: "vc\(viewerIndex)")?.liked
                    #expect(liked == (expected["vc\(viewerIndex)/\(post)"] ?? false), "vc\(viewerIndex) on \(post)")
                }
            }
            let events = app.events.recent()
            #expect(events.contains { $0.outcome == .rolledBack })
            #expect(events.contains { $0.outcome == .committed })
        }
    }
}
