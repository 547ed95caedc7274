import Components
import HTML

/// A cell for one viewer: the post's frames with this viewer's follow and like buttons (rendered) in the
/// gaps.
struct FramedPostCell: HTMLComponent {
    var frame: PostCellFrames.Frame
    var follow: HTMLRaw?
    var like: HTMLRaw

    func render(into html: inout HTMLBuffer) {
        html.raw(frame.head)
        if let follow {
            html.raw(follow)
        }
        frame.aroundLike.render(into: &html) { html in html.raw(like) }
    }
}
