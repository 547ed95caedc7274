import Basics
import Components
import Demo
import HTML
import HTTPTesting
import Testing

/// The plain comment box: what it renders from what it is given, and nothing of posts or services.
@Suite struct CommentBoxTests {
    static let at = Timestamp(millisecondsSince1970: 1_796_029_200_000)

    private func box(
        _ comments: [CommentBox.Entry] = [], draft: String = "", error: String? = nil, invalid: Bool = false,
        busy: Bool = false, focused: Bool = false
    ) -> String {
        CommentBox(
            elementID: "c1", comments: comments, draft: draft, error: error, invalid: invalid, busy: busy,
            focused: focused,
            action: TapAction(path: "/log", fields: [.init("n", "1")])
        ).renderedString
    }

    /// The place of a comment being sent is there, hidden, so that showing one changes attributes and text
    /// only.
    @Test func anEmptyThreadSaysSoAndTheComposerPostsToTheCallersAction() {
        expectHTML(
            box(),
            """
            <section class="comment-box" id="c1">\
            <h2 class="comment-heading">0 comments</h2>\
            <p class="comment-empty">No comments yet.</p>\
            <ol class="comment-list">\
            <li class="comment comment--sending" hidden>\
            <span class="comment-avatar-placeholder" aria-hidden="true"></span>\
            <div class="comment-main">\
            <p class="comment-meta"><span class="comment-author">You</span> <span class="comment-status">Sending…</span></p>\
            <p class="comment-text" dir="auto"></p>\
            </div>\
            </li>\
            </ol>\
            <form class="comment-form" method="post" action="/log">\
            <input type="hidden" name="n" value="1">\
            <label class="comment-label" for="c1-text">Add a comment</label>\
            <textarea id="c1-text" class="comment-field" name="text" rows="3" dir="auto"></textarea>\
            <button type="submit" class="comment-send">Send</button>\
            </form>\
            </section>
            """)
    }

    @Test func commentsAreTextInTheirOwnIsolatedParagraphs() {
        let html = box([
            .init(author: "Tim <b>", text: "<script>alert(1)</script> & \u{202E}txet", time: Self.at),
            .init(author: "Ada", text: "Second", time: Self.at),
        ])
        #expect(html.contains(#"<h2 class="comment-heading">2 comments</h2>"#))
        #expect(html.contains(#"<span class="comment-author">Tim &lt;b&gt;</span>"#))
        #expect(
            html.contains(
                #"<p class="comment-text" dir="auto">&lt;script&gt;alert(1)&lt;/script&gt; &amp; "# + "\u{202E}txet</p>"
            ))
        #expect(html.contains(#"<time datetime="2026-11-30T09:00:00.000Z">2026-11-30 09:00 UTC</time>"#))
        #expect(html.contains(#"<span class="comment-avatar-placeholder" aria-hidden="true"></span>"#))
        #expect(HTMLWellFormedness.check(Array(html.utf8)) == [])
    }

    @Test func aCommentBeingSentIsBusyHasNoTimeAndMayBeFilledInByTheScript() {
        let html = box([.init(author: "You", text: "", time: nil, sending: true, fill: "text")], busy: true)
        #expect(html.contains(#"<section class="comment-box" id="c1" aria-busy="true">"#))
        #expect(html.contains(#"<h2 class="comment-heading">0 comments</h2>"#), "the sending one is not counted yet")
        #expect(html.contains(#"<li class="comment comment--sending" aria-busy="true">"#))
        #expect(html.contains(#"<span class="comment-status">Sending…</span>"#) && !html.contains("<time"))
        #expect(html.contains(#"<p class="comment-text" dir="auto" data-fill="text"></p>"#))
        #expect(html.contains(#"dir="auto" readonly></textarea>"#))
        #expect(html.contains(#"<button type="submit" class="comment-send" disabled>Sending…</button>"#))
    }

    @Test func anErrorIsAnAlertTheFieldNamesAndFocuses() {
        #expect(box(draft: "x", error: "Shown in a preview.").contains(#"aria-describedby="c1-error">x</textarea>"#))
        let failed = box(draft: "kept <b>", error: "It failed.", focused: true)
        #expect(failed.contains(#"aria-describedby="c1-error" autofocus>kept &lt;b&gt;</textarea>"#))
        #expect(failed.contains(#"<p class="comment-error" id="c1-error" role="alert">It failed.</p>"#))
        #expect(!failed.contains("aria-invalid"))
        let invalid = box(draft: "x", error: "Too long.", invalid: true, focused: true)
        #expect(invalid.contains(#"aria-invalid="true" aria-describedby="c1-error" autofocus>x</textarea>"#))
    }

    @Test func aDraftKeepsItsLeadingLineBreakAndShowsNoControlCharacter() {
        #expect(box(draft: "\nafter").contains(#"dir="auto">"# + "\n\nafter</textarea>"))
        #expect(box(draft: "a\u{0}b").contains("a\u{FFFD}b</textarea>"))
    }

    @Test func anEntryKeptAsItsMarkupRendersAsTheEntryItself() {
        let entries: [CommentBox.Entry] = [
            .init(author: "Tim <b>", text: "<script>alert(1)</script> & \u{202E}txet", time: Self.at),
            .init(author: "Ada", text: "Second\nline", time: Self.at),
        ]
        let kept = entries.map { CommentBox.Entry(markup: CommentBox.markup(of: $0), of: $0) }
        #expect(box(kept) == box(entries), "the same bytes, with or without the kept markup")
        #expect(box(kept, busy: true) == box(entries, busy: true))
        // The kept markup is what is shown: nothing of the entry is rendered again.
        let elsewhere = CommentBox.Entry(
            markup: CommentBox.markup(of: entries[1]), of: .init(author: "Someone else", text: "Other", time: nil))
        #expect(box([elsewhere]) == box([entries[1]]))
        // A committed comment kept as its markup alone (how a thread is shown again) renders the same.
        let committed = entries.map { CommentBox.Entry(committed: CommentBox.markup(of: $0)) }
        #expect(box(committed) == box(entries))
        #expect(box(committed, busy: true) == box(entries, busy: true))
    }

    /// Comments the browser holds are one placeholder holding the last of them, counted in the heading.
    @Test func commentsTheBrowserHoldsAreOnePlaceholderWithTheLastOfThem() {
        let last = CommentBox.Entry(author: "Ada", text: "Held", time: Self.at)
        let html = CommentBox(
            elementID: "c1", comments: [CommentBox.Entry(author: "Tim", text: "New", time: Self.at)],
            held: CommentBox.Held(count: 4, last: last), action: TapAction(path: "/log")
        ).renderedString
        #expect(html.contains(#"<h2 class="comment-heading">5 comments</h2><ol class="comment-list">"#))
        let markup = CommentBox(elementID: "c2", comments: [last], action: TapAction(path: "/log")).renderedString
            .components(separatedBy: #"<ol class="comment-list">"#)[1].components(
                separatedBy: "<li class=\"comment comment--sending\"")[0]
        #expect(html.contains(#"<ol class="comment-list"><template data-kept="4">"# + markup + "</template><li"))
        #expect(html.components(separatedBy: "comment-text").count == 4, "held, new and the hidden place")
        #expect(!html.contains("No comments yet."))
    }
}
