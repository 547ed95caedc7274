import Components
import HTML

/// A cell for one viewer: the post's frames with this viewer's follow and like buttons in the gaps, each
/// a piece of the page (`HTMLBuffer.piece`) that reads its own state, so that a tap on one button renders
/// that button again and not the page.
struct FramedPostCell: HTMLComponent {
    var frame: PostCellFrames.Frame
    var context: PageContext
    /// Where the cell's taps return to.
    var returnTo: String
    /// Whether the byline has a follow button (a profile has its own, once).
    var follow: Bool

    func render(into html: inout HTMLBuffer) {
        html.raw(frame.head)
        let (seen, frame, returnTo) = (context.seen, frame, returnTo)
        if follow, FollowButton.isOffered(frame.post.author, to: context.viewer) {
            html.piece { html in
                if let button = seen.follow(frame, returnTo: returnTo) { html.raw(button) }
            }
        }
        frame.aroundLike.render(into: &html) { html in
            html.piece { html in
                if let button = seen.like(frame, returnTo: returnTo) { html.raw(button) }
            }
        }
    }
}
