import ComponentTesting
import Components
import Demo
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// A tap without script in the gallery shows its outcome where it lands: the component page's live
/// instance is the viewer's own state of its target, with the message a failed tap left, once.
@Suite struct GalleryTapTests {
    // The demo's own components: `ComponentChecksTests.everyDemoComponentPassesEveryCheck`.

    @Test func aLikeWithoutScriptInTheGalleryShowsTheChangeAndAFailureOnce() async throws {
        let app = makeApp()
        let cookie: HTTPHeaders = ["Cookie": "viewer=vgallery"]
        func live() async throws -> String {
            let page = try await app.responder.test(.get, "/components/like", headers: cookie)
            return GalleryTapCheck.liveInstance(in: page.bodyText) ?? ""
        }
        let before = try await live()
        #expect(before.contains(#"id="like-p1""#) && before.contains(#"aria-pressed="false""#))
        // A tap there comes back to this page, with its parameters, at the live instance.
        let field = #"name="return_to" value=""#
        let returnTo = before.firstRange(of: field).map { before[$0.upperBound...].prefix { $0 != "\"" } }
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
        #expect(returnTo?.hasPrefix("/components/like?config=self-managed&post=p1&") == true)
        #expect(returnTo?.hasSuffix("#live") == true)
        let back = returnTo ?? ""

        var headers = cookie
        headers["X-Simulate-Failure"] = "always"
        let failed = try await app.responder.test(
            .post, "/components/like/tap", headers: headers,
            body: "post=p1&liked=true&return_to=" + PercentEncoding.encodeQueryValue(back))
        #expect(failed.status == .seeOther && failed.headers["Location"] == back)
        let message = "Your like couldn"
        let afterFailure = try await live()
        #expect(afterFailure.contains(message) && afterFailure.contains(#"aria-pressed="false""#))
        #expect(try await live() == before)  // once

        headers["X-Simulate-Failure"] = "never"
        let committed = try await app.responder.test(
            .post, "/components/like/tap", headers: headers,
            body: "post=p1&liked=true&return_to=" + PercentEncoding.encodeQueryValue(back))
        #expect(committed.status == .seeOther)
        let afterCommit = try await live()
        #expect(afterCommit.contains(#"aria-pressed="true""#) && !afterCommit.contains(message))
    }

    /// The check can fail: a component whose render leaves out the failure's message is caught.
    @Test func theCheckCatchesAComponentThatShowsNoMessage() async throws {
        let problems = try await GalleryTapCheck.problems { [Bell.module($0)] }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("rolled back") == true && problems.first?.contains("no message") == true)
    }
}
