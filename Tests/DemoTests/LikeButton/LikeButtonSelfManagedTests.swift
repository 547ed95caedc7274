import Basics
import ComponentTesting
import Components
import Demo
import HTTPCore
import HTTPTesting
import Testing

/// The markup of the self-managed like button for post `p1` in the given state.
private func p1Button(
    liked: Bool, count: Int, returnTo: String? = nil, busy: Bool = false, animated: Bool = false
) -> String {
    ToggleCase.like.markup(liked, count, returnTo, busy, animated, nil)
}

@Suite struct LikeButtonSelfManagedTests {
    // MARK: Rendering

    @Test func selfManagedButtonPostsTheWantedStateToTheTapPath() {
        // The form posts to a route its module registers.
        #expect(postRoutes(of: LikeButton.module(ComponentContext(), baseCounts: [:])) == ["/components/like/tap"])
        let button = LikeButton.selfManaged(post: "p1", liked: false, count: 10, returnTo: "/posts/p1#like-p1")
        #expect(button.renderedString.contains(#"data-self-managed="like p1" data-optimistic=""#))
        expectHTML(
            withoutSelfManagement(button.renderedString),
            """
            <div class="like" id="like-p1" data-count="10" data-liked="false">\
            <form class="like-form" method="post" action="/components/like/tap">\
            <input type="hidden" name="post" value="p1">\
            <input type="hidden" name="liked" value="true">\
            <input type="hidden" name="return_to" value="/posts/p1#like-p1">\
            <button type="submit" class="like-button" aria-pressed="false">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">10</span>\
            </button>\
            </form>\
            </div>
            """
        )
    }

    @Test func likedSelfManagedButtonAsksToUnlike() {
        let button = LikeButton.selfManaged(post: "p1", liked: true, count: 11, busy: true, animated: true)
        expectHTML(
            withoutSelfManagement(button.renderedString), p1Button(liked: true, count: 11, busy: true, animated: true))
        #expect(button.renderedString.contains(#"<input type="hidden" name="liked" value="false">"#))
    }

    @Test func hostilePostIDIsEscapedInIDAndField() {
        let html = LikeButton.selfManaged(post: #"p"><script>"#, liked: false, count: 0).renderedString
        #expect(html.contains(#"id="like-p&quot;>&lt;script>""#))
        #expect(html.contains(#"<input type="hidden" name="post" value="p&quot;>&lt;script>">"#))
        #expect(!html.contains("<script>"))
    }

    @Test func viewerButtonIsNilForAnUnknownPost() {
        let harness = ToggleHarness(.like)
        #expect(harness.render("nope") == nil)
    }

    @Test func viewerButtonShowsTheCommittedState() {
        let harness = ToggleHarness(.like)
        expectHTML(harness.render()!, p1Button(liked: false, count: 10))
        expectHTML(harness.render(returnTo: "/feed")!, p1Button(liked: false, count: 10, returnTo: "/feed"))
    }

    @Test func aTapWithoutAReturnPathGoesToTheFeed() async throws {
        let response = try await ToggleHarness(.like).tap(on: true)
        #expect(response.headers["Location"] == "/feed")
    }

    // The taps themselves: OptimisticToggleTapTests, for every toggle component.
}
