import Foundation
import HTTPCore
import Synchronization
import TestKit
import Testing

@testable import Components

/// What a recording render notes of the optimistic stores, and when it goes stale: a change to a target
/// it read (and only that), a one-time message it took itself, a reset; a read of the whole store or of
/// a target the store does not know depends on every change.
@Suite struct StateReadsTests {
    let likes = ToggleStore(baseCounts: ["p1": 1, "p2": 2, "p3": 3])

    private func key(_ viewer: Viewer, _ target: String) -> ToggleStore.Key {
        ToggleStore.Key(viewer: viewer, target: target)
    }

    @Test func aReadGoesStaleWhenItsTargetChangesAndOnlyThen() {
        let ((), reads) = StateReads.recording { _ = likes.view("p1", viewer: "alice") }
        #expect(reads.count == 1)
        #expect(reads.areCurrent)
        _ = likes.begin(key("bob", "p2"), on: true)
        _ = likes.finish(key("bob", "p2"), on: true, succeeded: true)
        #expect(reads.areCurrent, "a change to p2 leaves a read of p1 current")
        _ = likes.begin(key("bob", "p1"), on: true)
        #expect(!reads.areCurrent, "a tap beginning on p1 shows there at once")
    }

    @Test func readsOutliveTheStoreTheyWereMadeFrom() {
        // Reads hold their cells without a reference counted: the cells must outlive any store.
        let reads = (0..<50).map { index in
            let store = ToggleStore(baseCounts: ["p\(index)": index])
            let ((), reads) = StateReads.recording {
                _ = store.view("p\(index)", viewer: "alice")
                _ = store.members()
            }
            _ = store.begin(ToggleStore.Key(viewer: "bob", target: "p\(index)"), on: true)
            return reads
        }
        _ = (0..<200).map { ToggleStore(baseCounts: ["q\($0)": $0]) }  // memory the cells would be reused as
        #expect(reads.allSatisfy { $0.count == 2 && !$0.areCurrent })
    }

    @Test func everyKindOfChangeToTheTargetMakesItStale() {
        let changes: [(String, (ToggleStore) -> Void)] = [
            ("a commit", { _ = $0.finish(ToggleStore.Key(viewer: "bob", target: "p1"), on: true, succeeded: true) }),
            ("a message left", { $0.leave(.failed("no"), for: ToggleStore.Key(viewer: "bob", target: "p1")) }),
            ("a reset", { $0.reset() }),
            ("a restore", { $0.restore(["p1": ["carol"]]) }),
        ]
        for (name, change) in changes {
            let ((), reads) = StateReads.recording { _ = likes.committed("p1", viewer: "alice") }
            #expect(reads.areCurrent, "\(name)")
            change(likes)
            #expect(!reads.areCurrent, "\(name)")
        }
    }

    @Test func aMessageTheRenderTakesMakesItStaleAtOnce() {
        likes.leave(.failed("Your like couldn't be saved."), for: key("alice", "p1"))
        let (taken, reads) = StateReads.recording { likes.core.viewTakingFlash("p1", viewer: "alice")?.flash }
        #expect(taken == .failed("Your like couldn't be saved."))
        #expect(!reads.areCurrent, "kept, the page would show the message a second time")
        let ((), again) = StateReads.recording { _ = likes.core.viewTakingFlash("p1", viewer: "alice") }
        #expect(again.areCurrent, "nothing was left to take")
    }

    @Test func theWholeStoreAndUnknownTargetsDependOnEveryChange() {
        let ((), whole) = StateReads.recording { _ = likes.members() }
        let ((), unknown) = StateReads.recording { _ = likes.view("p404", viewer: "alice") }
        #expect(whole.areCurrent && unknown.areCurrent)
        _ = likes.begin(key("bob", "p3"), on: true)
        #expect(!whole.areCurrent)
        #expect(!unknown.areCurrent)
    }

