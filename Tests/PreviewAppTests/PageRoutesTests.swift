import ComponentTesting
import Components
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

@Suite struct PageRoutesTests {
    @Test func feedPlacesSelfManagedComponentsForEveryPost() async throws {
        let app = makeApp()
        let response = try await app.responder.test(.get, "/feed", headers: .viewer("v1"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = response.bodyText
        #expect(occurrences(of: "class=\"post-cell\"", in: page) == app.fixtures.posts.count)
        #expect(occurrences(of: "action=\"/components/avatar/tap\"", in: page) == app.fixtures.posts.count)
        #expect(occurrences(of: "action=\"/components/like/tap\"", in: page) == app.fixtures.posts.count)
        #expect(page.contains("id=\"like-p1\""))
        #expect(page.contains("<input type=\"hidden\" name=\"return_to\" value=\"/feed#like-p1\">"))
        #expect(HTMLWellFormedness.check(response.body).isEmpty)
    }

    @Test func pagesContainNoTapHandlingOfTheirOwn() async throws {
        let app = makeApp()
        for path in ["/feed", "/users/ada", "/posts/p1"] {
            let page = try await app.responder.test(.get, path).bodyText
            #expect(!page.contains("<script>"), "\(path) has inline script")
            #expect(!page.contains("onclick"), "\(path) has an inline handler")
            // Every form on these pages belongs to a component and posts to that component's own route.
            let actions = page.components(separatedBy: "action=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            let tapPaths = Set(ComponentCatalog.demo.all.flatMap { $0.actions.map(\.path) })
            #expect(!actions.isEmpty)
            #expect(actions.allSatisfy(tapPaths.contains), "\(path): \(Set(actions).subtracting(tapPaths))")
        }
        let feed = try await app.responder.test(.get, "/feed").bodyText
        for path in [AvatarView.tapPath, LikeButton.tapPath, FollowButton.tapPath] {
            #expect(feed.contains("action=\"\(path)\""), "the feed places every component")
        }
    }

    @Test func hostileNamesAreShownAsText() async throws {
        let app = makeApp()
        let page = try await app.responder.test(.get, "/users/tim").bodyText
        #expect(page.contains("<h1>Tim \"TBL\" &lt;Berners-Lee&gt; &amp; Co's</h1>"))
        #expect(page.contains("alt=\"Tim &quot;TBL&quot; &lt;Berners-Lee> &amp; Co&#39;s\""))
        #expect(!page.contains("<Berners-Lee>"))
        let feed = try await app.responder.test(.get, "/feed").bodyText
        #expect(feed.contains("This is for everyone. &lt;b&gt;Not bold&lt;/b&gt; &amp; not a tag."))
    }

    @Test func profileShowsTheUsersPostsAndLargeAvatar() async throws {
        let app = makeApp()
        let page = try await app.responder.test(.get, "/users/ada").bodyText
        #expect(page.contains("avatar avatar--large"))
        #expect(occurrences(of: "class=\"post-cell\"", in: page) == app.fixtures.posts(by: "ada").count)
        #expect(page.contains("Verified (大V)"))
    }

    @Test func userWithoutImageGetsThePlaceholder() async throws {
        let page = try await makeApp().responder.test(.get, "/users/nova").bodyText
        #expect(page.contains("src=\"/public/avatar-placeholder.svg\""))
    }

    @Test(arguments: ["/users/nobody", "/posts/p999", "/nowhere"])
    func unknownIdsGetAnHTMLErrorPage(path: String) async throws {
        let response = try await makeApp().responder.test(.get, path)
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.bodyText.contains("<h1>404 Not Found</h1>"))
        #expect(response.bodyText.contains("class=\"error-message\""))
    }

    @Test func postPageReturnsToItself() async throws {
        let page = try await makeApp().responder.test(.get, "/posts/p3").bodyText
        #expect(page.contains("name=\"return_to\" value=\"/posts/p3\""))
        #expect(page.contains("<span class=\"like-count\">999</span>"))
    }

    @Test func apiPostReportsCommittedStateForTheViewer() async throws {
        let app = makeApp()
        let before = try await app.responder.test(.get, "/api/posts/p4", headers: .viewer("vapi"))
        #expect(before.headers["Content-Type"] == "application/json")
        #expect(before.bodyText == #"{"id":"p4","count":0,"liked":false,"pending":false}"#)
        let tap = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vapi"), body: "post=p4&liked=true")
        #expect(tap.status == .seeOther)
        #expect(
            try await app.responder.test(.get, "/api/posts/p4", headers: .viewer("vapi")).bodyText
                == #"{"id":"p4","count":1,"liked":true,"pending":false}"#)
        #expect(
            try await app.responder.test(.get, "/api/posts/p4", headers: .viewer("vother")).bodyText
                == #"{"id":"p4","count":1,"liked":false,"pending":false}"#)
        let missing = try await app.responder.test(.get, "/api/posts/nope")
        #expect(missing.status == .notFound)
        #expect(missing.headers["Content-Type"] == "application/json")
    }

    @Test func pendingTapShowsBusyOptimisticStateToThatViewer() async throws {
        let service = ScriptedService(holding: [0])
        let app = makeApp(service: service)
        async let tap = app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vbusy", ["HX-Request": "true"]), body: "post=p3&liked=true"
        )
        // The service holds the tap: it is in flight until released.
        try #require(await completes { await service.waitForCalls(1) })
        let api = try await app.responder.test(.get, "/api/posts/p3", headers: .viewer("vbusy")).bodyText
        #expect(api == #"{"id":"p3","count":999,"liked":false,"pending":true}"#)
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("vbusy")).bodyText
        #expect(
            withoutSelfManagement(feed).contains(
                #"<div class="like" id="like-p3" aria-busy="true" data-count="1000" data-liked="true">"#))
        let other = try await app.responder.test(.get, "/feed", headers: .viewer("vcalm")).bodyText
        #expect(
            withoutSelfManagement(other).contains(
                #"<div class="like" id="like-p3" data-count="999" data-liked="false">"#))
        service.release(0)
        #expect(try await tap.status == .ok)
    }

    @Test func failedPlainTapShowsAnAlertOnceOnTheReturnPage() async throws {
        let app = makeApp()
        let tap = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vflash", ["X-Simulate-Failure": "always"]),
            body: "post=p2&liked=true&return_to=%2Ffeed%23like-p2")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/feed#like-p2")
        let first = try await app.responder.test(.get, "/feed", headers: .viewer("vflash")).bodyText
        #expect(occurrences(of: "role=\"alert\"", in: first) == 1)
        #expect(first.contains(#"id="like-p2" data-count="1234567" data-liked="false""#))
        let second = try await app.responder.test(.get, "/feed", headers: .viewer("vflash")).bodyText
        #expect(occurrences(of: "role=\"alert\"", in: second) == 0)
    }

    @Test func eventsAsJSONAndHTML() async throws {
        let app = makeApp()
        _ = try await app.responder.test(.post, "/components/avatar/tap", headers: .viewer("vev"), body: "uid=grace")
        _ = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vev"), body: "post=p1&liked=true")
        let json = try await app.responder.test(.get, "/events", headers: ["Accept": "application/json"])
        #expect(json.headers["Content-Type"] == "application/json")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [[String: Any]])
        #expect(events.count == 2)
        #expect(events[0]["component"] as? String == "LikeButton")
        #expect(events[0]["outcome"] as? String == "committed")
        #expect((events[0]["prior"] as? [String: Any])?["count"] as? Int == 12_345)
        #expect((events[0]["optimistic"] as? [String: Any])?["count"] as? Int == 12_346)
        #expect(events[1]["component"] as? String == "AvatarView")
        #expect(events[1]["location"] as? String == "/users/grace")
        #expect(events[1]["viewer"] as? String == Viewer(id: "vev")!.id)
        let html = try await app.responder.test(.get, "/events").bodyText
        #expect(html.contains("<td class=\"outcome-committed\">committed</td>"))
        #expect(html.contains("<td class=\"outcome-redirected\">redirected</td>"))
    }

    @Test func firstResponseSetsTheViewerCookie() async throws {
        let app = makeApp()
        let first = try await app.responder.test(.get, "/feed")
        let cookie = try #require(first.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("viewer=v"))
        #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))
        let again = try await app.responder.test(.get, "/feed", headers: .viewer("vkept"))
        #expect(again.headers["Set-Cookie"] == nil)
    }

    @Test func staticFilesAreServedFromPublic() async throws {
        let app = makeApp()
        let css = try await app.responder.test(.get, "/public/app.css")
        #expect(css.status == .ok)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        let svg = try await app.responder.test(.get, "/public/avatar-placeholder.svg")
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
    }
}

extension PageRoutesTests {
    @Test func aLaterTapClearsAnEarlierFailureMessage() async throws {
        let app = makeApp()
        _ = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vclear", ["X-Simulate-Failure": "always"]),
            body: "post=p6&liked=true")
        _ = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vclear", ["HX-Request": "true"]),
            body: "post=p6&liked=true")
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("vclear")).bodyText
        #expect(occurrences(of: "role=\"alert\"", in: feed) == 0)
    }

    @Test func onlyAChangedLikeAnimatesAfterAPlainTap() async throws {
        let app = makeApp()
        let tap = "post=p7&liked=true"
        _ = try await app.responder.test(.post, "/components/like/tap", headers: .viewer("vanim"), body: tap)
        let first = try await app.responder.test(.get, "/feed", headers: .viewer("vanim")).bodyText
        #expect(first.contains(#"<div class="like like--animated" id="like-p7""#))
        _ = try await app.responder.test(.post, "/components/like/tap", headers: .viewer("vanim"), body: tap)
        let repeated = try await app.responder.test(.get, "/feed", headers: .viewer("vanim")).bodyText
        #expect(repeated.contains(#"<div class="like" id="like-p7""#))
    }
}
