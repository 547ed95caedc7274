import Basics
import Testing

@testable import Components

/// A thread hashes its count and its newest comment; `==` compares all of it.
@Suite struct CommentThreadTests {
    private func comment(_ id: Int, _ text: String) -> Components.Comment {
        Components.Comment(id: id, author: "ada", text: text, at: .init(millisecondsSince1970: id * 1000))
    }

    @Test func threadsThatDifferBeforeTheirNewestShareAHashButAreNotEqual() {
        let one = CommentThread(comments: [comment(1, "First"), comment(2, "Second"), comment(3, "Third")])
        var other = one
        other.comments[1].text = "Changed"
        #expect(one != other)
        #expect(one.hashValue == other.hashValue)
        // As keys, both are kept and each is found as itself.
        let kept: [CommentThread: String] = [one: "one", other: "other"]
        #expect(kept.count == 2)
        #expect(kept[one] == "one" && kept[other] == "other")
    }

    @Test func equalThreadsHashAlikeAndEveryPartCountsForEquality() {
        let thread = CommentThread(comments: [comment(1, "First")], sending: comment(2, "Sending"), sentByViewer: 1)
        let copy = CommentThread(comments: [comment(1, "First")], sending: comment(2, "Sending"), sentByViewer: 1)
        #expect(thread == copy && thread.hashValue == copy.hashValue)
        var longer = thread
        longer.comments.append(comment(3, "Third"))
        var notSending = thread
        notSending.sending = nil
        var fewerOwn = thread
        fewerOwn.sentByViewer = 0
        for different in [longer, notSending, fewerOwn] {
            #expect(different != thread)
        }
        #expect(Set([thread, copy, longer, notSending, fewerOwn]).count == 4)
    }

    @Test func anAnswerLeavesOutTheCommentsTheClientHoldsOnlyWhileTheyAreStillTheThreadsFirst() {
        let prior = CommentThread(comments: [comment(1, "First"), comment(2, "Second")])
        var now = prior
        now.comments.append(comment(3, "Third"))
        func kept(_ thread: CommentThread, showing prior: CommentThread) -> Int {
            CommentThreads.answer(
                CommentThreads.present(thread, busy: false, flash: nil, target: "p1"), toClientShowing: prior
            )?.keptByClient ?? 0
        }
        #expect(kept(now, showing: prior) == 2)
        #expect(kept(prior, showing: prior) == 2, "a failed change shows the same comments")
        #expect(kept(now, showing: CommentThread(comments: [])) == 0, "nothing held")
        var reset = now
        reset.comments[1] = comment(2, "Another second")
        #expect(kept(reset, showing: prior) == 0, "the last held is not the thread's any more")
        #expect(kept(CommentThread(comments: [comment(1, "First")]), showing: prior) == 0, "fewer than held")
        // A page's render leaves nothing out.
        #expect(CommentThreads.present(now, busy: false, flash: nil, target: "p1").keptByClient == 0)
    }
}
