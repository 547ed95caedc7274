import Basics
import HTTPCore
import TestKit
import Testing

@testable import Components

/// The one optimistic core on a model of its own (a tally per target), so that what the core does is
/// seen apart from the toggle and the comment box that use it.
@Suite struct OptimisticCoreTests {
    /// Each target's tally: a change adds its amount; an amount of 0 has nothing to send; past 10 it is
    /// refused.
    struct Tally: SelfManagedModel {
        typealias Change = Int
        typealias Shown = Int
        typealias Flash = String

        var totals: [String: Int]

        func shown(_ target: String, to viewer: Viewer) -> Int? { totals[target] }

        func admit(_ amount: Int, to target: String, by viewer: Viewer) -> OptimisticAdmission<Int> {
            guard let total = totals[target] else { return .unknown }
            if total + amount > 10 { return .refused(HTTPError(.conflict, "Past 10.")) }
            return .proceeds(prior: total, optimistic: total + amount, sends: amount != 0)
        }

        mutating func commit(_ amount: Int, to target: String, by viewer: Viewer) -> Bool {
            totals[target, default: 0] += amount
            return amount != 0
        }

        func record(_ amount: Int, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
            journal.write(.int(totals[target, default: 0]), target: target, key: "total")
        }

        mutating func removeAll() { totals = totals.mapValues { _ in 0 } }

        // What the core never calls: the component's side of the model.
        func contains(_ target: String) -> Bool { totals[target] != nil }
        var targets: Set<String> { Set(totals.keys) }
        mutating func restore(_ stored: StoredState) {}
        static func present(_ shown: Int, busy: Bool, flash: String?, target: String) -> Int { shown }
        static func committed(_ presentation: Int) -> Int { presentation }
        static func json(_ shown: Int, target: String, pending: Bool) -> JSONValue { .int(shown) }
    }

    private let key = OptimisticKey(viewer: "alice", target: "t")

    private func flow(_ store: OptimisticStore<Tally>, events: TapEventLog = TapEventLog()) -> OptimisticFlow<Tally> {
        OptimisticFlow(
            store: store, events: events, flash: { _, outcome in outcome.succeeded ? nil : "failed" },
            event: { tap, outcome in
                TapEvent(
                    component: "Tally", instance: tap.key.target, viewer: tap.key.viewer,
                    outcome: outcome.succeeded ? .committed : .rolledBack)
            })
    }

    private func tap(
        _ amount: Int, fragment: Bool = false, call: ServiceCall = .awaited {}
    ) -> OptimisticTap<Tally> {
        OptimisticTap(key: key, change: amount, call: call, wantsFragment: fragment, landing: "/")
    }

