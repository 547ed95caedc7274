import Components
import HTML

/// The site as one viewer sees it: what every piece of a page (`HTMLBuffer.piece`) reads and renders
/// from, one object that a page's pieces share (a piece is kept with its page, and a feed has forty).
///
/// - Important: It holds the site and the viewer, and nothing that keeps pages (not the app's `Caches`):
///   a kept page holds its pieces, so a piece that held the pages' cache would never be freed.
final class ViewerSite: Sendable {
    let site: DemoSite
    let viewer: Viewer

    init(site: DemoSite, viewer: Viewer) {
        self.site = site
        self.viewer = viewer
    }

    /// The like button of `frame`'s post as the viewer sees it now, in a cell whose taps return to
    /// `returnTo`.
    func like(_ frame: PostCellFrames.Frame, returnTo: String) -> HTMLRaw? {
        site.likes.presentation(frame.post.id, viewer: viewer).map { site.cells.like(frame, $0, returnTo: returnTo) }
    }

    /// The follow button of `frame`'s post's author as the viewer sees it now.
    func follow(_ frame: PostCellFrames.Frame, returnTo: String) -> HTMLRaw? {
        // `frame.post.author`, not a copy of the post: copying it retains each of its strings.
        site.follows.presentation(frame.post.author, viewer: viewer).map {
            site.cells.follow(frame, $0, returnTo: returnTo)
        }
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
