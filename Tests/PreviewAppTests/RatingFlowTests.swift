import ComponentTesting
import Components
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The star rating end to end in the app, built on the generic kind alone: placed on each post's page and
/// not on the feed, rated with and without script, refused, read through its state endpoint, in the
/// event log, reset, and kept in the state file across a restart.
@Suite struct RatingFlowTests {
    private let form = ["Content-Type": "application/x-www-form-urlencoded"]
    private let path = "/components/rating/rate"

    private func rate(
        _ app: Application, _ body: String, viewer: String, script: Bool = false, simulate: String? = nil
    ) async throws -> HTTPResponse {
        var extra = form
        if script { extra["HX-Request"] = "true" }
        if let simulate { extra["X-Simulate-Failure"] = simulate }
        return try await app.responder.test(.post, path, headers: .viewer(viewer, extra), body: body)
    }

    private func state(_ app: Application, _ post: String, viewer: String) async throws -> JSONValue {
        try JSONValue(
            parsing: try await app.responder.test(
                .get, "/components/rating/state/\(post)", headers: .viewer(viewer)
            ).body)
    }

    @Test func eachPostsPageShowsARatingAndTheFeedNone() async throws {
        let app = makeApp()
        let post = try await app.responder.test(.get, "/posts/p2", headers: .viewer("vplace")).bodyText
        #expect(occurrences(of: #"<div class="rating" id="rating-p2""#, in: post) == 1)
        #expect(occurrences(of: #"<form class="rating-star""#, in: post) == 5)
        #expect(post.contains(#"<input type="hidden" name="return_to" value="/posts/p2">"#))
        #expect(HTMLWellFormedness.check(Array(post.utf8)).isEmpty)
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("vplace")).bodyText
        #expect(!feed.contains(#"class="rating""#))
    }

    @Test func aRatingWithScriptAnswersTheFragmentAndTheStateEndpointHasIt() async throws {
        let app = makeApp()
        let before = try await state(app, "p2", viewer: "vhx")
        let answer = try await rate(app, "post=p2&stars=4", viewer: "vhx", script: true)
        #expect(answer.status == .ok)
        #expect(answer.headers[Announcement.header] == Announcement.headerValue("Rated 4 of 5"))
        let fragment = withoutSelfManagement(answer.bodyText)
        #expect(occurrences(of: #"aria-pressed="true""#, in: fragment) == 4)
        #expect(
            fragment.contains(
                #"<input type="hidden" name="stars" value="0"><button type="submit" aria-pressed="true" aria-label="4 stars">"#
            ))
        let after = try await state(app, "p2", viewer: "vhx")
        #expect(after["/stars"] == .int(4) && after["/pending"] == .bool(false))
        let base = try #require(Fixtures.demo.ratings["p2"])
        let count = base.values.reduce(0, +)
        let sum = base.reduce(0) { $0 + Int($1.key)! * $1.value }
        #expect(before["/count"] == .int(count))
        #expect(after["/count"] == .int(count + 1))
        #expect(after["/average"] == .double((Double(sum + 4) / Double(count + 1) * 10).rounded() / 10))
        #expect(try await state(app, "p2", viewer: "vother")["/stars"] == .int(0), "a rating is the viewer's own")
        // A tap on the rating given takes it back.
        let cleared = try await rate(app, "post=p2&stars=0", viewer: "vhx", script: true)
        #expect(cleared.headers[Announcement.header] == Announcement.headerValue("Rating cleared"))
        #expect(try await state(app, "p2", viewer: "vhx") == before)
    }

    @Test func aFailureWithScriptIs503WithTheRestoredRatingAndWithoutItTheMessageOnce() async throws {
        let app = makeApp()
        let failed = try await rate(app, "post=p3&stars=5", viewer: "vfail", script: true, simulate: "always")
        #expect(failed.status == .serviceUnavailable)
        #expect(failed.bodyText.contains(#"<p class="rating-error" role="alert">Your rating couldn't be saved"#))
        #expect(occurrences(of: #"aria-pressed="true""#, in: withoutSelfManagement(failed.bodyText)) == 0)
        #expect(try await state(app, "p3", viewer: "vfail")["/stars"] == .int(0))

        let plain = try await rate(app, "post=p3&stars=5&return_to=/posts/p3", viewer: "vfail", simulate: "always")
        #expect(plain.status == .seeOther && plain.headers["Location"] == "/posts/p3")
        let page = try await app.responder.test(.get, "/posts/p3", headers: .viewer("vfail")).bodyText
        #expect(page.contains(#"class="rating-error" role="alert""#))
        let again = try await app.responder.test(.get, "/posts/p3", headers: .viewer("vfail")).bodyText
        #expect(!again.contains("rating-error"), "the message is shown once")
    }

    @Test func aPlainFormRatingComesBackToTheReturnPathOrThePost() async throws {
        let app = makeApp()
        let back = try await rate(app, "post=p4&stars=3&return_to=/posts/p4", viewer: "vplain")
        #expect(back.status == .seeOther && back.headers["Location"] == "/posts/p4")
        let fallback = try await rate(app, "post=p4&stars=2&return_to=https://evil.example/", viewer: "vplain")
        #expect(fallback.headers["Location"] == "/posts/p4")
        let page = withoutSelfManagement(
            try await app.responder.test(.get, "/posts/p4", headers: .viewer("vplain")).bodyText)
        #expect(page.contains(#"aria-pressed="true" aria-label="2 stars""#))
        #expect(page.contains(#"aria-pressed="false" aria-label="3 stars""#))
    }

    @Test(arguments: [
        ("stars=4", "needs a post field naming the post to rate"),
        ("post=p1", "needs a stars field"),
        ("post=p1&stars=6", "The stars field must be one of 1, 2, 3, 4, 5, or 0 for none."),
        ("post=p1&stars=four", "The stars field must be one of 1, 2, 3, 4, 5, or 0 for none."),
        ("post=p1&stars=1&liked=true", "Unknown field \"liked\""),
    ])
    func badFieldsAre400NamingTheField(_ body: String, _ message: String) async throws {
        let app = makeApp()
        let answer = try await rate(app, body, viewer: "vbad")
        #expect(answer.status == .badRequest)
        #expect(answer.bodyText.contains(message), "\(answer.bodyText)")
        #expect(app.events.recent().isEmpty, "nothing happened")
    }

    @Test func anUnknownPostIs404AndChangesNothing() async throws {
        let app = makeApp()
        let answer = try await rate(app, "post=p999&stars=3", viewer: "vnone")
        #expect(answer.status == .notFound)
        #expect(answer.bodyText.contains("There is no post with the id p999."))
        let state = try await app.responder.test(.get, "/components/rating/state/p999", headers: .viewer("vnone"))
        #expect(state.status == .notFound)
    }

    @Test func eventsSayWhatChangedInTheRatingsOwnWords() async throws {
        let app = makeApp()
        _ = try await rate(app, "post=p5&stars=4", viewer: "vevent", script: true)
        _ = try await rate(app, "post=p5&stars=2", viewer: "vevent", script: true, simulate: "always")
        let events = app.events.recent()
        #expect(events.map(\.outcome) == [.rolledBack, .committed])
        let committed = try #require(events.last)
        #expect(committed.component == "StarRating" && committed.action == "rate" && committed.instance == "p5")
        #expect(committed.prior?.json["/stars"] == .null && committed.optimistic?.json["/stars"] == .string("4"))
        #expect(committed.optimistic?.text.hasPrefix("stars 4, ") == true)
        #expect(committed.json["/stars"] == .string("4"), "the change, in the rating's words")
    }

    @Test func resetTakesBackEveryRating() async throws {
        let app = makeApp()
        let before = try await state(app, "p6", viewer: "vreset")
        _ = try await rate(app, "post=p6&stars=5", viewer: "vreset")
        #expect(try await state(app, "p6", viewer: "vreset") != before)
        let reset = try await app.responder.test(.post, "/reset")
        #expect(reset.status.code < 400)
        #expect(try await state(app, "p6", viewer: "vreset") == before)
    }

    @Test func ratingsSurviveARestartThroughTheStateDatabase() async throws {
        let folder = NSTemporaryDirectory() + "rating-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.sqlite3"
        let app = try makeApp(stateFile: path)
        _ = try await rate(app, "post=p7&stars=3", viewer: "vkeep")
        _ = try await rate(app, "post=p8&stars=5", viewer: "vkeep")
        _ = try await rate(app, "post=p8&stars=0", viewer: "vkeep")
        let kept = try await state(app, "p7", viewer: "vkeep")
        try await offThePool { app.persister?.flush() }
        let viewer = Viewer(id: "vkeep")!.id
        #expect(
            try sqlite3(path, "SELECT target || ' ' || key || ' ' || value FROM entries WHERE component = 'rating'")
                == "p7 \(viewer) \"3\"\n", "a cleared rating leaves no row")
        let restarted = try makeApp(stateFile: path)
        #expect(try await state(restarted, "p7", viewer: "vkeep") == kept)
        #expect(try await state(restarted, "p8", viewer: "vkeep")["/stars"] == .int(0))
    }
}
