import Basics
import Components
import HTML
import HTTPCore
import PreviewApp

/// What pages need to render for one request: the data, the viewer and the like and follow state they see.
struct PageContext {
    var site: DemoSite
    var settings: SimulationSettings
    /// The site's navigation, for the page's header.
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches? = nil
    var viewer: Viewer

    /// The chrome around a page with this title and section.
    func layout(title: String, section: PageLayout.Section = .none) -> PageLayout {
        PageLayout(title: title, section: section, settings: settings, navigation: navigation, caches: caches)
    }

    /// The post's cell as this viewer sees it; a like or follow tap returns to `returnTo`. Without
    /// `follow` the byline has no follow button (a profile has its own, once). The buttons are rendered
    /// once per state they show in this place (`PostCellFrames`).
    func cell(for post: Post, returnTo: String, follow: Bool = true) -> FramedPostCell? {
        site.cells[post.id].flatMap { cell($0, returnTo: returnTo, follow: follow) }
    }

    /// The cell of `frame`'s post, as `cell(for:returnTo:follow:)`.
    func cell(_ frame: PostCellFrames.Frame, returnTo: String, follow: Bool = true) -> FramedPostCell? {
        // `frame.post.id`, not a copy of the post: copying it retains each of its strings.
        guard let liked = site.likes.presentation(frame.post.id, viewer: viewer) else {
            return nil
        }
        let like = site.cells.like(frame, liked, returnTo: returnTo)
        var followHTML: HTMLRaw?
        if follow, FollowButton.isOffered(frame.post.author, to: viewer),
            let following = site.follows.presentation(frame.post.author, viewer: viewer)
        {
            followHTML = site.cells.follow(frame, following, returnTo: returnTo)
        }
        return FramedPostCell(frame: frame, follow: followHTML, like: like)
    }

    /// The follow button for `uid` as this viewer sees it; `nil` when the viewer is that user.
    func followButton(for uid: String, returnTo: String) -> SelfManaged? {
        FollowButton.selfManaged(uid: uid, viewer: viewer, follows: site.follows, returnTo: returnTo)
    }

    /// The post's star rating as this viewer sees it; a tap without script returns to `returnTo`.
    func rating(for post: String, returnTo: String) -> SelfManaged? {
        StarRating.selfManaged(post: post, viewer: viewer, ratings: site.ratings, returnTo: returnTo)
    }

    /// The post's comment box as this viewer sees it; a send without script returns to `returnTo`.
    func commentBox(for post: String, returnTo: String) -> SelfManaged? {
        CommentBox.selfManaged(
            post: post, viewer: viewer, store: site.comments, definition: site.commentBox, returnTo: returnTo)
    }
}
