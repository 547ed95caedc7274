import Basics
import Components
import HTTPCore
import Synchronization
import Testing

/// Counts calls from any task.
private final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() {
        count.withLock { $0 += 1 }
    }

    var value: Int {
        count.withLock { $0 }
    }
}

@Suite struct LikeStoreTests {
    let likes = LikeStore(baseCounts: ["p1": 10, "p2": 0])
    let alice = LikeStore.Key(viewer: "alice", post: "p1")

    @Test func unknownPostIsNil() {
        #expect(!likes.contains(post: "nope"))
        #expect(likes.committed(post: "nope", viewer: "alice") == nil)
        #expect(likes.view(post: "nope", viewer: "alice") == nil)
        #expect(likes.begin(LikeStore.Key(viewer: "alice", post: "nope"), liked: true) == nil)
        #expect(likes.snapshot()["nope"] == nil)
    }

    @Test func knownPostStartsAtItsBaseCount() {
        #expect(likes.contains(post: "p1"))
        #expect(likes.committed(post: "p1", viewer: "alice") == .init(liked: false, count: 10))
        expectView(post: "p1", viewer: "alice", shows: .init(liked: false, count: 10), busy: false)
    }

    @Test func negativeBaseCountsAreClampedToZero() {
        let store = LikeStore(baseCounts: ["p": -5])
        #expect(store.committed(post: "p", viewer: "v") == .init(liked: false, count: 0))
    }

    @Test func beginShowsTheOptimisticStateOnlyToTheTappingViewer() throws {
        let (prior, optimistic) = try #require(likes.begin(alice, liked: true))
        #expect(prior == .init(liked: false, count: 10))
        #expect(optimistic == .init(liked: true, count: 11))
        expectView(post: "p1", viewer: "alice", shows: optimistic, busy: true)
        expectView(post: "p1", viewer: "bob", shows: prior, busy: false)
        #expect(likes.committed(post: "p1", viewer: "alice") == prior)
    }

    @Test func finishWithSuccessCommits() throws {
        _ = try #require(likes.begin(alice, liked: true))
        #expect(likes.finish(alice, liked: true, succeeded: true) == .init(liked: true, count: 11))
        #expect(likes.committed(post: "p1", viewer: "alice") == .init(liked: true, count: 11))
        #expect(likes.committed(post: "p1", viewer: "bob") == .init(liked: false, count: 11))
        #expect(likes.view(post: "p1", viewer: "alice")?.busy == false)
    }

    @Test func finishWithFailureRestoresThePriorState() throws {
        _ = likes.begin(alice, liked: true)
        _ = likes.finish(alice, liked: true, succeeded: true)
        let (prior, optimistic) = try #require(likes.begin(alice, liked: false))
        #expect(prior == .init(liked: true, count: 11))
        #expect(optimistic == .init(liked: false, count: 10))
        #expect(likes.finish(alice, liked: false, succeeded: false) == prior)
        expectView(post: "p1", viewer: "alice", shows: prior, busy: false)
    }

    @Test func beginWithTheCurrentStateChangesNothing() throws {
        let (prior, optimistic) = try #require(likes.begin(alice, liked: false))
        #expect(prior == optimistic)
        #expect(likes.finish(alice, liked: false, succeeded: true) == .init(liked: false, count: 10))
    }

    @Test func finishOnAnUnknownPostChangesNothing() {
        let state = likes.finish(LikeStore.Key(viewer: "alice", post: "nope"), liked: true, succeeded: true)
        #expect(state == .init(liked: false, count: 0))
        #expect(!likes.contains(post: "nope"))
    }

    @Test func countIsAlwaysBasePlusCommittedLikers() {
        let viewers = (0..<8).map { "v\($0)" }
        var model: [String: Set<String>] = ["p1": [], "p2": []]
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let post = ["p1", "p2"].randomElement(using: &random)!
            let viewer = viewers.randomElement(using: &random)!
            let desired = Bool.random(using: &random)
            let succeeded = Bool.random(using: &random)
            let key = LikeStore.Key(viewer: viewer, post: post)
            _ = likes.begin(key, liked: desired)
            _ = likes.finish(key, liked: desired, succeeded: succeeded)
            if succeeded {
                if desired { model[post]!.insert(viewer) } else { model[post]!.remove(viewer) }
            }
            let base = post == "p1" ? 10 : 0
            #expect(likes.committed(post: post, viewer: viewer)?.count == base + model[post]!.count)
        }
        let snapshot = likes.snapshot()
        for (post, base) in [("p1", 10), ("p2", 0)] {
            #expect(snapshot[post]?.base == base)
            #expect(snapshot[post]?.likers == model[post])
            #expect(snapshot[post]?.count == base + model[post]!.count)
            for viewer in viewers {
                #expect(likes.committed(post: post, viewer: viewer)?.liked == model[post]!.contains(viewer))
                #expect(likes.view(post: post, viewer: viewer)?.busy == false)
            }
        }
    }

    @Test func restoredLikersCountAndUnknownPostsAreIgnored() {
        let store = LikeStore(baseCounts: ["p1": 10, "p2": 0], likers: ["p1": ["alice", "bob"], "gone": ["carol"]])
        #expect(store.committed(post: "p1", viewer: "alice") == .init(liked: true, count: 12))
        #expect(store.committed(post: "p1", viewer: "carol") == .init(liked: false, count: 12))
        #expect(store.committed(post: "p2", viewer: "alice") == .init(liked: false, count: 0))
        #expect(!store.contains(post: "gone"))
        #expect(store.snapshot()["p1"]?.likers == ["alice", "bob"])
    }

    @Test func commitObserversHearOnlyCommitsThatChangeSomething() {
        let heard = Counter()
        likes.observeCommits { heard.increment() }
        _ = likes.begin(alice, liked: true)
        _ = likes.finish(alice, liked: true, succeeded: false)
        #expect(heard.value == 0, "a failed tap commits nothing")
        _ = likes.begin(alice, liked: true)
        _ = likes.finish(alice, liked: true, succeeded: true)
        #expect(heard.value == 1)
        _ = likes.begin(alice, liked: true)
        _ = likes.finish(alice, liked: true, succeeded: true)
        #expect(heard.value == 1, "liking again changes nothing")
        _ = likes.begin(alice, liked: false)
        _ = likes.finish(alice, liked: false, succeeded: true)
        #expect(heard.value == 2)
        _ = likes.finish(LikeStore.Key(viewer: "alice", post: "nope"), liked: true, succeeded: true)
        #expect(heard.value == 2, "an unknown post changes nothing")
    }

    @Test func flashIsTakenOnce() {
        likes.setFlash(.failed("oops"), for: alice)
        #expect(likes.takeFlash(for: LikeStore.Key(viewer: "bob", post: "p1")) == nil)
        #expect(likes.takeFlash(for: LikeStore.Key(viewer: "alice", post: "p2")) == nil)
        #expect(likes.takeFlash(for: alice) == .failed("oops"))
        #expect(likes.takeFlash(for: alice) == nil)
    }

    @Test func laterFlashReplacesEarlier() {
        likes.setFlash(.failed("oops"), for: alice)
        likes.setFlash(.committed, for: alice)
        #expect(likes.takeFlash(for: alice) == .committed)
        #expect(likes.takeFlash(for: alice) == nil)
    }

    private func expectView(
        post: String, viewer: String, shows state: LikeStore.State, busy: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let view = likes.view(post: post, viewer: viewer)
        #expect(view?.state == state, sourceLocation: sourceLocation)
        #expect(view?.busy == busy, sourceLocation: sourceLocation)
    }
}