    @Test func theOptimisticStateShowsWhileInFlightAndAFailureRestoresExactlyThePrior() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 3]))
        let events = TapEventLog()
        let outcome = try await flow(store, events: events).run(
            tap(
                4,
                call: .awaited {
                    #expect(store.view("t", viewer: "alice")?.shown == 7, "shown at once")
                    #expect(store.view("t", viewer: "bob")?.shown == 3, "to the viewer who made it only")
                    throw ServiceError("down")
                }))
        #expect(!outcome.succeeded && outcome.prior == 3 && outcome.optimistic == 7 && outcome.committed == 3)
        #expect(store.view("t", viewer: "alice")?.busy == false)
        #expect(store.viewTakingFlash("t", viewer: "alice")?.flash == "failed", "a message for the next render")
        #expect(store.viewTakingFlash("t", viewer: "alice")?.flash == nil, "once")
        #expect(events.recent().map(\.outcome) == [.rolledBack])
    }

    @Test func aSuccessCommitsTellsTheObserversAndIsJournalledOnceSomethingTakesChanges() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 0]))
        let commits = Counter()
        store.observeCommits { commits.increment() }
        _ = try await flow(store).run(tap(2, call: .awaited {}))
        #expect(store.committed("t", viewer: "alice") == 2 && commits.value == 1)
        #expect(store.takeChanges().isEmpty, "nothing recorded before the first take")
        _ = try await flow(store).run(tap(1, call: .awaited {}))
        #expect(store.takeChanges().entries == [.init(target: "t", key: "total"): .int(3)])
        let before = store.version
        _ = try await flow(store).run(tap(0, call: .awaited { Issue.record("nothing to send, so no call") }))
        #expect(store.version > before && commits.value == 2, "a change seen, no commit")
    }

    @Test func aRefusalOrAnUnknownTargetShowsAndSendsNothing() async {
        let store = OptimisticStore(Tally(totals: ["t": 9]))
        await #expect(throws: HTTPError.self) {
            try await flow(store).run(tap(5, call: .awaited { Issue.record("sent") }))
        }
        #expect(store.waiting.pending == 0 && store.committed("t", viewer: "alice") == 9)
        var elsewhere = tap(1)
        elsewhere.key = OptimisticKey(viewer: "alice", target: "nope")
        do {
            _ = try await flow(store).run(elsewhere)
            Issue.record("an unknown target is a 404")
        } catch {
            #expect(error.status == .notFound)
        }
    }

    @Test func aChangeTheModelNoLongerAdmitsWhenItWouldCommitEndsAsAFailure() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 8]))
        let events = TapEventLog()
        // Alice's +2 and Bob's +2 are in flight at once, each admitted on its own (8 + 2 is 10); Alice's
        // commits while Bob's is sent, so Bob's would make 12, past what the model admits.
        guard case .proceeds = store.begin(key, 2) else {
            Issue.record("Alice's change was not admitted")
            return
        }
        var bobs = tap(2, call: .awaited { [key] in _ = store.finish(key, 2, succeeded: true, leaving: nil) })
        bobs.key = OptimisticKey(viewer: "bob", target: "t")
        let outcome = try await flow(store, events: events).run(bobs)
        #expect(!outcome.succeeded && outcome.prior == 8 && outcome.committed == 10, "refused, not committed")
        #expect(store.committed("t", viewer: "bob") == 10 && store.waiting.pending == 0, "Alice's alone")
        #expect(store.viewTakingFlash("t", viewer: "bob")?.flash == "failed", "the failure's message")
        #expect(events.recent().map(\.outcome) == [.rolledBack])
    }

    @Test func aChangeThatBeganBeforeAResetCommitsNothing() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 1]))
        _ = try await flow(store).run(tap(3, call: .awaited { store.reset() }))
        #expect(store.committed("t", viewer: "alice") == 0)
        #expect(store.waiting.pending == 0)
    }

    @Test func withAFragmentNoMessageIsLeft() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 1]))
        _ = try await flow(store).run(tap(1, fragment: true, call: .awaited { throw ServiceError("down") }))
        #expect(store.waiting.flashes == 0)
    }

    /// A service whose every call is answered at once with `answer` (or, for `nil`, awaited), counting both.
    final class AtOnceService: ComponentService {
        let answer: Result<Void, ServiceError>?
        let atOnce = Counter()
        let awaited = Counter()

        init(_ answer: Result<Void, ServiceError>?) { self.answer = answer }

        func send(_ request: ServiceRequest) async throws(ServiceError) {
            awaited.increment()
            if case .failure(let error) = answer { throw error }
        }

        func sendWithoutWaiting(_ request: ServiceRequest) -> Result<Void, ServiceError>? {
            atOnce.increment()
            return answer
        }
    }

    private func call(_ service: AtOnceService) -> ServiceCall {
        .send(
            ServiceRequest(
                component: "tally", action: "add", target: "t", viewer: "alice", change: 1,
                description: .object([("amount", .int(1))])),
            through: service)
    }

    /// The outcome when the change ended at once, or `nil` when the rest waits.
    private func endedAtOnce(_ progress: OptimisticFlow<Tally>.Progress) -> SelfManagedOutcome<Tally>? {
        if case .ended(let outcome) = progress { return outcome }
        return nil
    }

    /// The rest of a change that waits.
    private func rest(_ progress: OptimisticFlow<Tally>.Progress) -> OptimisticFlow<Tally>.Waiting? {
        if case .waiting(let rest) = progress { return rest }
        return nil
    }

    @Test func aFreeTurnWithAServiceThatAnswersAtOnceIsDoneAtOnce() throws {
        for (answer, succeeded, committed) in [
            (Result<Void, ServiceError>.success(()), true, 5), (.failure(ServiceError("down")), false, 3),
        ] {
            let store = OptimisticStore(Tally(totals: ["t": 3]))
            let events = TapEventLog()
            let service = AtOnceService(answer)
            let outcome = endedAtOnce(try flow(store, events: events).start(tap(2, call: call(service))))
            #expect(outcome?.succeeded == succeeded, "ended on the calling thread, not waiting")
            #expect(outcome?.prior == 3 && outcome?.optimistic == 5 && outcome?.committed == committed)
            #expect(store.committed("t", viewer: "alice") == committed && store.waiting.pending == 0)
            #expect(service.atOnce.value == 1 && service.awaited.value == 0, "sent once")
            #expect(events.recent().map(\.outcome) == [succeeded ? .committed : .rolledBack])
            #expect(store.turns.busyKeys == 0, "the turn is let go")
        }
    }

    @Test func aServiceThatMustBeAwaitedIsAwaitedOnceAfterTheStateShowsAtOnce() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 3]))
        let service = AtOnceService(nil)
        let waiting = try #require(rest(try flow(store).start(tap(2, call: call(service)))), "waits for the service")
        #expect(store.view("t", viewer: "alice")?.shown == 5, "the optimistic state shows before the call")
        #expect(try await waiting.end().succeeded)
        #expect(service.atOnce.value == 1 && service.awaited.value == 1)
        #expect(store.committed("t", viewer: "alice") == 5 && store.turns.busyKeys == 0)
    }

    @Test func aTurnThatIsNotFreeWaitsForTheOneBeforeIt() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 0]))
        let service = AtOnceService(.success(()))
        let earlier = store.turns.take(key)
        let waiting = try #require(rest(try flow(store).start(tap(2, call: call(service)))), "behind the earlier turn")
        #expect(store.committed("t", viewer: "alice") == 0, "nothing done before its turn")
        earlier.finish()
        #expect(try await waiting.end().committed == 2)
        #expect(store.committed("t", viewer: "alice") == 2 && service.awaited.value == 1)
    }

    @Test func nothingToSendOrARefusalCallsNoServiceAndLetsTheTurnGo() throws {
        let store = OptimisticStore(Tally(totals: ["t": 9]))
        let service = AtOnceService(.success(()))
        #expect(endedAtOnce(try flow(store).start(tap(0, call: call(service))))?.sent == false)
        #expect(throws: HTTPError.self) { try flow(store).start(tap(5, call: call(service))) }
        #expect(service.atOnce.value == 0 && service.awaited.value == 0)
        #expect(store.turns.busyKeys == 0 && store.waiting.pending == 0)
        #expect(endedAtOnce(try flow(store).start(tap(1, call: call(service))))?.succeeded == true)
        #expect(store.committed("t", viewer: "alice") == 10)
    }

    @Test func anAwaitedCallAlwaysWaitsAndARestDroppedUnendedLetsItsTurnGo() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 3]))
        let sends = Counter()
        let waiting = try #require(rest(try flow(store).start(tap(2, call: .awaited { sends.increment() }))))
        #expect(store.view("t", viewer: "alice")?.shown == 5, "the optimistic state shows before the call")
        #expect(try await waiting.end().succeeded)
        #expect(sends.value == 1 && store.committed("t", viewer: "alice") == 5 && store.turns.busyKeys == 0)
        let earlier = store.turns.take(key)
        do {
            let dropped = rest(try flow(store).start(tap(1)))
            #expect(dropped != nil && store.turns.busyKeys == 1)
        }
        earlier.finish()
        #expect(store.turns.busyKeys == 0, "a rest never ended does not stall its line")
    }
}
