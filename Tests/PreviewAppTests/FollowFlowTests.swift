import ComponentTesting
import Components
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The follow button end to end in the app: placed by the pages, tapped with and without script, read
/// through the API, reset, and kept in the state file.
@Suite struct FollowFlowTests {
    private let form = ["Content-Type": "application/x-www-form-urlencoded"]

    @Test func theFeedPlacesAFollowButtonBesideEveryAuthor() async throws {
        let app = makeApp()
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("vfeed")).bodyText
        #expect(occurrences(of: #"<div class="follow""#, in: feed) == Fixtures.demo.posts.count)
        #expect(
            feed.contains(
                #"<input type="hidden" name="uid" value="margaret"><input type="hidden" name="following" value="true">"#
                    + #"<input type="hidden" name="return_to" value="/feed#like-p4">"#))
        #expect(feed.contains(#"<span class="follow-count">1,969 followers</span>"#))
        #expect(HTMLWellFormedness.check(Array(feed.utf8)).isEmpty)
    }

    @Test func aPlainFormFollowComesBackAndEveryButtonForThatPersonShowsIt() async throws {
        let app = makeApp()
        let tap = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vplain", form),
            body: "uid=margaret&following=true&return_to=/feed%23like-p4")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/feed#like-p4")
        let feed = withoutSelfManagement(
            try await app.responder.test(.get, "/feed", headers: .viewer("vplain")).bodyText)
        #expect(occurrences(of: "1,970 followers", in: feed) == 3, "margaret wrote p4, p10 and p17")
        #expect(occurrences(of: #"follow--animated"#, in: feed) == 1, "the saved follow animates once, where it was")
        let again = withoutSelfManagement(
            try await app.responder.test(.get, "/feed", headers: .viewer("vplain")).bodyText)
        #expect(!again.contains("follow--animated"))
        let other = try await app.responder.test(.get, "/users/margaret", headers: .viewer("vother")).bodyText
        #expect(other.contains("1,970 followers"))
        #expect(other.contains(#"aria-pressed="false""#))
    }

    @Test func theProfileHasOneFollowButtonAndThePostsNone() async throws {
        let app = makeApp()
        let page = try await app.responder.test(.get, "/users/grace", headers: .viewer("vprofile")).bodyText
        #expect(occurrences(of: #"<div class="follow""#, in: page) == 1)
        #expect(page.contains(#"<input type="hidden" name="return_to" value="/users/grace">"#))
    }

    @Test func aViewerWhoIsTheUserSeesNoButtonAndCannotFollowThemselves() async throws {
        let app = makeApp()
        let page = try await app.responder.test(.get, "/users/ada", headers: .viewer("ada")).bodyText
        #expect(!page.contains(#"<div class="follow""#))
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("ada")).bodyText
        #expect(!feed.contains(#"name="uid" value="ada"><input type="hidden" name="following""#))
        let tap = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("ada", form), body: "uid=ada&following=true")
        #expect(tap.status == .forbidden)
        #expect(tap.bodyText.contains("cannot follow yourself"))
        #expect(app.follows.committed("ada", viewer: "ada")?.isOn == false)
    }

    @Test func withScriptTheTapAnswersTheFragmentOrTheRestoredOneWithAnAlert() async throws {
        let app = makeApp()
        let ok = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vhx", form.merging(["HX-Request": "true"]) { $1 }),
            body: "uid=linus&following=true")
        #expect(ok.status == .ok)
        #expect(ok.bodyText.hasPrefix(#"<div class="follow follow--animated" data-followers="1000001""#))
        let failed = try await app.responder.test(
            .post, FollowButton.tapPath,
            headers: .viewer("vhx", form.merging(["HX-Request": "true", "X-Simulate-Failure": "always"]) { $1 }),
            body: "uid=linus&following=false")
        #expect(failed.status == .serviceUnavailable)
        #expect(failed.bodyText.contains(#"data-followers="1000001" data-following="true""#))
        #expect(failed.bodyText.contains(#"<p class="follow-error" role="alert">"#))
        #expect(app.follows.committed("linus", viewer: "vhx") == .init(isOn: true, count: 1_000_001))
    }

    @Test func aFailedPlainTapShowsItsMessageOnceOnThePageItReturnsTo() async throws {
        let app = makeApp(failureRate: 1)
        let tap = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vflash", form), body: "uid=nova&following=true")
        #expect(tap.headers["Location"] == "/users/nova")
        let page = try await app.responder.test(.get, "/users/nova", headers: .viewer("vflash")).bodyText
        #expect(page.contains("Your follow couldn't be saved, so it was undone."))
        let again = try await app.responder.test(.get, "/users/nova", headers: .viewer("vflash")).bodyText
        #expect(!again.contains("couldn't be saved"))
    }

    @Test func theAPIDescribesAUserForTheRequestingViewer() async throws {
        let app = makeApp()
        let before = try await app.responder.test(.get, "/api/users/tim", headers: .viewer("vapi"))
        #expect(before.status == .ok)
        #expect(before.bodyText == #"{"uid":"tim","followers":42,"following":false,"pending":false}"#)
        _ = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vapi", form), body: "uid=tim&following=true")
        let after = try await app.responder.test(.get, "/api/users/tim", headers: .viewer("vapi")).bodyText
        #expect(after == #"{"uid":"tim","followers":43,"following":true,"pending":false}"#)
        let someoneElse = try await app.responder.test(.get, "/api/users/tim", headers: .viewer("vx")).bodyText
        #expect(someoneElse == #"{"uid":"tim","followers":43,"following":false,"pending":false}"#)
        let missing = try await app.responder.test(.get, "/api/users/nobody", headers: .viewer("vapi"))
        #expect(missing.status == .notFound)
        #expect(missing.bodyText == #"{"error":"There is no user with the id nobody."}"#)
    }

    @Test func theEventLogDescribesFollows() async throws {
        let app = makeApp()
        _ = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vlog", form), body: "uid=amp&following=true")
        let page = try await app.responder.test(.get, "/events").bodyText
        #expect(
            page.contains(
                "<td>FollowButton</td><td>amp</td><td>\(Viewer(id: "vlog")!.id)</td><td>not following, 7</td><td>following, 8</td>"
            ))
    }

    @Test func resetForgetsFollows() async throws {
        let app = makeApp()
        _ = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vreset", form), body: "uid=amp&following=true")
        #expect(app.follows.committed("amp", viewer: "vreset")?.isOn == true)
        _ = try await app.responder.test(.post, "/reset")
        #expect(app.follows.committed("amp", viewer: "vreset") == .init(isOn: false, count: 7))
    }

    @Test func followsAreKeptInTheStateFileAcrossRestarts() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("follows-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try makeApp(stateFile: path)
        _ = try await app.responder.test(
            .post, FollowButton.tapPath, headers: .viewer("vkeep", form), body: "uid=grace&following=true")
        _ = try await app.responder.test(
            .post, LikeButton.tapPath, headers: .viewer("vkeep", form), body: "post=p2&liked=true")
        try await offThePool { app.persister?.flush() }  // it blocks: not on the cooperative pool
        let restarted = try makeApp(stateFile: path)
        #expect(restarted.follows.committed("grace", viewer: "vkeep") == .init(isOn: true, count: 2_718_282))
        #expect(restarted.likes.committed("p2", viewer: "vkeep")?.isOn == true)
    }

    @Test func aStateFileOfTheLikesOnlyFormatStillLoads() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("v1-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Written by the server before follows existed (header, post<TAB>viewer, end line with checksum).
        let body = "self-managed-preview like-state 1\np3\tvold\n"
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.utf8 {
            checksum ^= UInt64(byte)
            checksum &*= 0x0000_0100_0000_01B3
        }
        try (body + "end 1 \(String(checksum, radix: 16))\n").write(toFile: path, atomically: false, encoding: .utf8)
        let app = try makeApp(stateFile: path)
        #expect(app.likes.committed("p3", viewer: "vold") == .init(isOn: true, count: 1_000))
        #expect(app.follows.committed("ada", viewer: "vold")?.isOn == false)
    }
}
