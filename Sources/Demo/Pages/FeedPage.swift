import Components
import HTML
import PreviewApp

/// `/feed`: every post, newest first, as cells.
struct FeedPage {
    var context: PageContext

    func render() -> [UInt8] {
        var html = HTMLBuffer(capacity: 64 * 1024)
        render(into: &html)
        return html.bytes
    }

    /// The page, with each cell's buttons a piece of it.
    func render(into html: inout HTMLBuffer) {
        context.layout(title: "Feed", section: .page(DemoPages.feed.path)).render(into: &html) { html in
            html.element(.h1, text: "Feed")
            html.element(
                .p, .class("muted"),
                text:
                    "Tap an avatar to open a profile, Follow to follow its author, a like to like or unlike. The components handle their own taps."
            )
            html.element(.ul, .class("feed")) { html in
                for frame in context.site.cells.all {
                    html.render(context.cell(frame, returnTo: frame.feedReturnTo))
                }
            }
        }
    }
}
