import Basics
import ComponentTesting
import HTTPCore
import HTTPTesting
import TestKit
import Testing

@testable import Components

/// The self-managed tap of every toggle component (`ToggleCase.all`): optimistic state, service call,
/// commit or exact rollback, events, one-time messages, return paths, refused taps and turn order.
@Suite struct OptimisticToggleTapTests {
    @Test(arguments: ToggleCase.all)
    func onThenOffCommitsEachChange(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let like = try await harness.tap(on: true, returnTo: "/posts/p1")
        #expect(like.status == .seeOther)
        #expect(like.headers["Location"] == "/posts/p1")
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
        #expect(harness.committed(viewer: "bob") == .init(isOn: false, count: harness.base + 1))

        let unlike = try await harness.tap(on: false, returnTo: "/posts/p1")
        #expect(unlike.status == .seeOther)
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        #expect(harness.service.requests.map { $0.change(as: Bool.self) } == [true, false])
        #expect(harness.service.requests.allSatisfy { $0.target == harness.first && $0.viewer == "alice" })
        #expect(harness.service.requests.allSatisfy { $0.forcedOutcome == nil })
    }

    @Test(arguments: ToggleCase.all)
    func committedTapIsRecorded(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        _ = try await harness.tap(on: true)
        let event = try #require(harness.events.recent().first)
        #expect(event.component == kind.component)
        #expect(event.instance == harness.first)
        #expect(event.viewer == "alice")
        #expect(event.prior == ToggleState(isOn: false, count: harness.base).eventState(named: kind.stateField))
        #expect(event.optimistic == ToggleState(isOn: true, count: harness.base + 1).eventState(named: kind.stateField))
        #expect(event.outcome == .committed)
        #expect(event.location == nil)
    }

