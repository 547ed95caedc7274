import Basics
import ComponentTesting
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Synchronization
import TestKit
import Testing

@testable import Components

/// The comment box's send end to end through the app: every answer with and without `HX-Request`, the
/// text kept on failure, `422` for invalid text, bad input, and no duplicate on retry.
@Suite struct CommentFlowTests {
    static let send = "/components/comment/send"

    private func form(_ post: String = "p1", text: String, key: String = "key-0001", returnTo: String? = nil) -> String
    {
        var form = FormFields()
        form.append("post", post)
        form.append("text", text)
        form.append("key", key)
        if let returnTo { form.append("return_to", returnTo) }
        return form.encoded
    }

    private func post(
        _ app: Application, _ body: String, viewer: String = "alice", fragment: Bool = false, simulate: String? = nil
    ) async throws -> HTTPResponse {
        var extra: [String: String] = [:]
        if fragment { extra["HX-Request"] = "true" }
        if let simulate { extra["X-Simulate-Failure"] = simulate }
        return try await app.responder.test(.post, Self.send, headers: .viewer(viewer, extra), body: body)
    }

    private func page(_ app: Application, _ path: String = "/posts/p1", viewer: String = "alice") async throws -> String
    {
        let response = try await app.responder.test(.get, path, headers: .viewer(viewer))
        #expect(response.status == .ok)
        return response.bodyText
    }

    private func comments(_ app: Application) -> CommentStore {
        app.state(named: "comment") as! CommentStore
    }

