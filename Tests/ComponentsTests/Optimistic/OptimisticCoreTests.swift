import Basics
import HTTPCore
import Testing

@testable import Components

/// The one optimistic core on a model of its own (a tally per target), so that what the core does is
/// seen apart from the toggle and the comment box that use it.
@Suite struct OptimisticCoreTests {
    /// Each target's tally: a change adds its amount; an amount of 0 has nothing to send; past 10 it is
    /// refused.
    struct Tally: OptimisticModel {
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
            journal.record(true, target: target, viewer: viewer)
        }

        mutating func removeAll() { totals = totals.mapValues { _ in 0 } }
    }

    private let key = OptimisticKey(viewer: "alice", target: "t")

    private func flow(_ store: OptimisticStore<Tally>, events: TapEventLog = TapEventLog()) -> OptimisticFlow<Tally> {
        OptimisticFlow(
            store: store, events: events, flash: { _, outcome in outcome.succeeded ? nil : "failed" },
            event: { attempt, outcome in
                TapEvent(
                    component: "Tally", instance: attempt.key.target, viewer: attempt.key.viewer,
                    outcome: outcome.succeeded ? .committed : .rolledBack)
            })
    }

    private func attempt(_ amount: Int, fragment: Bool = false) -> OptimisticFlow<Tally>.Attempt {
        .init(key: key, change: amount, forced: nil, returnTo: "/", wantsFragment: fragment)
    }

    @Test func theOptimisticStateShowsWhileInFlightAndAFailureRestoresExactlyThePrior() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 3]))
        let events = TapEventLog()
        let outcome = try await flow(store, events: events).apply(attempt(4)) {
            #expect(store.view("t", viewer: "alice")?.shown == 7, "shown at once")
            #expect(store.view("t", viewer: "bob")?.shown == 3, "to the viewer who made it only")
            throw ServiceError("down")
        }
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
        _ = try await flow(store).apply(attempt(2)) {}
        #expect(store.committed("t", viewer: "alice") == 2 && commits.value == 1)
        #expect(store.takeChanges().isEmpty, "nothing recorded before the first take")
        _ = try await flow(store).apply(attempt(1)) {}
        #expect(store.takeChanges().members.count == 1)
        let before = store.version
        _ = try await flow(store).apply(attempt(0)) { Issue.record("nothing to send, so no call") }
        #expect(store.version > before && commits.value == 2, "a change seen, no commit")
    }

    @Test func aRefusalOrAnUnknownTargetShowsAndSendsNothing() async {
        let store = OptimisticStore(Tally(totals: ["t": 9]))
        await #expect(throws: HTTPError.self) { try await flow(store).apply(attempt(5)) { Issue.record("sent") } }
        #expect(store.waiting.pending == 0 && store.committed("t", viewer: "alice") == 9)
        let elsewhere = OptimisticFlow<Tally>.Attempt(
            key: OptimisticKey(viewer: "alice", target: "nope"), change: 1, forced: nil, returnTo: "/",
            wantsFragment: false)
        do {
            _ = try await flow(store).apply(elsewhere) {}
            Issue.record("an unknown target is a 404")
        } catch {
            #expect(error.status == .notFound)
        }
    }

    @Test func aChangeThatBeganBeforeAResetCommitsNothing() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 1]))
        _ = try await flow(store).apply(attempt(3)) { store.reset() }
        #expect(store.committed("t", viewer: "alice") == 0)
        #expect(store.waiting.pending == 0)
    }

    @Test func withAFragmentNoMessageIsLeft() async throws {
        let store = OptimisticStore(Tally(totals: ["t": 1]))
        _ = try await flow(store).apply(attempt(1, fragment: true)) { throw ServiceError("down") }
        #expect(store.waiting.flashes == 0)
    }
}
