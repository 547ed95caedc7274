import Basics
import HTTPCore
import Synchronization
import TestKit
import Testing

@testable import Components

@Suite struct ToggleStoreTests {
    let likes = ToggleStore(baseCounts: ["p1": 10, "p2": 0])
    let alice = ToggleStore.Key(viewer: "alice", target: "p1")

    @Test func unknownPostIsNil() {
        #expect(!likes.contains("nope"))
        #expect(likes.committed("nope", viewer: "alice") == nil)
        #expect(likes.view("nope", viewer: "alice") == nil)
        #expect(likes.begin(ToggleStore.Key(viewer: "alice", target: "nope"), on: true) == nil)
        #expect(likes.snapshot()["nope"] == nil)
    }

    @Test func knownPostStartsAtItsBaseCount() {
        #expect(likes.contains("p1"))
        #expect(likes.committed("p1", viewer: "alice") == .init(isOn: false, count: 10))
        expectView(post: "p1", viewer: "alice", shows: .init(isOn: false, count: 10), busy: false)
    }

    @Test func negativeBaseCountsAreClampedToZero() {
        let store = ToggleStore(baseCounts: ["p": -5])
        #expect(store.committed("p", viewer: "v") == .init(isOn: false, count: 0))
    }

    @Test func beginShowsTheOptimisticStateOnlyToTheTappingViewer() throws {
        let (prior, optimistic) = try #require(likes.begin(alice, on: true))
        #expect(prior == .init(isOn: false, count: 10))
        #expect(optimistic == .init(isOn: true, count: 11))
        expectView(post: "p1", viewer: "alice", shows: optimistic, busy: true)
        expectView(post: "p1", viewer: "bob", shows: prior, busy: false)
        #expect(likes.committed("p1", viewer: "alice") == prior)
    }

    @Test func finishWithSuccessCommits() throws {
        _ = try #require(likes.begin(alice, on: true))
        #expect(likes.finish(alice, on: true, succeeded: true) == .init(isOn: true, count: 11))
        #expect(likes.committed("p1", viewer: "alice") == .init(isOn: true, count: 11))
        #expect(likes.committed("p1", viewer: "bob") == .init(isOn: false, count: 11))
        #expect(likes.view("p1", viewer: "alice")?.busy == false)
    }

    @Test func finishWithFailureRestoresThePriorState() throws {
        _ = likes.begin(alice, on: true)
        _ = likes.finish(alice, on: true, succeeded: true)
        let (prior, optimistic) = try #require(likes.begin(alice, on: false))
        #expect(prior == .init(isOn: true, count: 11))
        #expect(optimistic == .init(isOn: false, count: 10))
        #expect(likes.finish(alice, on: false, succeeded: false) == prior)
        expectView(post: "p1", viewer: "alice", shows: prior, busy: false)
    }

    @Test func beginWithTheCurrentStateChangesNothing() throws {
        let (prior, optimistic) = try #require(likes.begin(alice, on: false))
        #expect(prior == optimistic)
        #expect(likes.finish(alice, on: false, succeeded: true) == .init(isOn: false, count: 10))
    }

    @Test func finishOnAnUnknownPostChangesNothing() {
        let state = likes.finish(ToggleStore.Key(viewer: "alice", target: "nope"), on: true, succeeded: true)
        #expect(state == .init(isOn: false, count: 0))
        #expect(!likes.contains("nope"))
    }

