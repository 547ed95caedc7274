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
}
