import HTML
import HTTPValues

/// `/components/{name}/frame`: the fragment alone in a minimal page with the app's CSS and JS, for the
/// viewport previews.
struct FramePage {
    var gallery: GalleryRequest
    /// The fragment, in the request's state.
    var fragment: [UInt8]

    /// The frame of `gallery`'s fragment in its state.
    ///
    /// - Throws: `HTTPError` 404 when the variant has no such state.
    init(gallery: GalleryRequest) throws(HTTPError) {
        self.gallery = gallery
        self.fragment = try gallery.fragmentInState()
    }

    func render() -> [UInt8] {
        var html = HTMLBuffer(capacity: 4096)
        html.doctype()
        html.element(.html, .lang("en")) { html in
            html.element(.head) { html in
                html.void(.meta, .charset("utf-8"))
                html.void(.meta, .name("viewport"), .content("width=device-width, initial-scale=1"))
                html.element(.title, text: "\(gallery.preview.title) preview")
                html.void(.link, .rel("stylesheet"), .href("/public/app.css"))
                html.void(.link, .rel("stylesheet"), .href(ComponentStylesheet.path))
                html.element(.script, .src("/public/app.js"), .defer)
            }
            html.element(.body, .class("frame")) { html in
                TapAlert().render(into: &html)
                html.element(.main, .class("frame-main")) { html in
                    html.raw(HTMLRaw(bytes: fragment))
                }
            }
        }
        return html.bytes
    }
}
