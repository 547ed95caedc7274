import HTML
import Testing

@Suite("HTMLFrame")
struct HTMLFrameTests {
    static let frame = HTMLFrame { html in
        html.element(.div, .class("card"), .title("Tom & \"Jerry\"")) { html in
            html.element(.h2, text: "<Title>")
            html.element(.p) { html in html.render(HTMLFrame.hole) }
        }
    }

    func rendered(_ content: String) -> String {
        var html = HTMLBuffer()
        Self.frame.render(into: &html) { html in html.text(content) }
        return String(decoding: html.bytes, as: UTF8.self)
    }

    @Test func writesTheContentBetweenOpeningAndClosing() {
        #expect(
            rendered("a < b")
                == #"<div class="card" title="Tom &amp; &quot;Jerry&quot;"><h2>&lt;Title&gt;</h2><p>a &lt; b</p></div>"#
        )
        #expect(
            rendered("")
                == #"<div class="card" title="Tom &amp; &quot;Jerry&quot;"><h2>&lt;Title&gt;</h2><p></p></div>"#)
    }

    @Test func theSameAsRenderingEverythingWithTheBuilder() {
        for content in ["", "12.3K", "<script>alert(1)</script>", "<!--html-frame-hole-->"] {
            var direct = HTMLBuffer()
            direct.element(.div, .class("card"), .title("Tom & \"Jerry\"")) { html in
                html.element(.h2, text: "<Title>")
                html.element(.p, text: content)
            }
            #expect(rendered(content) == String(decoding: direct.bytes, as: UTF8.self))
        }
    }

    @Test func escapedTextCannotImitateTheHole() {
        // Text that spells the marker is escaped, so it never splits a frame.
        let frame = HTMLFrame { html in
            html.element(.p, text: "<!--html-frame-hole-->")
            html.element(.div) { html in html.render(HTMLFrame.hole) }
        }
        #expect(String(decoding: frame.opening, as: UTF8.self) == "<p>&lt;!--html-frame-hole--&gt;</p><div>")
        #expect(String(decoding: frame.closing, as: UTF8.self) == "</div>")
    }
}
