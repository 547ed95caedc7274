import Basics
import Components
import Demo
import HTML
import HTTPTesting
import Testing

/// The self-managed comment box: bound to its own send, carrying its optimistic state.
@Suite struct CommentBoxSelfManagedTests {
    @Test func theComposerPostsToTheSendRouteItsModuleRegisters() {
        #expect(postRoutes(of: CommentBox.module(ComponentContext(), fixtures: .demo)) == ["/components/comment/send"])
        let html = CommentBox.selfManaged(post: "p1", comments: 1, returnTo: "/posts/p1").renderedString
        #expect(html.contains(#"<form class="comment-form" method="post" action="/components/comment/send">"#))
        #expect(html.contains(#"<input type="hidden" name="post" value="p1">"#))
        #expect(html.contains(#"<input type="hidden" name="key" value="k-preview">"#))
        #expect(html.contains(#"<input type="hidden" name="return_to" value="/posts/p1">"#))
        #expect(html.contains(#"data-self-managed="comment p1""#))
    }

    @Test func itsOptimisticStateAppendsTheCommentEmptiesTheFieldAndDisablesTheButton() throws {
        let html = CommentBox.selfManaged(post: "p1", comments: 2, draft: "typed").renderedString
        let start = try #require(html.range(of: #"data-optimistic-html=""#))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        let optimistic = String(html[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
        #expect(optimistic.contains(#"<li class="comment comment--sending" aria-busy="true">"#))
        #expect(optimistic.contains(#"<span class="comment-author">You</span>"#))
        #expect(optimistic.contains(#"data-fill="text"></p>"#), "the script fills in the text, as text")
        #expect(optimistic.contains(#"readonly></textarea>"#) && optimistic.contains("disabled>Sending…"))
        #expect(!optimistic.contains("typed"), "the server does not guess what will be sent")
        let busy = CommentBox.selfManaged(post: "p1", comments: 2, draft: "typed", busy: true).renderedString
        #expect(!busy.contains("data-optimistic"), "a box already sending has no further optimistic state")
    }

    @Test func theDemoUsersCommentsCarryTheirSelfManagedAvatars() {
        let html = CommentBox.selfManaged(post: "p1", comments: 1).renderedString
        #expect(html.contains(#"<form class="avatar" method="post" action="/components/avatar/tap">"#))
        #expect(html.contains(#"<span class="comment-author">Ada Lovelace</span>"#))
    }

    /// With an empty composer (the usual case) the optimistic state is a small patch: the place of the
    /// comment shown, the text to fill in named, the field read-only, the button disabled. No second copy
    /// of the thread travels with every page.
    @Test func theUsualOptimisticStateIsASmallPatch() throws {
        let html = CommentBox.selfManaged(post: "p1", comments: 3).renderedString
        let start = try #require(html.range(of: #"data-optimistic=""#))
        let patch = String(html[start.upperBound...].prefix { $0 != "\"" })
        #expect(patch.contains("|-hidden||") && patch.contains("|=data-fill|text|"))
        #expect(patch.contains("|=readonly||") && patch.contains("|=disabled||") && patch.contains("|:|Sending…"))
        #expect(patch.utf8.count < 200, "\(patch.utf8.count) bytes")
        let empty = CommentBox.selfManaged(post: "p4", comments: 0).renderedString
        #expect(empty.contains(#"data-optimistic=""#) && empty.contains("=hidden||"), "No comments yet. is hidden")
    }

    /// A page's box finds its patch from short renders that leave the thread out (`HTMLKeptRun`): the
    /// same patch as the whole renders', whatever the thread's length.
    @Test func itsPatchIsTheWholeRendersPatchWhateverTheThreadsLength() throws {
        let authors = ["ada", "grace", "v0123456789abcdef"]
        for count in [1, 2, 40] {
            let comments = (1...count).map { number in
                Components.Comment(
                    id: number, author: Viewer(id: authors[number % 3])!, text: "Comment <\(number)>",
                    at: Timestamp(millisecondsSince1970: 1_796_029_200_000 + number * 60_000))
            }
            let shown = CommentDefinition.Presentation(thread: CommentThread(comments: comments), key: "k-preview")
            let definition = CommentBox.comments
            let html = definition.selfManaged("p1", shown: shown, returnTo: "/posts/p1").renderedString
            let start = try #require(html.range(of: #"data-optimistic=""#))
            let patch = String(html[start.upperBound...].prefix { $0 != "\"" })
            let whole = definition.render("p1", shown, "/posts/p1").renderedBytes
            let next = definition.render("p1", shown.optimisticNext, "/posts/p1").renderedBytes
            let expected = try #require(HTMLPatch(from: whole, to: next)).encoded
            #expect(patch == expected.replacingOccurrences(of: "&", with: "&amp;"), "\(count) comments")
            // Found from the short renders, not from the whole ones again.
            var held = shown
            held.keptByClient = count
            let short = definition.render("p1", held, "/posts/p1").renderedBytes
            let shortNext = definition.render("p1", held.optimisticNext, "/posts/p1").renderedBytes
            #expect(short.count < whole.count || count == 1)
            let found = whole.withUnsafeBufferPointer {
                HTMLKeptRun.patch(in: $0, from: short, to: shortNext, formsUnder: "/components/comment/")
            }
            #expect(found == expected, "\(count) comments")
        }
    }
}
