import Basics
import Components
import HTTPCore
import HTTPTesting
import Testing

/// The like route on its own router, with a store, a scripted service and an event log.
struct LikeHarness {
    let likes = LikeStore(baseCounts: ["p1": 10, "p2": 9_999])
    let service: ScriptedLikeService
    let events = TapEventLog()
    let responder: RouterResponder

    init(service: ScriptedLikeService = ScriptedLikeService()) {
        self.service = service
        var router = Router()
        router.mount(LikeButton.SelfManagedRoutes(likes: likes, service: service, events: events))
        responder = router.buildResponder()
    }

    /// A tap request as a browser (or htmx, with `fragment`) would send it.
    func request(
        _ body: String, viewer: String = "alice", fragment: Bool = false, simulate: String? = nil
    ) throws -> HTTPRequest {
        var headers: HTTPHeaders = [
            "Cookie": "\(Viewer.cookieName)=\(viewer)", "Content-Type": "application/x-www-form-urlencoded",
        ]
        if fragment {
            headers["HX-Request"] = "true"
        }
        if let simulate {
            headers["X-Simulate-Failure"] = simulate
        }
        return try HTTPRequest(method: .post, target: LikeButton.tapPath, headers: headers, body: Array(body.utf8))
    }

    func send(
        _ body: String, viewer: String = "alice", fragment: Bool = false, simulate: String? = nil
    ) async throws -> HTTPResponse {
        await responder.respond(to: try request(body, viewer: viewer, fragment: fragment, simulate: simulate)).resolve()
    }

    func tap(
        post: String = "p1", liked: Bool, returnTo: String? = nil, viewer: String = "alice", fragment: Bool = false,
        simulate: String? = nil
    ) async throws -> HTTPResponse {
        try await send(
            Self.body(post: post, liked: liked, returnTo: returnTo), viewer: viewer, fragment: fragment,
            simulate: simulate)
    }

    static func body(post: String, liked: Bool, returnTo: String? = nil) -> String {
        var form = FormFields()
        form.append("post", post)
        form.append("liked", liked ? "true" : "false")
        if let returnTo {
            form.append("return_to", returnTo)
        }
        return form.encoded
    }

    func committed(_ post: String = "p1", viewer: String = "alice") -> LikeStore.State? {
        likes.committed(post: post, viewer: viewer)
    }

    func render(_ post: String = "p1", viewer: String = "alice", returnTo: String? = nil) -> String? {
        LikeButton.selfManaged(post: post, viewer: Viewer(id: viewer)!, likes: likes, returnTo: returnTo)?
            .renderedString
    }
}

