import HTML
import Testing

@Suite("HTMLSource")
struct HTMLSourceTests {
    func indented(_ markup: String) -> String {
        HTMLSource.indented(Array(markup.utf8))
    }

    @Test func nestedFragment() {
        let markup =
            #"<section class="feed"><!-- posts --><article><h2>Title</h2><img src="a.png" alt="">"#
            + #"<p>Hello <strong>you</strong> &amp; me</p><div></div></article></section>"#
        let expected = """
            <section class="feed">
              <!-- posts -->
              <article>
                <h2>Title</h2>
                <img src="a.png" alt="">
                <p>
                  Hello
                  <strong>you</strong>
                  &amp; me
                </p>
                <div></div>
              </article>
            </section>
            """
        #expect(indented(markup) == expected)
    }

    @Test func whitespaceOnlyTextIsDroppedAndTextIsTrimmed() {
        let markup = "<ul>\n  <li>  One  </li>\n\n  <li>\n    Two\n  </li>\n</ul>\n"
        let expected = """
            <ul>
              <li>  One  </li>
              <li>
                Two
              </li>
            </ul>
            """
        #expect(indented(markup) == expected)
    }

    @Test func preAndTextareaAreKeptVerbatim() {
        let markup =
            "<div><pre><code>let x = 1\n  if x &lt; 2 {}</code>\n</pre>"
            + "<textarea name=\"t\">  a\n b</textarea></div>"
        let expected =
            "<div>\n  <pre><code>let x = 1\n  if x &lt; 2 {}</code>\n</pre>\n"
            + "  <textarea name=\"t\">  a\n b</textarea>\n</div>"
        #expect(indented(markup) == expected)
    }

    @Test func voidAndSelfClosedElementsDoNotIndent() {
        let markup =
            #"<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon"></head>"#
            + "<body><br/></body></html>"
        let expected = """
            <!DOCTYPE html>
            <html>
              <head>
                <meta charset="utf-8">
                <link rel="icon">
              </head>
              <body>
                <br/>
              </body>
            </html>
            """
        #expect(indented(markup) == expected)
    }

    @Test func renderedComponentSourceIsDeterministic() {
        let bytes = HTMLComponentTests.feed.renderedBytes
        let source = HTMLSource.indented(bytes)
        #expect(source == HTMLSource.indented(bytes))
        #expect(source.split(separator: "\n").first == #"<section aria-label="Feed">"#)
        #expect(source.split(separator: "\n").last == "</section>")
    }

    @Test func emptyAndMalformedInputStillFormat() {
        #expect(indented("") == "")
        #expect(indented("plain") == "plain")
        #expect(indented("<div><p>open") == "<div>\n  <p>\n    open")
        #expect(indented("</div></div>") == "</div>\n</div>")
    }
}
