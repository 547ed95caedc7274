import Basics
import Components
import HTML
import Testing

@testable import Demo

/// A thread's comments rendered once and shown again, never a kept markup for a comment that is not
/// the one it was rendered from.
@Suite struct RenderedCommentsTests {
    private let at = Timestamp(millisecondsSince1970: 1_796_029_200_000)

    private func comment(_ id: Int, _ text: String) -> Components.Comment {
        Components.Comment(id: id, author: Viewer(id: "ada")!, text: text, at: at)
    }

    /// The markups, and the ids of the comments `render` was asked for.
    private func markups(
        _ kept: RenderedComments, _ comments: [Components.Comment]
    ) -> (markups: [String], rendered: [Int]) {
        var rendered: [Int] = []
        let markups = kept.markups(for: comments) { comment in
            rendered.append(comment.id)
            return HTMLRaw(unsafeMarkup: "<li>\(comment.id) \(comment.text)</li>")
        }
        return (
            markups.map { raw in
                var html = HTMLBuffer()
                html.raw(raw)
                return String(decoding: html.bytes, as: UTF8.self)
            }, rendered
        )
    }

    @Test func aCommentIsRenderedOnceAndItsMarkupShownAgain() {
        let kept = RenderedComments()
        let first = markups(kept, [comment(1, "a"), comment(2, "b")])
        #expect(first.markups == ["<li>1 a</li>", "<li>2 b</li>"] && first.rendered == [1, 2])
        let again = markups(kept, [comment(1, "a"), comment(2, "b"), comment(3, "c")])
        #expect(again.markups == ["<li>1 a</li>", "<li>2 b</li>", "<li>3 c</li>"])
        #expect(again.rendered == [3], "only the new comment")
    }

    @Test func anIdUsedAgainForAnotherCommentIsRenderedAnew() {
        let kept = RenderedComments()
        _ = markups(kept, [comment(1, "before the reset")])
        let after = markups(kept, [comment(1, "after the reset")])
        #expect(after.markups == ["<li>1 after the reset</li>"] && after.rendered == [1])
        let other = Components.Comment(id: 1, author: Viewer(id: "tim")!, text: "after the reset", at: at)
        #expect(markups(kept, [other]).rendered == [1], "another author is another comment")
    }

    @Test func itKeepsAtMostItsBytesAndTheNewestStay() {
        // About 90 bytes a comment as weighed (its markup and 64): 64 such comments fill it.
        let kept = RenderedComments(byteCapacity: 64 * 100)
        for id in 1...300 {
            _ = markups(kept, [comment(id, "aaaaaaaaaa")])
            #expect(kept.bytes <= 64 * 100)
        }
        #expect(markups(kept, [comment(300, "aaaaaaaaaa")]).rendered.isEmpty, "the newest stays")
        #expect(markups(kept, [comment(1, "aaaaaaaaaa")]).rendered == [1], "the oldest went")
    }
}