    @Test(arguments: ToggleCase.all)
    func htmxTapAnswersTheAnimatedFragment(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, returnTo: "/posts/p1#like-p1", fragment: true)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Location"] == nil)
        expectHTML(
            withoutSelfManagement(response.bodyText),
            harness.markup(on: true, count: harness.base + 1, returnTo: "/posts/p1#like-p1", animated: true))
        #expect(response.headers["HX-Trigger"] == #"{"announce":"\#(kind.announced.on)"}"#)
        let unlike = try await harness.tap(on: false, fragment: true)
        #expect(unlike.headers["HX-Trigger"] == #"{"announce":"\#(kind.announced.off)"}"#)
        expectHTML(
            withoutSelfManagement(unlike.bodyText), harness.markup(on: false, count: harness.base))
    }

    @Test(arguments: ToggleCase.all)
    func repeatedSubmitWithTheSameStateIsIdempotent(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        _ = try await harness.tap(on: true)
        let again = try await harness.tap(on: true, fragment: true)
        #expect(again.status == .ok)
        expectHTML(
            withoutSelfManagement(again.bodyText), harness.markup(on: true, count: harness.base + 1))
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
        #expect(harness.service.callCount == 1)
        let event = try #require(harness.events.recent().first)
        #expect(event.prior == ToggleState(isOn: true, count: harness.base + 1).eventState(named: kind.stateField))
        #expect(event.optimistic == ToggleState(isOn: true, count: harness.base + 1).eventState(named: kind.stateField))
        #expect(event.outcome == .committed)
    }

    @Test(arguments: ToggleCase.all)
    func askingForOffWhenOffCallsNoService(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: false)
        #expect(response.status == .seeOther)
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        #expect(harness.service.callCount == 0)
    }

    @Test(arguments: ToggleCase.all)
    func failedTapRestoresThePriorStateExactly(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(failing: [0]))
        let response = try await harness.tap(on: true, fragment: true)
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        #expect(harness.store.view(harness.first, viewer: "alice")?.busy == false)
        #expect(response.bodyText.contains(#"role="alert""#))
        #expect(response.bodyText.contains(#"aria-pressed="false""#))
        #expect(response.headers["HX-Trigger"] == #"{"announce":"\#(kind.failureMessage)"}"#)
        expectHTML(
            withoutSelfManagement(response.bodyText),
            harness.markup(on: false, count: harness.base, message: kind.failureMessage))
        let event = try #require(harness.events.recent().first)
        #expect(event.outcome == .rolledBack)
        #expect(event.prior == ToggleState(isOn: false, count: harness.base).eventState(named: kind.stateField))
        #expect(event.optimistic == ToggleState(isOn: true, count: harness.base + 1).eventState(named: kind.stateField))
    }

    @Test(arguments: ToggleCase.all)
    func failedTapToOffRestoresOn(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(failing: [1]))
        _ = try await harness.tap(on: true)
        let response = try await harness.tap(on: false, fragment: true)
        #expect(response.status == .serviceUnavailable)
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
        expectHTML(
            withoutSelfManagement(response.bodyText),
            harness.markup(on: true, count: harness.base + 1, message: kind.failureMessage))
    }

    @Test(arguments: ToggleCase.all)
    func failedPlainTapRedirectsAndShowsTheErrorOnce(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(failing: [0]))
        let response = try await harness.tap(on: true, returnTo: "/posts/p1")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/posts/p1")
        #expect(response.body.isEmpty)
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        expectHTML(
            harness.render(returnTo: "/posts/p1")!,
            harness.markup(on: false, count: harness.base, returnTo: "/posts/p1", message: kind.failureMessage))
        expectHTML(
            harness.render(returnTo: "/posts/p1")!,
            harness.markup(on: false, count: harness.base, returnTo: "/posts/p1"))
        #expect(harness.render(viewer: "bob")?.contains("role=\"alert\"") == false)
    }

    @Test(arguments: ToggleCase.all)
    func savedPlainTapAnimatesOnce(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        _ = try await harness.tap(on: true)
        expectHTML(harness.render()!, harness.markup(on: true, count: harness.base + 1, animated: true))
        expectHTML(harness.render()!, harness.markup(on: true, count: harness.base + 1))
    }

    @Test(arguments: ToggleCase.all)
    func flashIsPerViewerAndTarget(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(failing: [0]))
        _ = try await harness.tap(on: true)
        #expect(harness.render(viewer: "bob")?.contains(kind.failureMessage) == false)
        #expect(harness.render(kind.second.id)?.contains(kind.failureMessage) == false)
        #expect(harness.render()?.contains(kind.failureMessage) == true)
    }

    // MARK: X-Simulate-Failure

    @Test(
        arguments: ToggleCase.all,
        [("always", ForcedOutcome.fail), ("never", .succeed), ("ALWAYS", .fail), ("Never", .succeed)])
    func simulateFailureHeaderIsPassedToTheService(_ kind: ToggleCase, _ header: (String, ForcedOutcome)) async throws {
        let (header, forced) = header
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, fragment: true, simulate: header)
        #expect(harness.service.requests.map(\.forcedOutcome) == [forced])
        #expect(response.status == (forced == .fail ? .serviceUnavailable : .ok))
        #expect(harness.committed()?.isOn == (forced == .succeed))
    }

    @Test(arguments: ToggleCase.all, ["sometimes", "", "true", "always "])
    func invalidSimulateFailureHeaderIs400(_ kind: ToggleCase, _ header: String) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, fragment: true, simulate: header)
        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains("X-Simulate-Failure"))
        #expect(harness.service.callCount == 0)
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        #expect(harness.events.count == 0)
    }

    // MARK: return_to

    @Test(
        arguments: ToggleCase.all,
        [
            "//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil", "/%2Fevil", "javascript:alert(1)",
            "/ok\r\nX: y", "", "feed",
        ])
    func unsafeReturnToFallsBack(_ kind: ToggleCase, _ returnTo: String) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, returnTo: returnTo)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == kind.fallback)
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
    }

    @Test(arguments: ToggleCase.all)
    func unsafeReturnToIsNotEchoedIntoTheFragment(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, returnTo: "https://evil.example", fragment: true)
        #expect(!response.bodyText.contains("evil"))
        #expect(response.bodyText.contains(#"<input type="hidden" name="return_to" value="\#(kind.fallback)">"#))
    }

    @Test(arguments: ToggleCase.all)
    func localReturnToIsKept(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true, returnTo: "/posts/p1#like-p1")
        #expect(response.headers["Location"] == "/posts/p1#like-p1")
    }

    @Test(arguments: ToggleCase.all)
    func missingReturnToGoesToTheFallback(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap(on: true)
        #expect(response.headers["Location"] == kind.fallback)
    }

    // MARK: Refused taps

    /// Bodies written for the like button (`post`, `liked`, `p1`); each case reads them with its own names.
    @Test(
        arguments: ToggleCase.all,
        [
            ("post=nope&liked=true", 404),
            ("liked=true", 400),
            ("post=&liked=true", 400),
            ("post=p1&liked=maybe", 400),
            ("post=p1&liked=", 400),
            ("post=p1", 400),
            ("%zz", 400),
            ("post=p1&liked=%zz", 400),
            ("post=p1&liked=true&extra=1", 400),
        ])
    func refusedTapChangesNothing(_ kind: ToggleCase, _ refused: (String, Int)) async throws {
        let body = refused.0.replacing("post=", with: kind.targetField + "=")
            .replacing("liked=", with: kind.stateField + "=").replacing("=p1", with: "=" + kind.first.id)
        let status = refused.1
        let harness = ToggleHarness(kind)
        _ = try await harness.tap(kind.second.id, on: true)
        let before = harness.store.snapshot().mapValues { "\($0.count) \($0.members.sorted())" }
        _ = harness.store.takeFlash(for: ToggleStore.Key(viewer: "alice", target: kind.second.id))

        let response = try await harness.send(body)
        #expect(response.status.code == status)
        #expect(response.headers["Location"] == nil)
        #expect(!response.bodyText.isEmpty)
        #expect(harness.store.snapshot().mapValues { "\($0.count) \($0.members.sorted())" } == before)
        #expect(harness.service.callCount == 1)
        #expect(harness.events.count == 1)
        #expect(harness.store.takeFlash(for: ToggleStore.Key(viewer: "alice", target: harness.first)) == nil)
        #expect(harness.store.view(harness.first, viewer: "alice")?.busy == false)
        #expect(harness.store.turns.busyKeys == 0)
    }

    @Test(arguments: ToggleCase.all)
    func unknownTargetMessageNamesIt(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.tap("nope", on: true, fragment: true)
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("nope"))
    }

    @Test(arguments: ToggleCase.all)
    func nonFormBodyIsRefused(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind)
        let response = try await harness.responder.test(
            .post, kind.tapPath, headers: ["Content-Type": "application/json"], body: #"{"post":"p1"}"#)
        #expect(response.status == .unsupportedMediaType)
        #expect(harness.service.callCount == 0)
    }

    // MARK: Taps in flight
    //
    // Every wait goes through `withDeadline`/`completes`, so a tap that never answers fails the test
    // instead of hanging the run.

    @Test(arguments: ToggleCase.all)
    func tapInFlightShowsTheOptimisticStateAsBusy(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(holding: [0]))
        let tap = Task { try await harness.tap(on: true, returnTo: "/posts/p1") }
        try #require(await completes { await harness.service.waitForCalls(1) })

        #expect(harness.store.view(harness.first, viewer: "alice")?.shown == .init(isOn: true, count: harness.base + 1))
        #expect(harness.store.view(harness.first, viewer: "alice")?.busy == true)
        #expect(harness.committed() == .init(isOn: false, count: harness.base))
        expectHTML(harness.render()!, harness.markup(on: true, count: harness.base + 1, busy: true))
        expectHTML(harness.render(viewer: "bob")!, harness.markup(on: false, count: harness.base))

        harness.service.release(0)
        let response = try #require(try await withDeadline { try await tap.value })
        #expect(response.status == .seeOther)
        #expect(harness.store.view(harness.first, viewer: "alice")?.busy == false)
        expectHTML(harness.render()!, harness.markup(on: true, count: harness.base + 1, animated: true))
    }

    @Test(arguments: ToggleCase.all)
    func tapsByOneViewerOnOneTargetApplyInArrivalOrder(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(holding: [0]))
        // Taken synchronously, as the server does, so the arrival order is known: like, unlike, like.
        let outcomes = try [true, false, true].map { liked in
            harness.responder.respond(
                to: try harness.request(harness.body(on: liked), fragment: true))
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
        #expect(await eventually { harness.store.suspendedChanges(harness.first, viewer: "alice") == 2 })
        #expect(harness.service.callCount == 1, "later taps must wait for the slow first one")
        #expect(harness.store.view(harness.first, viewer: "alice")?.shown == .init(isOn: true, count: harness.base + 1))
        harness.service.release(0)

        let answered = try #require(try await withDeadline { await taps.value })
        #expect(harness.service.requests.map { $0.change(as: Bool.self) } == [true, false, true])
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
        #expect(answered.values.allSatisfy { $0.status == .ok })
        #expect(answered[0]?.bodyText.contains(#"aria-pressed="true""#) == true)
        #expect(answered[1]?.bodyText.contains(#"aria-pressed="false""#) == true)
        #expect(answered[2]?.bodyText.contains(#"aria-pressed="true""#) == true)
        #expect(
            Array(harness.events.recent().map { $0.optimistic?.json["/\(kind.stateField)"] }.reversed()) == [
                .bool(true), .bool(false), .bool(true),
            ])
        #expect(harness.store.turns.busyKeys == 0)
    }

    @Test(arguments: ToggleCase.all)
    func differentViewersTapConcurrently(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(holding: [0]))
        let alice = Task { try await harness.tap(on: true, viewer: "alice", fragment: true) }
        try #require(await completes { await harness.service.waitForCalls(1) })

        // Bob's tap completes while Alice's is still held by the service.
        let bob = try #require(
            try await withDeadline { try await harness.tap(on: true, viewer: "bob", fragment: true) })
        #expect(bob.status == .ok)
        #expect(harness.committed(viewer: "bob") == .init(isOn: true, count: harness.base + 1))
        #expect(harness.store.view(harness.first, viewer: "alice")?.busy == true)

        harness.service.release(0)
        #expect(try await withDeadline { try await alice.value }?.status == .ok)
        #expect(harness.committed(viewer: "alice") == .init(isOn: true, count: harness.base + 2))
    }

    @Test(arguments: ToggleCase.all)
    func oneViewerTapsDifferentTargetsConcurrently(_ kind: ToggleCase) async throws {
        let harness = ToggleHarness(kind, service: ScriptedService(holding: [0]))
        let first = Task { try await harness.tap(on: true, fragment: true) }
        try #require(await completes { await harness.service.waitForCalls(1) })
        let second = try #require(
            try await withDeadline { try await harness.tap(kind.second.id, on: true, fragment: true) })
        #expect(second.status == .ok)
        #expect(harness.committed(kind.second.id) == .init(isOn: true, count: kind.second.base + 1))
        harness.service.release(0)
        #expect(try await withDeadline { try await first.value }?.status == .ok)
        #expect(harness.committed() == .init(isOn: true, count: harness.base + 1))
    }
}

