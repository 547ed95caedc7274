import Basics
import ComponentTesting
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Synchronization
import Testing

@testable import Components

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
            #expect(app.likes.committed("p4", viewer: "vlive") == .init(isOn: true, count: 1))
            let unlike = try await client.post(
                "/components/like/tap", form: "post=p4&liked=false",
                headers: viewer.merging(["HX-Request": "true"]) { $1 })
            #expect(unlike.status.code == 200)
            #expect(
                withoutSelfManagement(unlike.bodyText).hasPrefix(
                    #"<div class="like" id="like-p4" data-count="0" data-liked="false">"#))
            #expect(app.likes.committed("p4", viewer: "vlive") == .init(isOn: false, count: 0))
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
        #expect(app.likes.committed("p6", viewer: "vsame")?.isOn == true)
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
}
