import HTML
import Testing

@Suite("HTMLBuffer elements")
struct HTMLBufferTests {
    @Test func elementWithTextContent() {
        expectRendered(#"<h1 class="title">Hello</h1>"#) { html in
            html.element(.h1, .class("title"), text: "Hello")
        }
    }

    @Test func emptyElementStillHasAnEndTag() {
        expectRendered(#"<div id="slot"></div><span></span>"#) { html in
            html.element(.div, .id("slot"))
            html.element(.span)
        }
    }

    @Test func nestedElements() {
        expectRendered(#"<ul class="tags"><li>swift</li><li>html</li></ul>"#) { html in
            html.element(.ul, .class("tags")) { html in
                for tag in ["swift", "html"] {
                    html.element(.li, text: tag)
                }
            }
        }
    }

    @Test func contentClosureWithoutAttributes() {
        expectRendered("<p>a<strong>b</strong>c</p>") { html in
            html.element(.p) { html in
                html.text("a")
                html.element(.strong, text: "b")
                html.text("c")
            }
        }
    }

    @Test func attributesFromAnArray() {
        var attributes: [HTMLAttribute] = [.class("card")]
        attributes.append(.id("post-7"))
        attributes.append(.when(false, .hidden))
        expectRendered(#"<article class="card" id="post-7"><p>x</p></article>"#) { html in
            html.element(.article, attributes) { html in
                html.element(.p, text: "x")
            }
        }
        expectRendered(#"<hr class="card" id="post-7">"#) { html in
            html.void(.hr, attributes)
        }
    }

    @Test func voidElementsHaveNoEndTagAndNoSlash() {
        let expected = #"<img src="/a.png" alt="" width="48" height="48" loading="lazy" decoding="async"><br>"#
        expectRendered(expected) { html in
            html.void(.img, .src("/a.png"), .alt(""), .width(48), .height(48), .lazyLoading, .asyncDecoding)
            html.void(.br)
        }
    }

    @Test func everyVoidTag() {
        expectRendered("<meta><link><img><input><br><hr><source>") { html in
            for tag in [HTMLVoidTag.meta, .link, .img, .input, .br, .hr, .source] {
                html.void(tag)
            }
        }
    }

    @Test func customTagNames() {
        expectRendered("<dialog></dialog><wbr>") { html in
            html.element(HTMLTag("dialog"))
            html.void(HTMLVoidTag("wbr"))
        }
    }

    @Test func doctypeAndDocumentSkeleton() {
        let expected =
            #"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Preview</title>"#
            + #"<script src="/app.js" defer></script></head><body><main></main></body></html>"#
        expectRendered(expected) { html in
            html.doctype()
            html.element(.html, .lang("en")) { html in
                html.element(.head) { html in
                    html.void(.meta, .charset("utf-8"))
                    html.element(.title, text: "Preview")
                    html.element(.script, .src("/app.js"), .defer)
                }
                html.element(.body) { html in
                    html.element(.main)
                }
            }
        }
    }

    @Test func rawMarkupIsNotEscaped() {
        expectRendered("<p><!-- kept --><b>bytes</b></p>") { html in
            html.element(.p) { html in
                html.raw(HTMLRaw(unsafeMarkup: "<!-- kept -->"))
                html.raw(HTMLRaw(bytes: Array("<b>bytes</b>".utf8)))
            }
        }
    }

    @Test func capacityDoesNotChangeOutput() {
        var small = HTMLBuffer(capacity: 0)
        var large = HTMLBuffer(capacity: 1 << 16)
        for index in 0..<200 {
            small.element(.li, .tabindex(index), text: "item \(index) & more")
            large.element(.li, .tabindex(index), text: "item \(index) & more")
        }
        #expect(small.bytes == large.bytes)
        #expect(HTMLWellFormedness.check(small.bytes) == [])
    }

    @Test func rawMarkupCountsItsBytesEitherWay() {
        #expect(HTMLRaw(unsafeMarkup: "<b>é</b>").byteCount == 9)
        #expect(HTMLRaw(bytes: Array("<b>é</b>".utf8)).byteCount == 9)
        #expect(HTMLRaw(bytes: []).byteCount == 0)
    }
}
