import Components
import HTTPCore

/// What pages need to render for one request: the data, the viewer and the like and follow state they see.
struct PageContext {
    var fixtures: Fixtures
    var cells: PostCellFrames
    var likes: ToggleStore
    var follows: ToggleStore
    var settings: SimulationSettings
    var viewer: Viewer

    /// The post's cell as this viewer sees it; a like or follow tap returns to `returnTo`. Without
    /// `follow` the byline has no follow button (a profile has its own, once).
    func cell(for post: Post, returnTo: String, follow: Bool = true) -> FramedPostCell? {
        guard let frame = cells[post.id],
            let like = LikeButton.selfManaged(post: post.id, viewer: viewer, likes: likes, returnTo: returnTo)
        else {
            return nil
        }
        return FramedPostCell(
            frame: frame, follow: follow ? followButton(for: post.author, returnTo: returnTo) : nil, like: like)
    }

    /// The follow button for `uid` as this viewer sees it; `nil` when the viewer is that user.
    func followButton(for uid: String, returnTo: String) -> FollowButton? {
        FollowButton.selfManaged(uid: uid, viewer: viewer, follows: follows, returnTo: returnTo)
    }
}
