import Basics
import HTTPCore
import TestKit
import Testing

@testable import Components

/// The comment box's state on the optimistic core: a send shown at once, committed once per key, dropped
/// exactly on failure, bounded per thread, and kept for the state database.
@Suite struct CommentStoreTests {
    static let base = [
        "p1": [Comment(id: 1, author: "ada", text: "First", at: .init(millisecondsSince1970: 0))],
        "p2": [],
    ]

    private func draft(_ text: String, _ key: String) -> CommentDraft {
        CommentDraft(text: text, key: key, at: .init(millisecondsSince1970: 1_000))
    }

    @Test func aSendShowsAtOnceAndCommitsOnce() throws {
        let store = CommentStore(base: Self.base)
        let key = OptimisticKey(viewer: "alice", target: "p1")
        guard case .proceeds(let prior, let optimistic, let sends) = store.core.begin(key, draft("Hi", "key-0001"))
        else {
            Issue.record("the send should start")
            return
        }
        #expect(sends && prior.comments.count == 1 && optimistic.sending?.text == "Hi")
        #expect(store.presentation("p1", viewer: "alice")?.busy == true)
        #expect(store.core.view("p1", viewer: "alice")?.busy == true)
        let committed = try #require(store.core.finish(key, draft("Hi", "key-0001"), succeeded: true, leaving: nil))
        #expect(committed.comments.map(\.text) == ["First", "Hi"])
        #expect(committed.comments.last?.id == 2, "numbered after the base data's")
        #expect(store.presentation("p1", viewer: "alice")?.busy == false)
        // The same key again proceeds without sending and commits nothing.
        guard case .proceeds(_, _, let again) = store.core.begin(key, draft("Hi", "key-0001")) else {
            Issue.record("a repeat proceeds")
            return
        }
        #expect(!again)
        _ = store.core.finish(key, draft("Hi", "key-0001"), succeeded: true, leaving: nil)
        #expect(store.committed("p1", viewer: "alice")?.comments.count == 2)
        #expect(store.stored == ["p1": [StoredComment(comment: committed.comments[1], key: "key-0001")]])
    }

    @Test func aFailedSendLeavesTheThreadExactlyAsItWasAndItsKeyUsable() throws {
        let store = CommentStore(base: Self.base)
        let key = OptimisticKey(viewer: "alice", target: "p2")
        let before = store.committed("p2", viewer: "alice")
        _ = store.core.begin(key, draft("Lost", "key-0002"))
        let flash = CommentFlash(text: "Lost", message: "failed", invalid: false)
        let after = store.core.finish(key, draft("Lost", "key-0002"), succeeded: false, leaving: flash)
        #expect(after == before)
        let shown = try #require(store.presentation("p2", viewer: "alice"))
        #expect(shown.draft == "Lost" && shown.error == "failed" && !shown.invalid)
        #expect(store.presentation("p2", viewer: "alice")?.draft == "", "the message is shown once")
        guard case .proceeds(_, _, let sends) = store.core.begin(key, draft("Lost", "key-0002")) else {
            Issue.record("a failed key may be sent again")
            return
        }
        #expect(sends)
    }

    @Test func theComposersKeyChangesOnlyWhenAViewersCommentCommits() {
        let store = CommentStore(base: Self.base)
        let first = store.presentation("p2", viewer: "alice")?.key
        #expect(first == store.presentation("p2", viewer: "alice")?.key)
        #expect(first == store.presentation("p2", viewer: "bob")?.key, "keys are each viewer's own")
        #expect(first.map(CommentDraft.isValidKey) == true)
        let key = OptimisticKey(viewer: "alice", target: "p2")
        _ = store.core.begin(key, draft("x", "key-0003"))
        _ = store.core.finish(key, draft("x", "key-0003"), succeeded: false, leaving: nil)
        #expect(store.presentation("p2", viewer: "alice")?.key == first, "a failure keeps the key")
        _ = store.core.begin(key, draft("x", "key-0003"))
        _ = store.core.finish(key, draft("x", "key-0003"), succeeded: true, leaving: nil)
        #expect(store.presentation("p2", viewer: "alice")?.key != first)
        #expect(store.presentation("p2", viewer: "bob")?.key == first)
    }

    @Test func aFullThreadRefusesWithAConflict() {
        let store = CommentStore(base: Self.base, capacity: 2)
        let key = OptimisticKey(viewer: "alice", target: "p1")
        _ = store.core.begin(key, draft("Second", "key-0004"))
        _ = store.core.finish(key, draft("Second", "key-0004"), succeeded: true, leaving: nil)
        guard case .refused(let error) = store.core.begin(key, draft("Third", "key-0005")) else {
            Issue.record("a full thread refuses")
            return
        }
        #expect(error.status == HTTPStatus.conflict && error.message.contains("holds 2 comments"))
        #expect(store.waiting.pending == 0, "a refused send shows nothing")
        guard case .unknown = store.core.begin(OptimisticKey(viewer: "alice", target: "p9"), draft("x", "key-0006"))
        else {
            Issue.record("an unknown thread is unknown")
            return
        }
    }

    @Test func resetRestoresTheBaseDataAndRestoreBringsBackTheStoredComments() {
        let store = CommentStore(base: Self.base)
        _ = store.takeChanges()
        let key = OptimisticKey(viewer: "alice", target: "p1")
        _ = store.core.begin(key, draft("Kept", "key-0007"))
        _ = store.core.finish(key, draft("Kept", "key-0007"), succeeded: true, leaving: nil)
        let changes = store.takeChanges()
        let written = changes.entries.compactMap { entry, value in
            value.flatMap { StoredComment(key: entry.key, value: $0) }.map { (entry.target, $0) }
        }
        #expect(written.map(\.0) == ["p1"] && written.map(\.1.comment.text) == ["Kept"])
        #expect(written.first?.1.key == "key-0007")
        let stored = store.stored
        store.reset()
        #expect(store.committed("p1", viewer: "alice")?.comments.map(\.text) == ["First"])
        #expect(store.takeChanges().reset)
        let restarted = CommentStore(base: Self.base)
        restarted.restore(StoredComment.stored(stored))
        #expect(restarted.committed("p1", viewer: "alice")?.comments.map(\.text) == ["First", "Kept"])
        guard case .proceeds(_, _, let sends) = restarted.core.begin(key, draft("Kept", "key-0007")) else {
            Issue.record("a repeat proceeds")
            return
        }
        #expect(!sends, "a key that committed before a restart still stores nothing more")
    }
}