    @Test func nothingIsNotedOutsideARecording() {
        #expect(!StateReads.isRecording)
        _ = likes.view("p1", viewer: "alice")
        let ((), reads) = StateReads.recording {
            #expect(StateReads.isRecording)
        }
        #expect(reads.count == 0)
        #expect(!StateReads.isRecording)
    }

    @Test func aRecordingWithinAnotherKeepsItsReadsAndGivesTheOuterItsOwnBack() {
        let (inner, outer) = StateReads.recording {
            _ = likes.view("p1", viewer: "alice")
            let ((), inner) = StateReads.recording { _ = likes.view("p2", viewer: "alice") }
            _ = likes.view("p3", viewer: "alice")
            return inner
        }
        #expect(inner.count == 1)
        #expect(outer.count == 2, "p1 and p3, not p2")
        #expect(!StateReads.isRecording)
        _ = likes.begin(key("bob", "p2"), on: true)
        #expect(!inner.areCurrent)
        #expect(outer.areCurrent)
    }

    @Test func aRecordingIsItsThreadsOwn() throws {
        // Two renders at once on two threads, each inside its recording while the other reads: each
        // recorder holds its own thread's reads only.
        let (firstInside, secondInside) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let done = DispatchGroup()
        let results = Mutex<[String: StateReads]>([:])
        for (target, mine, theirs) in [("p1", firstInside, secondInside), ("p2", secondInside, firstInside)] {
            done.enter()
            Thread { [likes] in
                let ((), reads) = StateReads.recording {
                    // Both read, then both read again while the other is still inside its own recording.
                    for viewer: Viewer in ["alice", "carol"] {
                        _ = likes.view(target, viewer: viewer)
                        mine.signal()
                        _ = theirs.wait(timeout: .now() + 10)
                    }
                }
                results.withLock { $0[target] = reads }
                done.leave()
            }.start()
        }
        try #require(done.wait(timeout: .now() + 20) == .success)
        let reads = results.withLock { $0 }
        #expect(reads["p1"]?.count == 1 && reads["p2"]?.count == 1, "one target each, read twice in a row")
        _ = likes.begin(key("bob", "p2"), on: true)
        #expect(reads["p1"]?.areCurrent == true, "p1's recording did not note p2")
        #expect(reads["p2"]?.areCurrent == false)
    }

    @Test func aCommentThreadIsReadPerPost() {
        let comments = CommentStore(base: ["p1": [], "p2": []])
        let ((), reads) = StateReads.recording { _ = comments.presentation("p1", viewer: "alice") }
        #expect(reads.count == 1)
        comments.leave(
            CommentFlash(text: "Lost", message: "failed", invalid: false), for: .init(viewer: "bob", target: "p2"))
        #expect(reads.areCurrent)
        comments.leave(
            CommentFlash(text: "Lost", message: "failed", invalid: false), for: .init(viewer: "bob", target: "p1"))
        #expect(!reads.areCurrent)
    }

    @Test func statesThatDoNotRecordTheirReadsAreDependedOnWhole() {
        #expect(likes.recordsReads)
        let registry = ComponentRegistry()
        let untracked = Untracked()
        registry.register(states: [likes, untracked], navigation: [])
        let before = registry.untrackedVersion
        _ = likes.begin(key("bob", "p1"), on: true)
        #expect(registry.untrackedVersion == before, "the likes record their reads")
        untracked.reset()
        #expect(registry.untrackedVersion != before)
    }
}

/// A state of a component of someone else's that knows nothing of recorded reads.
private final class Untracked: ComponentState {
    private let changes = Counter()
    var version: UInt64 { UInt64(changes.value) }
    func reset() { changes.increment() }
    func observeCommits(_ observer: @escaping @Sendable () -> Void) {}
    func json(for target: String, viewer: Viewer) -> JSONValue? { nil }
    var targets: Set<String> { [] }
    func restore(_ stored: StoredState) {}
    func takeChanges() -> StateChanges { StateChanges() }
    func putBack(_ changes: StateChanges) {}
}