/// The markup of the self-managed like button for post `p1` in the given state.
private func p1Button(
    liked: Bool, count: Int, returnTo: String? = nil, busy: Bool = false, animated: Bool = false,
    message: String? = nil
) -> String {
    let returnField = returnTo.map { #"<input type="hidden" name="return_to" value="\#($0)">"# } ?? ""
    let alert = message.map { #"<p class="like-error" role="alert">\#($0)</p>"# } ?? ""
    return """
        <div class="\(animated ? "like like--animated" : "like")" id="like-p1"\(busy ? #" aria-busy="true""# : "") \
        data-count="\(count)" data-liked="\(liked)">\
        <form class="like-form" method="post" action="/components/like/tap">\
        <input type="hidden" name="post" value="p1">\
        <input type="hidden" name="liked" value="\(!liked)">\
        \(returnField)\
        <button type="submit" class="like-button" aria-pressed="\(liked)">\
        <span class="like-icon" aria-hidden="true">♥</span>\
        <span class="like-label">Like</span>\
        <span class="like-count">\(count)</span>\
        </button>\
        </form>\
        \(alert)\
        </div>
        """
}

private let failureMessage = "Your like couldn't be saved, so it was undone. Please try again."

@Suite struct LikeButtonSelfManagedTests {
    // MARK: Rendering

    @Test func selfManagedButtonPostsTheWantedStateToTheTapPath() {
        #expect(LikeButton.tapPath == "/components/like/tap")
        #expect(LikeButton.elementID(forPost: "p1") == "like-p1")
        let button = LikeButton.selfManaged(post: "p1", liked: false, count: 10, returnTo: "/posts/p1#like-p1")
        expectHTML(
            button.renderedString,
            """
            <div class="like" id="like-p1" data-count="10" data-liked="false">\
            <form class="like-form" method="post" action="/components/like/tap">\
            <input type="hidden" name="post" value="p1">\
            <input type="hidden" name="liked" value="true">\
            <input type="hidden" name="return_to" value="/posts/p1#like-p1">\
            <button type="submit" class="like-button" aria-pressed="false">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">10</span>\
            </button>\
            </form>\
            </div>
            """
        )
    }

    @Test func likedSelfManagedButtonAsksToUnlike() {
        let button = LikeButton.selfManaged(post: "p1", liked: true, count: 11, busy: true, animated: true)
        expectHTML(button.renderedString, p1Button(liked: true, count: 11, busy: true, animated: true))
        #expect(button.renderedString.contains(#"<input type="hidden" name="liked" value="false">"#))
    }

    @Test func hostilePostIDIsEscapedInIDAndField() {
        let html = LikeButton.selfManaged(post: #"p"><script>"#, liked: false, count: 0).renderedString
        #expect(html.contains(#"id="like-p&quot;>&lt;script>""#))
        #expect(html.contains(#"<input type="hidden" name="post" value="p&quot;>&lt;script>">"#))
        #expect(!html.contains("<script>"))
    }

    @Test func viewerButtonIsNilForAnUnknownPost() {
        let harness = LikeHarness()
        #expect(harness.render("nope") == nil)
    }

    @Test func viewerButtonShowsTheCommittedState() {
        let harness = LikeHarness()
        expectHTML(harness.render()!, p1Button(liked: false, count: 10))
        expectHTML(harness.render(returnTo: "/feed")!, p1Button(liked: false, count: 10, returnTo: "/feed"))
    }

    // MARK: Taps

    @Test func likeThenUnlikeCommitsEachChange() async throws {
        let harness = LikeHarness()
        let like = try await harness.tap(liked: true, returnTo: "/posts/p1")
        #expect(like.status == .seeOther)
        #expect(like.headers["Location"] == "/posts/p1")
        #expect(harness.committed() == .init(liked: true, count: 11))
        #expect(harness.committed(viewer: "bob") == .init(liked: false, count: 11))

        let unlike = try await harness.tap(liked: false, returnTo: "/posts/p1")
        #expect(unlike.status == .seeOther)
        #expect(harness.committed() == .init(liked: false, count: 10))
        #expect(harness.service.requests.map(\.liked) == [true, false])
        #expect(harness.service.requests.allSatisfy { $0.post == "p1" && $0.viewer == "alice" })
        #expect(harness.service.requests.allSatisfy { $0.forcedOutcome == nil })
    }

    @Test func committedTapIsRecorded() async throws {
        let harness = LikeHarness()
        _ = try await harness.tap(liked: true)
        let event = try #require(harness.events.recent().first)
        #expect(event.component == "LikeButton")
        #expect(event.instance == "p1")
        #expect(event.viewer == "alice")
        #expect(event.prior == .init(liked: false, count: 10))
        #expect(event.optimistic == .init(liked: true, count: 11))
        #expect(event.outcome == .committed)
        #expect(event.location == nil)
    }

    @Test func htmxLikeAnswersTheAnimatedFragment() async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, returnTo: "/posts/p1#like-p1", fragment: true)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Location"] == nil)
        expectHTML(
            response.bodyText,
            """
            <div class="like like--animated" id="like-p1" data-count="11" data-liked="true">\
            <form class="like-form" method="post" action="/components/like/tap">\
            <input type="hidden" name="post" value="p1">\
            <input type="hidden" name="liked" value="false">\
            <input type="hidden" name="return_to" value="/posts/p1#like-p1">\
            <button type="submit" class="like-button" aria-pressed="true">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">11</span>\
            </button>\
            </form>\
            </div>
            """
        )
        let unlike = try await harness.tap(liked: false, fragment: true)
        expectHTML(unlike.bodyText, p1Button(liked: false, count: 10))
    }

    @Test func repeatedSubmitWithTheSameStateIsIdempotent() async throws {
        let harness = LikeHarness()
        _ = try await harness.tap(liked: true)
        let again = try await harness.tap(liked: true, fragment: true)
        #expect(again.status == .ok)
        expectHTML(again.bodyText, p1Button(liked: true, count: 11))
        #expect(harness.committed() == .init(liked: true, count: 11))
        #expect(harness.service.callCount == 1)
        let event = try #require(harness.events.recent().first)
        #expect(event.prior == .init(liked: true, count: 11))
        #expect(event.optimistic == .init(liked: true, count: 11))
        #expect(event.outcome == .committed)
    }

    @Test func unlikingWhatIsNotLikedCallsNoService() async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: false)
        #expect(response.status == .seeOther)
        #expect(harness.committed() == .init(liked: false, count: 10))
        #expect(harness.service.callCount == 0)
    }

    @Test func failedLikeRestoresThePriorStateExactly() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(failing: [0]))
        let response = try await harness.tap(liked: true, fragment: true)
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(harness.committed() == .init(liked: false, count: 10))
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.busy == false)
        #expect(response.bodyText.contains(#"role="alert""#))
        #expect(response.bodyText.contains(#"aria-pressed="false""#))
        expectHTML(response.bodyText, p1Button(liked: false, count: 10, message: failureMessage))
        let event = try #require(harness.events.recent().first)
        #expect(event.outcome == .rolledBack)
        #expect(event.prior == .init(liked: false, count: 10))
        #expect(event.optimistic == .init(liked: true, count: 11))
    }

    @Test func failedUnlikeRestoresTheLike() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(failing: [1]))
        _ = try await harness.tap(liked: true)
        let response = try await harness.tap(liked: false, fragment: true)
        #expect(response.status == .serviceUnavailable)
        #expect(harness.committed() == .init(liked: true, count: 11))
        expectHTML(response.bodyText, p1Button(liked: true, count: 11, message: failureMessage))
    }

    @Test func failedPlainTapRedirectsAndShowsTheErrorOnce() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(failing: [0]))
        let response = try await harness.tap(liked: true, returnTo: "/posts/p1")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/posts/p1")
        #expect(response.body.isEmpty)
        #expect(harness.committed() == .init(liked: false, count: 10))
        expectHTML(
            harness.render(returnTo: "/posts/p1")!,
            p1Button(liked: false, count: 10, returnTo: "/posts/p1", message: failureMessage))
        expectHTML(harness.render(returnTo: "/posts/p1")!, p1Button(liked: false, count: 10, returnTo: "/posts/p1"))
        #expect(harness.render(viewer: "bob")?.contains("role=\"alert\"") == false)
    }

    @Test func savedPlainLikeAnimatesOnce() async throws {
        let harness = LikeHarness()
        _ = try await harness.tap(liked: true)
        expectHTML(harness.render()!, p1Button(liked: true, count: 11, animated: true))
        expectHTML(harness.render()!, p1Button(liked: true, count: 11))
    }

    @Test func flashIsPerViewerAndPost() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(failing: [0]))
        _ = try await harness.tap(liked: true)
        #expect(harness.render(viewer: "bob")?.contains(failureMessage) == false)
        #expect(harness.render("p2")?.contains(failureMessage) == false)
        #expect(harness.render()?.contains(failureMessage) == true)
    }

    // MARK: X-Simulate-Failure

    @Test(arguments: [("always", ForcedOutcome.fail), ("never", .succeed), ("ALWAYS", .fail), ("Never", .succeed)])
    func simulateFailureHeaderIsPassedToTheService(_ header: String, _ forced: ForcedOutcome) async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, fragment: true, simulate: header)
        #expect(harness.service.requests.map(\.forcedOutcome) == [forced])
        #expect(response.status == (forced == .fail ? .serviceUnavailable : .ok))
        #expect(harness.committed()?.liked == (forced == .succeed))
    }

    @Test(arguments: ["sometimes", "", "true", "always "])
    func invalidSimulateFailureHeaderIs400(_ header: String) async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, fragment: true, simulate: header)
        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains("X-Simulate-Failure"))
        #expect(harness.service.callCount == 0)
        #expect(harness.committed() == .init(liked: false, count: 10))
        #expect(harness.events.count == 0)
    }

    // MARK: return_to

    @Test(arguments: [
        "//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil", "/%2Fevil", "javascript:alert(1)",
        "/ok\r\nX: y", "", "feed",
    ])
    func unsafeReturnToFallsBackToTheFeed(_ returnTo: String) async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, returnTo: returnTo)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/feed")
        #expect(harness.committed() == .init(liked: true, count: 11))
    }

    @Test func unsafeReturnToIsNotEchoedIntoTheFragment() async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, returnTo: "https://evil.example", fragment: true)
        #expect(!response.bodyText.contains("evil"))
        #expect(response.bodyText.contains(#"<input type="hidden" name="return_to" value="/feed">"#))
    }

    @Test func localReturnToIsKept() async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true, returnTo: "/posts/p1#like-p1")
        #expect(response.headers["Location"] == "/posts/p1#like-p1")
    }

    @Test func missingReturnToGoesToTheFeed() async throws {
        let harness = LikeHarness()
        let response = try await harness.tap(liked: true)
        #expect(response.headers["Location"] == "/feed")
        #expect(LikeButton.defaultReturnPath == "/feed")
    }

    // MARK: Refused taps

    @Test(arguments: [
        ("post=nope&liked=true", 404),
        ("liked=true", 400),
        ("post=&liked=true", 400),
        ("post=p1&liked=maybe", 400),
        ("post=p1&liked=", 400),
        ("post=p1", 400),
        ("%zz", 400),
        ("post=p1&liked=%zz", 400),
    ])
    func refusedTapChangesNothing(_ body: String, _ status: Int) async throws {
        let harness = LikeHarness()
        _ = try await harness.tap(post: "p2", liked: true)
        let before = harness.likes.snapshot().mapValues { "\($0.count) \($0.likers.sorted())" }
        _ = harness.likes.takeFlash(for: LikeStore.Key(viewer: "alice", post: "p2"))

        let response = try await harness.send(body)
        #expect(response.status.code == status)
        #expect(response.headers["Location"] == nil)
        #expect(!response.bodyText.isEmpty)
        #expect(harness.likes.snapshot().mapValues { "\($0.count) \($0.likers.sorted())" } == before)
        #expect(harness.service.callCount == 1)
        #expect(harness.events.count == 1)
        #expect(harness.likes.takeFlash(for: LikeStore.Key(viewer: "alice", post: "p1")) == nil)
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.busy == false)
        #expect(harness.likes.turns.busyKeys == 0)
    }

    @Test func unknownPostMessageNamesThePost() async throws {
        let harness = LikeHarness()
        let response = try await harness.send("post=nope&liked=true", fragment: true)
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("nope"))
    }

    @Test func nonFormBodyIsRefused() async throws {
        let harness = LikeHarness()
        let response = try await harness.responder.test(
            .post, LikeButton.tapPath, headers: ["Content-Type": "application/json"], body: #"{"post":"p1"}"#)
        #expect(response.status == .unsupportedMediaType)
        #expect(harness.service.callCount == 0)
    }

    // MARK: Taps in flight
    //
    // Every wait goes through `withDeadline`/`completes`, so a tap that never answers fails the test
    // instead of hanging the run.

    @Test func tapInFlightShowsTheOptimisticStateAsBusy() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(holding: [0]))
        let tap = Task { try await harness.tap(liked: true, returnTo: "/posts/p1") }
        try #require(await completes { await harness.service.waitForCalls(1) })

        #expect(harness.likes.view(post: "p1", viewer: "alice")?.state == .init(liked: true, count: 11))
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.busy == true)
        #expect(harness.committed() == .init(liked: false, count: 10))
        expectHTML(harness.render()!, p1Button(liked: true, count: 11, busy: true))
        expectHTML(harness.render(viewer: "bob")!, p1Button(liked: false, count: 10))

        harness.service.release(0)
        let response = try #require(try await withDeadline { try await tap.value })
        #expect(response.status == .seeOther)
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.busy == false)
        expectHTML(harness.render()!, p1Button(liked: true, count: 11, animated: true))
    }

    @Test func tapsByOneViewerOnOnePostApplyInArrivalOrder() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(holding: [0]))
        // Taken synchronously, as the server does, so the arrival order is known: like, unlike, like.
        let outcomes = try [true, false, true].map { liked in
            harness.responder.respond(
                to: try harness.request(LikeHarness.body(post: "p1", liked: liked), fragment: true))
        }
        let taps = Task {
            await withTaskGroup(of: (Int, HTTPResponse).self) { group in
                for (index, outcome) in outcomes.enumerated() {
                    group.addTask { (index, await outcome.resolve()) }
                }
                var responses: [Int: HTTPResponse] = [:]
                for await (index, response) in group {
                    responses[index] = response
                }
                return responses
            }
        }
        try #require(await completes { await harness.service.waitForCalls(1) })
        try await Task.sleep(for: .milliseconds(30))
        #expect(harness.service.callCount == 1, "later taps must wait for the slow first one")
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.state == .init(liked: true, count: 11))
        harness.service.release(0)

        let answered = try #require(try await withDeadline { await taps.value })
        #expect(harness.service.requests.map(\.liked) == [true, false, true])
        #expect(harness.committed() == .init(liked: true, count: 11))
        #expect(answered.values.allSatisfy { $0.status == .ok })
        #expect(answered[0]?.bodyText.contains(#"aria-pressed="true""#) == true)
        #expect(answered[1]?.bodyText.contains(#"aria-pressed="false""#) == true)
        #expect(answered[2]?.bodyText.contains(#"aria-pressed="true""#) == true)
        #expect(Array(harness.events.recent().map(\.optimistic?.liked).reversed()) == [true, false, true])
        #expect(harness.likes.turns.busyKeys == 0)
    }

    @Test func differentViewersTapConcurrently() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(holding: [0]))
        let alice = Task { try await harness.tap(liked: true, viewer: "alice", fragment: true) }
        try #require(await completes { await harness.service.waitForCalls(1) })

        // Bob's tap completes while Alice's is still held by the service.
        let bob = try #require(
            try await withDeadline { try await harness.tap(liked: true, viewer: "bob", fragment: true) })
        #expect(bob.status == .ok)
        #expect(harness.committed(viewer: "bob") == .init(liked: true, count: 11))
        #expect(harness.likes.view(post: "p1", viewer: "alice")?.busy == true)

        harness.service.release(0)
        #expect(try await withDeadline { try await alice.value }?.status == .ok)
        #expect(harness.committed(viewer: "alice") == .init(liked: true, count: 12))
    }

    @Test func oneViewerTapsDifferentPostsConcurrently() async throws {
        let harness = LikeHarness(service: ScriptedLikeService(holding: [0]))
        let first = Task { try await harness.tap(post: "p1", liked: true, fragment: true) }
        try #require(await completes { await harness.service.waitForCalls(1) })
        let second = try #require(
            try await withDeadline { try await harness.tap(post: "p2", liked: true, fragment: true) })
        #expect(second.status == .ok)
        #expect(harness.committed("p2") == .init(liked: true, count: 10_000))
        harness.service.release(0)
        #expect(try await withDeadline { try await first.value }?.status == .ok)
        #expect(harness.committed("p1") == .init(liked: true, count: 11))
    }
}

