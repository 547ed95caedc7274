import Components
import HTML

/// What the buttons in a page's cells read and are rendered from, for one viewer: one object that every
/// button piece of the page captures (a piece is kept with its page, and a feed has forty).
final class CellButtons: Sendable {
    let likes: ToggleStore
    let follows: ToggleStore
    let cells: PostCellFrames
    let viewer: Viewer

    init(site: DemoSite, viewer: Viewer) {
        likes = site.likes
        follows = site.follows
        cells = site.cells
        self.viewer = viewer
    }

    /// The like button of `frame`'s post as the viewer sees it now, in a cell whose taps return to
    /// `returnTo`.
    func like(_ frame: PostCellFrames.Frame, returnTo: String) -> HTMLRaw? {
        likes.presentation(frame.post.id, viewer: viewer).map { cells.like(frame, $0, returnTo: returnTo) }
    }

    /// The follow button of `frame`'s post's author as the viewer sees it now.
    func follow(_ frame: PostCellFrames.Frame, returnTo: String) -> HTMLRaw? {
        // `frame.post.author`, not a copy of the post: copying it retains each of its strings.
        follows.presentation(frame.post.author, viewer: viewer).map { cells.follow(frame, $0, returnTo: returnTo) }
    }
}