/// Many viewers tapping the same targets at once, with failures: afterwards each target's count is its base
/// plus an independent tally of the viewers whose last successful tap asked for "on", and each viewer's
/// state is that of their last successful tap.
@Suite struct OptimisticToggleConcurrencyTests {
    private struct ViewerOutcome: Sendable {
        var viewer: String
        /// Each target's wanted state in this viewer's last successful tap on it.
        var lastSucceeded: [String: Bool] = [:]
        var succeeded = 0
        var failed = 0
    }

    @Test(arguments: ToggleCase.all)
    func fiftyViewersTappingTwentyTimesKeepEveryCountConsistent(_ kind: ToggleCase) async throws {
        let targets = [kind.first.id, kind.second.id]
        let base = [kind.first.id: kind.first.base, kind.second.id: kind.second.base]
        let service = FlakyService(seed: 2_024, failureRate: 0.3, maxDelayMicroseconds: 300)
        let events = TapEventLog(capacity: 10_000)
        let module = kind.module(base, service, events)
        let store = module.store
        var router = Router()
        router.mount(module)
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
                            let target = targets.randomElement(using: &random)!
                            let on = Bool.random(using: &random)
                            let response = try await responder.test(
                                .post, kind.tapPath,
                                headers: ["Cookie": "viewer=\(viewer)", "HX-Request": "true"],
                                body: "\(kind.targetField)=\(target)&\(kind.stateField)=\(on)")
                            switch response.status {
                            case .ok:
                                outcome.lastSucceeded[target] = on
                                outcome.succeeded += 1
                            case .serviceUnavailable:
                                outcome.failed += 1
                            default:
                                Issue.record("unexpected \(response.status) for \(viewer) on \(target)")
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

        let snapshot = store.snapshot()
        for target in targets {
            // The tally comes from the answers the viewers saw, not from the store.
            let tally = outcomes.filter { $0.lastSucceeded[target] == true }.count
            #expect(snapshot[target]?.count == base[target]! + tally, "count of \(target)")
            #expect(store.committed(target, viewer: "someone-else")?.count == base[target]! + tally)
            #expect(
                snapshot[target]?.members
                    == Set(outcomes.filter { $0.lastSucceeded[target] == true }.map { Viewer(id: $0.viewer)! }))
            for outcome in outcomes {
                #expect(
                    store.committed(target, viewer: Viewer(id: outcome.viewer)!)?.isOn
                        == (outcome.lastSucceeded[target] ?? false),
                    "\(outcome.viewer) on \(target)")
                #expect(store.view(target, viewer: Viewer(id: outcome.viewer)!)?.busy == false, "pending state left")
            }
        }
        #expect(store.turns.busyKeys == 0)
    }
}
