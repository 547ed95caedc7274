import Components
import HTTPCore

/// What pages need to render for one request: the data, the viewer and the like state they see.
struct PageContext {
    var fixtures: Fixtures
    var cells: PostCellFrames
    var likes: LikeStore
    var settings: SimulationSettings
    var viewer: Viewer

    /// The post's cell as this viewer sees it; a like tap returns to `returnTo`.
    func cell(for post: Post, returnTo: String) -> FramedPostCell? {
        guard let frame = cells[post.id],
            let like = LikeButton.selfManaged(post: post.id, viewer: viewer, likes: likes, returnTo: returnTo)
        else {
            return nil
        }
        return FramedPostCell(frame: frame, like: like)
    }
}