    /// The text inside the box's `<textarea>`, unescaped.
    private func composer(_ html: String) -> String? {
        guard let open = html.range(of: #"<textarea id="comments-"#),
            let start = html[open.upperBound...].range(of: ">"),
            let end = html[start.upperBound...].range(of: "</textarea>")
        else { return nil }
        return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The composer's key.
    private func key(_ html: String) -> String? {
        guard let field = html.range(of: #"name="key" value=""#),
            let end = html[field.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(html[field.upperBound..<end])
    }

    @Test func aSendWithoutScriptRedirectsToThePostWhichShowsTheCommentAndAnEmptyComposer() async throws {
        let app = makeApp()
        let before = try await page(app)
        let response = try await post(app, form(text: "Well said, <Ada> & co.", key: try #require(key(before))))
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/posts/p1")
        let after = try await page(app)
        #expect(after.contains("Well said, &lt;Ada&gt; &amp; co."))
        #expect(composer(after) == "")
        #expect(key(after) != key(before), "a fresh key after a commit")
        let elsewhere = try await post(app, form(text: "Back to the feed", key: "key-0002", returnTo: "/feed"))
        #expect(elsewhere.headers["Location"] == "/feed")
        let outside = try await post(app, form(text: "Not away", key: "key-0003", returnTo: "https://evil.example/"))
        #expect(outside.headers["Location"] == "/posts/p1", "only a local path is followed")
    }

    @Test func aSendWithScriptAnswersTheBoxWithTheCommentAndAFreshComposer() async throws {
        let app = makeApp()
        let response = try await post(app, form(text: "From script", key: "key-0100"), fragment: true)
        #expect(response.status == .ok)
        #expect(response.headers["HX-Trigger"] == #"{"announce":"Comment sent"}"#)
        let box = response.bodyText
        #expect(
            box.hasPrefix(
                #"<section class="comment-box" id="comments-p1" data-self-managed="comment p1""#))
        #expect(box.contains(#"<p class="comment-text" dir="auto">From script</p>"#))
        #expect(composer(box) == "")
        #expect(key(box) != "key-0100")
        #expect(HTMLWellFormedness.check(response.body) == [])
        let thread = comments(app).committed("p1", viewer: "alice")
        #expect(thread?.comments.last?.text == "From script" && thread?.comments.count == 4)
    }

    @Test func aSendAskedForWhatChangedStandsForTheCommentsHeldWithTheLastOfThem() async throws {
        let app = makeApp()
        let before = try #require(Self.box(in: try await page(app)))
        let held = try #require(Self.entries(of: before))
        let last = try #require(held.range(of: #"<li class="comment">"#, options: .backwards))
        let body = form(text: "Only this one", key: try #require(key(before)), returnTo: "/posts/p1")
        let answer = try await app.responder.test(
            .post, Self.send, headers: .viewer("alice", ["HX-Request": "true", "X-Self-Managed-Kept": "true"]),
            body: body)
        #expect(answer.status == .ok)
        let box = answer.bodyText
        let run = #"<template data-kept="3">"# + held[last.lowerBound...] + "</template>"
        #expect(box.contains(run), "the three comments held, the last of them inside")
        #expect(box.contains(#"<h2 class="comment-heading">4 comments</h2>"#))
        #expect(box.components(separatedBy: #"<li class="comment">"#).count == 3, "the last held and the new one")
        #expect(box.contains(#"<p class="comment-text" dir="auto">Only this one</p>"#))
        #expect(HTMLWellFormedness.check(answer.body) == [])

        // Put back, the answer is the box the page shows now: the same bytes, and the same patch, its
        // indexes past the run moved by the elements put back.
        let after = try #require(Self.box(in: try await page(app)))
        let expanded = box.replacingOccurrences(of: run, with: held)
        #expect(Self.withoutPatch(expanded) == Self.withoutPatch(after))
        let (kept, whole) = (try #require(Self.patch(of: box)), try #require(Self.patch(of: after)))
        let runAt = Self.startTags(in: String(box[..<box.range(of: "<template")!.lowerBound]))
        let shift = Self.startTags(in: held) - Self.startTags(in: run)
        #expect(whole.count == kept.count + shift)
        #expect(whole.indexes == kept.indexes.map { $0 > runAt ? $0 + shift : $0 })
        #expect(whole.rest == kept.rest)

        // Without the header, and for a send that failed (its text is nowhere else), the box is whole.
        let plain = try await post(app, form(text: "Whole", key: "key-0301"), fragment: true)
        #expect(!plain.bodyText.contains("data-kept") && plain.bodyText.contains("Only this one"))
        let failed = try await app.responder.test(
            .post, Self.send,
            headers: .viewer(
                "alice", ["HX-Request": "true", "X-Self-Managed-Kept": "true", "X-Simulate-Failure": "always"]),
            body: form(text: "Not kept", key: "key-0302"))
        #expect(failed.status == .serviceUnavailable && !failed.bodyText.contains("data-kept"))
        #expect(composer(failed.bodyText) == "Not kept")
    }

    /// The comment box's root in a page or an answer.
    private static func box(in html: String) -> String? {
        guard let start = html.range(of: #"<section class="comment-box""#),
            let end = html[start.lowerBound...].range(of: "</section>")
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The committed comments of a whole box, as its list writes them.
    private static func entries(of box: String) -> String? {
        guard let start = box.range(of: #"<ol class="comment-list">"#),
            let end = box.range(of: #"<li class="comment comment--sending" hidden>"#)
        else { return nil }
        return String(box[start.upperBound..<end.lowerBound])
    }

    private static func withoutPatch(_ box: String) -> String {
        box.replacingOccurrences(of: #" data-optimistic="[^"]*""#, with: "", options: .regularExpression)
    }

    /// A root's `data-optimistic`: the element count, each change's index, and the rest of each change.
    private static func patch(of box: String) -> (count: Int, indexes: [Int], rest: [String])? {
        guard let start = box.range(of: #"data-optimistic=""#),
            let end = box[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let fields = box[start.upperBound..<end].split(separator: "|", omittingEmptySubsequences: false)
        guard let count = Int(fields[0]) else { return nil }
        let changes = stride(from: 1, to: fields.count, by: 3).map { fields[$0...].prefix(3) }
        return (
            count, changes.compactMap { Int($0.first!) }, changes.map { $0.dropFirst().joined(separator: "|") }
        )
    }

    /// The start tags in escaped markup (a `<` followed by a letter).
    private static func startTags(in html: String) -> Int {
        let bytes = Array(html.utf8)
        return zip(bytes, bytes.dropFirst()).count {
            $0 == UInt8(ascii: "<") && ($1 | 0x20) >= UInt8(ascii: "a") && ($1 | 0x20) <= UInt8(ascii: "z")
        }
    }

    @Test func aFailureWithScriptAnswers503WithoutTheCommentAndTheTextExactlyAsSent() async throws {
        let app = makeApp()
        let text = "Line one\n  <b>kept</b> & \"quoted\"\twith a tab"
        let response = try await post(app, form(text: text, key: "key-0200"), fragment: true, simulate: "always")
        #expect(response.status == .serviceUnavailable)
        let box = response.bodyText
        #expect(composer(box) == text)
        #expect(!box.contains("comment-text\" dir=\"auto\">Line one"), "the thread does not have it")
        #expect(box.contains(#"<p class="comment-error" id="comments-p1-error" role="alert">"#))
        #expect(box.contains(#"aria-describedby="comments-p1-error" autofocus>"#))
        #expect(key(box) == "key-0200" || key(box) == CommentDefinition.key(target: "p1", sent: 0))
        #expect(response.headers["HX-Trigger"]?.contains("couldn") == true)
        #expect(comments(app).committed("p1", viewer: "alice")?.comments.count == 3)
        #expect(app.events.recent().first?.outcome == .rolledBack)
    }

    @Test func aFailureWithoutScriptRedirectsAndTheNextRenderShowsTheTextAndTheErrorOnce() async throws {
        let app = makeApp()
        let response = try await post(app, form(text: "Try me again", key: "key-0300"), simulate: "always")
        #expect(response.status == .seeOther && response.headers["Location"] == "/posts/p1")
        let first = try await page(app)
        #expect(composer(first) == "Try me again")
        #expect(first.contains(#"role="alert">Your comment couldn"#))
        let second = try await page(app)
        #expect(composer(second) == "")
        #expect(!second.contains("comment-error"))
        let other = try await page(app, viewer: "bob")
        #expect(composer(other) == "", "the text is the sender's own")
    }

    @Test func invalidTextWithScriptIs422WithTheTextAsTypedAndItsMessageLinked() async throws {
        let service = ScriptedService()
        let app = makeApp(service: service)
        for (text, message) in [
            ("   \n ", "Write something before sending"), (String(repeating: "x", count: 501), "this one has 501"),
            ("nul\u{0}inside", "U+0000"),
        ] {
            let response = try await post(app, form(text: text, key: "key-0400"), fragment: true)
            #expect(response.status.code == 422)
            let box = response.bodyText
            #expect(box.contains(#"aria-invalid="true" aria-describedby="comments-p1-error" autofocus>"#))
            #expect(box.contains(#"<p class="comment-error" id="comments-p1-error" role="alert">"#))
            #expect(box.contains(message))
            #expect(composer(box) == CommentDraft.displayable(text))
            #expect(HTMLWellFormedness.check(response.body) == [])
            #expect(response.headers["HX-Trigger"]?.contains("announce") == true)
        }
        #expect(service.callCount == 0, "nothing is sent")
        #expect(comments(app).stored.isEmpty, "nothing is stored")
        let event = try #require(app.events.recent().first)
        #expect(event.outcome == .rejected && event.json["/textLength"] == .int(10) && event.component == "CommentBox")
        #expect(
            !String(decoding: event.json.encoded(), as: UTF8.self).contains("inside"),
            "the log keeps the length, never the text")
    }

    @Test func invalidTextWithoutScriptIs422WithTheReturnPageShowingTheSameComposer() async throws {
        let app = makeApp()
        let response = try await post(app, form(text: " ", key: "key-0500", returnTo: "/posts/p1"))
        #expect(response.status.code == 422)
        let html = response.bodyText
        #expect(html.contains("<h1>Post</h1>"), "the page the send came from")
        #expect(html.contains(#"aria-invalid="true""#) && html.contains("Write something before sending"))
        #expect(composer(html) == " ")
        #expect(HTMLWellFormedness.check(response.body) == [])
        let next = try await page(app)
        #expect(!next.contains("aria-invalid"), "shown once")
        // A return page that does not show the box: the post's page instead, then nothing left over.
        let fromFeed = try await post(app, form(text: " ", key: "key-0501", returnTo: "/feed"))
        #expect(fromFeed.status.code == 422)
        #expect(fromFeed.bodyText.contains("<title>"))
        #expect(!(try await page(app)).contains("aria-invalid"))
    }

    @Test func badInputIsAClearError() async throws {
        let app = makeApp()
        let unknown = try await post(app, form("p99", text: "hi"))
        #expect(unknown.status == .notFound && unknown.bodyText.contains("p99"))
        for (body, field) in [
            ("text=hi&key=key-0600", "post"), ("post=p1&key=key-0600", "text"), ("post=p1&text=hi", "key"),
            ("post=p1&text=hi&key=short", "key"), ("post=p1&text=hi&key=key-0600&mood=x", "mood"),
            ("post=p1&text=%ED%A0%80&key=key-0600", "text"),
        ] {
            let response = try await post(app, body, fragment: true)
            #expect(response.status == .badRequest, "\(body)")
            #expect(response.bodyText.contains(field), "\(body): \(response.bodyText)")
        }
        #expect(comments(app).stored.isEmpty)
    }

    @Test func pastAThreadsCapacityASendIs409() async throws {
        let app = makeApp()
        let store = comments(app)
        let room = store.capacity - (store.committed("p2", viewer: "alice")?.comments.count ?? 0)
        for index in 0..<room {
            let response = try await post(app, form("p2", text: "Comment \(index)", key: "flood-\(100_000 + index)"))
            #expect(response.status == .seeOther)
        }
        let full = try await post(app, form("p2", text: "One too many", key: "flood-overflow"), fragment: true)
        #expect(full.status == .conflict && full.bodyText.contains("\(store.capacity) comments"))
        #expect(store.committed("p2", viewer: "alice")?.comments.count == store.capacity)
        #expect(store.waiting.pending == 0)
    }

    @Test func theSameKeyAfterACommitIsAnsweredAsTheFirstAndStoresNothingMore() async throws {
        let service = ScriptedService()
        let app = makeApp(service: service)
        let first = try await post(app, form(text: "Once", key: "key-0700"), fragment: true)
        let again = try await post(app, form(text: "Once", key: "key-0700"), fragment: true)
        #expect(first.status == .ok && again.status == .ok)
        #expect(first.body == again.body)
        let plain = try await post(app, form(text: "Once", key: "key-0700"))
        #expect(plain.status == .seeOther)
        #expect(service.callCount == 1)
        #expect(comments(app).stored["p1"]?.count == 1)
        #expect(app.events.recent().filter { $0.component == "CommentBox" }.count == 1, "one send, one event")
        let bob = try await post(app, form(text: "Once", key: "key-0700"), viewer: "bob", fragment: true)
        #expect(bob.status == .ok && comments(app).stored["p1"]?.count == 2, "a key is its viewer's own")
    }

    @Test func theSameKeyWhileTheFirstIsInFlightWaitsForItAndAnswersTheSame() async throws {
        let service = ScriptedService(holding: [0])
        let app = makeApp(service: service)
        async let first = post(app, form(text: "Twice at once", key: "key-0800"), fragment: true)
        await service.waitForCalls(1)
        async let second = post(app, form(text: "Twice at once", key: "key-0800"), fragment: true)
        #expect(
            await eventually { comments(app).suspendedChanges("p1", viewer: "alice") == 1 },
            "the second waits for the first's turn")
        #expect(comments(app).waiting.pending == 1)
        service.release(0)
        let (a, b) = try await (first, second)
        #expect(a.status == .ok && b.status == .ok && a.body == b.body)
        #expect(service.callCount == 1)
        #expect(comments(app).stored["p1"]?.count == 1)
    }

    @Test func aKeyWhoseSendFailedMaySendAgainAndCommitsOnce() async throws {
        let service = ScriptedService(failing: [0])
        let app = makeApp(service: service)
        let failed = try await post(app, form(text: "Retry me", key: "key-0900"), fragment: true)
        #expect(failed.status == .serviceUnavailable)
        let retried = try await post(app, form(text: "Retry me", key: "key-0900"), fragment: true)
        #expect(retried.status == .ok)
        let again = try await post(app, form(text: "Retry me", key: "key-0900"), fragment: true)
        #expect(again.status == .ok)
        #expect(service.callCount == 2)
        #expect(comments(app).stored["p1"]?.map(\.comment.text) == ["Retry me"])
    }

    @Test func theStateEndpointAnswersTheThreadOldestFirst() async throws {
        let app = makeApp()
        _ = try await post(app, form("p5", text: "Second", key: "key-1000"))
        let response = try await app.responder.test(.get, "/components/comment/state/p5", headers: .viewer("alice"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["target"] as? String == "p5" && json["count"] as? Int == 2 && json["pending"] as? Bool == false)
        let thread = try #require(json["comments"] as? [[String: Any]])
        #expect(thread.map { $0["text"] as? String } == ["For everyone, & for every machine.", "Second"])
        #expect(thread.last?["author"] as? String == Viewer(id: "alice")?.id)
        #expect((thread.last?["at"] as? String)?.hasSuffix("Z") == true && thread.last?["id"] is Int)
        let missing = try await app.responder.test(.get, "/components/comment/state/p99", headers: .viewer("alice"))
        #expect(missing.status == .notFound)
    }

    @Test func eventsRecordThePriorCountAndTheLengthNotTheText() async throws {
        let app = makeApp()
        _ = try await post(app, form(text: "Secret words", key: "key-1100"))
        _ = try await post(app, form(text: "Lost words", key: "key-1101"), simulate: "always")
        let events = app.events.recent().filter { $0.component == "CommentBox" }
        #expect(events.map(\.outcome) == [.rolledBack, .committed])
        let json = String(decoding: events[1].json.encoded(), as: UTF8.self)
        #expect(json.contains(#""prior":{"count":3}"#) && json.contains(#""optimistic":{"count":4}"#))
        #expect(json.contains(#""textLength":12"#) && json.contains(#""priorText":"3 comments""#))
        #expect(!json.contains("Secret"))
    }

    @Test func resetRestoresTheFixturesComments() async throws {
        let app = makeApp()
        _ = try await post(app, form(text: "Gone after reset", key: "key-1200"))
        #expect(comments(app).committed("p1", viewer: "alice")?.comments.count == 4)
        let reset = try await app.responder.test(.post, "/reset", headers: .viewer("alice"))
        #expect(reset.status.code < 400)
        #expect(
            comments(app).committed("p1", viewer: "alice")?.comments.map(\.text)
                == Fixtures.demo.comments["p1"]?.map(\.text))
        #expect(!(try await page(app)).contains("Gone after reset"))
    }

    @Test func hostileFixtureCommentsRenderInertAndIsolated() async throws {
        let app = makeApp()
        let response = try await app.responder.test(.get, "/posts/p3", headers: .viewer("alice"))
        let html = response.bodyText
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert"))
        #expect(html.contains(#"<p class="comment-text" dir="auto">"# + "\u{202E}"))
        #expect(html.contains(String(repeating: "unbroken", count: 37) + "word"))
        #expect(HTMLWellFormedness.check(response.body) == [])
        // The authors are the demo users, with their self-managed avatars.
        #expect(html.contains(#"<input type="hidden" name="uid" value="tim">"#))
    }

    @Test func commentsSurviveARestartWithTheirKeys() async throws {
        let folder = NSTemporaryDirectory() + "comment-state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.sqlite3"
        do {
            let app = try makeApp(stateFile: path)
            _ = try await post(app, form(text: "Kept across restarts", key: "key-1300"))
            app.persister?.flush()
        }
        let restarted = try makeApp(stateFile: path)
        #expect(comments(restarted).committed("p1", viewer: "alice")?.comments.last?.text == "Kept across restarts")
        _ = try await post(restarted, form(text: "Kept across restarts", key: "key-1300"))
        #expect(comments(restarted).stored["p1"]?.count == 1, "the key still dedupes after a restart")
        #expect(
            try sqlite3(path, "SELECT json_extract(value, '$.text') FROM entries WHERE component = 'comment'")
                == "Kept across restarts\n")
    }

    /// 50 viewers × 20 sends against a service that fails 30% of calls, a third of the sends repeating an
    /// earlier key of the same viewer: afterwards the stored comments are exactly the keys whose last
    /// answer was a success, each once, in each viewer's order; nothing is pending.
    @Test func underConcurrencyTheStoredCommentsAreExactlyTheKeysThatLastSucceeded() async throws {
        let service = FlakyService(seed: 42, failureRate: 0.3, maxDelayMicroseconds: 300)
        // Over 200 threads of their own, so that each answer's box is short: the test is about what is
        // stored, not about rendering long threads (which, under a sanitizer, would slow every other suite).
        let threads = Fixtures(
            users: Fixtures.demo.users,
            posts: (1...200).map { Post(id: "t\($0)", author: "ada", text: "A thread.", baseLikes: 0) })
        var options = PreviewOptions()
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0)
        let app = try Application(options: options, service: service) { context in
            [CommentBox.module(context, fixtures: threads)]
        }
        let posts = threads.posts.map(\.id)
        struct Outcome: Sendable {
            var viewer: String
            /// Each key's post and its last answer's status, and the keys in the order they first succeeded.
            var last: [String: (post: String, status: Int)] = [:]
            var succeeded: [String] = []
        }
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<50 {
                group.addTask {
                    var outcome = Outcome(viewer: "flood\(index)")
                    var generator = SplitMix64(seed: UInt64(index))
                    var keys: [String] = []
                    for send in 0..<20 {
                        let key: String
                        if send % 3 == 2, let earlier = keys.randomElement(using: &generator) {
                            key = earlier
                        } else {
                            key = "v\(index)-key-\(send)"
                            keys.append(key)
                        }
                        let post = outcome.last[key]?.post ?? posts[Int(generator.next() % UInt64(posts.count))]
                        let response = try await self.post(
                            app, self.form(post, text: "\(key) on \(post)", key: key), viewer: outcome.viewer,
                            fragment: true)
                        #expect([200, 503].contains(response.status.code))
                        if response.status == .ok && outcome.last[key]?.status != 200 {
                            outcome.succeeded.append(key)
                        }
                        outcome.last[key] = (post, response.status.code)
                    }
                    return outcome
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let store = comments(app)
        let stored = store.stored.values.flatMap { $0 }
        for outcome in outcomes {
            let viewer = try #require(Viewer(id: outcome.viewer))
            let mine = stored.filter { $0.comment.author == viewer }.sorted { $0.comment.id < $1.comment.id }
            let expected = outcome.last.filter { $0.value.status == 200 }.keys.sorted()
            #expect(mine.map(\.key).sorted() == expected, "\(outcome.viewer): exactly the keys that last succeeded")
            #expect(mine.map(\.key) == outcome.succeeded, "\(outcome.viewer): in the order they committed")
            #expect(Set(mine.map(\.key)).count == mine.count, "each once")
        }
        #expect(store.waiting.pending == 0)
        #expect(store.core.turns.busyKeys == 0)
        #expect(service.failures > 0 && service.calls < 1000, "some failed, and repeats of committed keys sent nothing")
    }
}