    @Test func countIsAlwaysBasePlusCommittedLikers() {
        let viewers = (0..<8).map { Viewer(id: "v\($0)")! }
        var model: [String: Set<Viewer>] = ["p1": [], "p2": []]
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let post = ["p1", "p2"].randomElement(using: &random)!
            let viewer = viewers.randomElement(using: &random)!
            let desired = Bool.random(using: &random)
            let succeeded = Bool.random(using: &random)
            let key = ToggleStore.Key(viewer: viewer, target: post)
            _ = likes.begin(key, on: desired)
            _ = likes.finish(key, on: desired, succeeded: succeeded)
            if succeeded {
                if desired { model[post]!.insert(viewer) } else { model[post]!.remove(viewer) }
            }
            let base = post == "p1" ? 10 : 0
            #expect(likes.committed(post, viewer: viewer)?.count == base + model[post]!.count)
        }
        let snapshot = likes.snapshot()
        for (post, base) in [("p1", 10), ("p2", 0)] {
            #expect(snapshot[post]?.base == base)
            #expect(snapshot[post]?.members == model[post])
            #expect(snapshot[post]?.count == base + model[post]!.count)
            for viewer in viewers {
                #expect(likes.committed(post, viewer: viewer)?.isOn == model[post]!.contains(viewer))
                #expect(likes.view(post, viewer: viewer)?.busy == false)
            }
        }
    }

    @Test func restoredLikersCountAndUnknownPostsAreIgnored() {
        let store = ToggleStore(
            baseCounts: ["p1": 10, "p2": 0], members: ["p1": ["alice", "bob"], "gone": ["carol"]])
        #expect(store.committed("p1", viewer: "alice") == .init(isOn: true, count: 12))
        #expect(store.committed("p1", viewer: "carol") == .init(isOn: false, count: 12))
        #expect(store.committed("p2", viewer: "alice") == .init(isOn: false, count: 0))
        #expect(!store.contains("gone"))
        #expect(store.snapshot()["p1"]?.members == ["alice", "bob"])
    }

    @Test func commitObserversHearOnlyCommitsThatChangeSomething() {
        let heard = Counter()
        likes.observeCommits { heard.increment() }
        _ = likes.begin(alice, on: true)
        _ = likes.finish(alice, on: true, succeeded: false)
        #expect(heard.value == 0, "a failed tap commits nothing")
        _ = likes.begin(alice, on: true)
        _ = likes.finish(alice, on: true, succeeded: true)
        #expect(heard.value == 1)
        _ = likes.begin(alice, on: true)
        _ = likes.finish(alice, on: true, succeeded: true)
        #expect(heard.value == 1, "liking again changes nothing")
        _ = likes.begin(alice, on: false)
        _ = likes.finish(alice, on: false, succeeded: true)
        #expect(heard.value == 2)
        _ = likes.finish(ToggleStore.Key(viewer: "alice", target: "nope"), on: true, succeeded: true)
        #expect(heard.value == 2, "an unknown post changes nothing")
    }

    @Test func flashIsTakenOnce() {
        likes.leave(.failed("oops"), for: alice)
        #expect(likes.takeFlash(for: ToggleStore.Key(viewer: "bob", target: "p1")) == nil)
        #expect(likes.takeFlash(for: ToggleStore.Key(viewer: "alice", target: "p2")) == nil)
        #expect(likes.takeFlash(for: alice) == .failed("oops"))
        #expect(likes.takeFlash(for: alice) == nil)
    }

    @Test func laterFlashReplacesEarlier() {
        likes.leave(.failed("oops"), for: alice)
        likes.leave(.committed, for: alice)
        #expect(likes.takeFlash(for: alice) == .committed)
        #expect(likes.takeFlash(for: alice) == nil)
    }

    @Test func finishingATapLeavesItsFlashInPlaceOfAnyEarlierOne() throws {
        let bob = ToggleStore.Key(viewer: "bob", target: "p1")
        likes.leave(.failed("earlier"), for: alice)
        likes.leave(.failed("bob's"), for: bob)
        _ = try #require(likes.begin(alice, on: true))
        #expect(likes.finish(alice, on: true, succeeded: true, leaving: .committed) == .init(isOn: true, count: 11))
        expectView(post: "p1", viewer: "alice", shows: .init(isOn: true, count: 11), busy: false)
        #expect(likes.takeFlash(for: alice) == .committed)
        // Leaving none clears an earlier message; another viewer's stays.
        likes.leave(.failed("earlier"), for: alice)
        _ = try #require(likes.begin(alice, on: false))
        #expect(likes.finish(alice, on: false, succeeded: false, leaving: nil) == .init(isOn: true, count: 11))
        #expect(likes.takeFlash(for: alice) == nil)
        #expect(likes.takeFlash(for: bob) == .failed("bob's"))
        #expect(likes.waiting == (flashes: 0, pending: 0))
    }

    @Test func everyChangeAViewerCouldSeeBumpsTheVersionAndReadsDoNot() {
        var last = likes.version
        func expectBump(_ change: String, _ bumped: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
            let now = likes.version
            #expect(bumped ? now > last : now == last, "\(change)", sourceLocation: sourceLocation)
            last = now
        }
        _ = likes.view("p1", viewer: "alice")
        _ = likes.committed("p1", viewer: "alice")
        _ = likes.presentation("p1", viewer: "alice")
        expectBump("reads", false)
        _ = likes.begin(alice, on: true)
        expectBump("a tap begins")
        _ = likes.finish(alice, on: true, succeeded: true)
        expectBump("a tap commits")
        _ = likes.begin(alice, on: false)
        _ = likes.finish(alice, on: false, succeeded: false)
        expectBump("a tap rolls back")
        likes.leave(.failed("oops"), for: alice)
        expectBump("a message is left")
        _ = likes.presentation("p1", viewer: "bob")
        _ = likes.takeFlash(for: ToggleStore.Key(viewer: "bob", target: "p1"))
        expectBump("no message for bob", false)
        #expect(likes.presentation("p1", viewer: "alice")?.message == "oops")
        expectBump("the message is shown")
        likes.leave(.committed, for: alice)
        _ = likes.takeFlash(for: alice)
        expectBump("a message is left and taken")
        likes.reset()
        expectBump("a reset")
    }

    private func expectView(
        post: String, viewer: Viewer, shows state: ToggleState, busy: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let view = likes.view(post, viewer: viewer)
        #expect(view?.shown == state, sourceLocation: sourceLocation)
        #expect(view?.busy == busy, sourceLocation: sourceLocation)
    }
}
