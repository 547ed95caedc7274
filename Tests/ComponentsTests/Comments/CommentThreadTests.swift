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
}