@Suite struct LikeButtonConcurrencyTests {
    private struct ViewerOutcome: Sendable {
        var viewer: String
        /// Each post's wanted state in this viewer's last successful tap on it.
        var lastSucceeded: [String: Bool] = [:]
        var succeeded = 0
        var failed = 0
    }

    @Test func manyViewersTappingAtOnceKeepEveryCountConsistent() async throws {
        let posts = ["p1", "p2", "p3"]
        let base = ["p1": 0, "p2": 100, "p3": 12_345]
        let likes = LikeStore(baseCounts: base)
        let service = FlakyLikeService(seed: 2_024, failureRate: 0.3, maxDelayMicroseconds: 300)
        let events = TapEventLog(capacity: 10_000)
        var router = Router()
        router.mount(LikeButton.SelfManagedRoutes(likes: likes, service: service, events: events))
        let responder = router.buildResponder()
        let viewers = (0..<50).map { "viewer-\($0)" }

        let finished = try await withDeadline(.seconds(60)) {
            try await withThrowingTaskGroup(of: ViewerOutcome.self) { group in
                for (index, viewer) in viewers.enumerated() {
                    group.addTask {
                        var random = SplitMix64(seed: UInt64(index + 1))
                        var outcome = ViewerOutcome(viewer: viewer)
                        // One tap after another: each is answered before the next is sent.
                        for _ in 0..<20 {
                            let post = posts.randomElement(using: &random)!
                            let liked = Bool.random(using: &random)
                            let response = try await responder.test(
                                .post, LikeButton.tapPath,
                                headers: ["Cookie": "viewer=\(viewer)", "HX-Request": "true"],
                                body: "post=\(post)&liked=\(liked)")
                            switch response.status {
                            case .ok:
                                outcome.lastSucceeded[post] = liked
                                outcome.succeeded += 1
                            case .serviceUnavailable:
                                outcome.failed += 1
                            default:
                                Issue.record("unexpected \(response.status) for \(viewer) on \(post)")
                            }
                        }
                        return outcome
                    }
                }
                var outcomes: [ViewerOutcome] = []
                for try await outcome in group {
                    outcomes.append(outcome)
                }
                return outcomes
            }
        }
        let outcomes = try #require(finished, "every tap must be answered")

        let failed = outcomes.map(\.failed).reduce(0, +)
        #expect(outcomes.count == 50)
        #expect(outcomes.map(\.succeeded).reduce(0, +) + failed == 1_000)
        #expect(failed > 0, "the test should exercise rollbacks")
        #expect(failed == service.failures)
        #expect(events.count == 1_000)
        #expect(events.recent().filter { $0.outcome == .rolledBack }.count == failed)

        let snapshot = likes.snapshot()
        for post in posts {
            let likers = viewers.filter { likes.committed(post: post, viewer: $0)?.liked == true }
            #expect(snapshot[post]?.count == base[post]! + likers.count, "count of \(post)")
            #expect(snapshot[post]?.likers == Set(likers), "likers of \(post)")
            #expect(likes.committed(post: post, viewer: "someone-else")?.count == base[post]! + likers.count)
            for outcome in outcomes {
                let expected = outcome.lastSucceeded[post] ?? false
                #expect(
                    likes.committed(post: post, viewer: outcome.viewer)?.liked == expected,
                    "\(outcome.viewer) on \(post)")
                #expect(likes.view(post: post, viewer: outcome.viewer)?.busy == false, "pending state left")
            }
        }
        #expect(likes.turns.busyKeys == 0)
    }
}
