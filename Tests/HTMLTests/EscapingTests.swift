import HTML
import Testing

@Suite("Escaping")
struct EscapingTests {
    @Test func scriptTagInTextIsEscaped() {
        expectRendered("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>") { html in
            html.element(.p, text: "<script>alert(1)</script>")
        }
    }

    @Test func alreadyEscapedTextIsEscapedAgain() {
        expectRendered("<p>&amp;amp; &amp;lt;</p>") { html in
            html.element(.p, text: "&amp; &lt;")
        }
    }

    @Test func quotesInTextAreLeftAlone() {
        expectRendered(#"<p>"Hi," it's me</p>"#) { html in
            html.element(.p, text: #""Hi," it's me"#)
        }
    }

    @Test func attributeEscapesQuotesApostrophesLessThanAndAmpersand() {
        expectRendered(#"<div title="a&quot;b&#39;c&lt;d&amp;e>f"></div>"#) { html in
            html.element(.div, .title(#"a"b'c<d&e>f"#))
        }
    }

    @Test func multiByteUTF8PassesThroughIntact() {
        let text = "大V 👍🏽 café 👨‍👩‍👧"
        expectRendered("<p title=\"\(text)\">\(text)</p>") { html in
            html.element(.p, .title(text), text: text)
        }
    }

    @Test func specialsNextToMultiByteCharacters() {
        expectRendered(#"<p title="大&quot;V">大&lt;V&gt;😀&amp;</p>"#) { html in
            html.element(.p, .title(#"大"V"#), text: "大<V>😀&")
        }
    }

    @Test func emptyStrings() {
        expectRendered(#"<p title=""></p>"#) { html in
            html.element(.p, .title(""), text: "")
        }
        expectRendered("") { html in
            html.text("")
        }
    }

    @Test func stringOfOnlySpecials() {
        expectRendered("&lt;&gt;&amp;\"'") { html in
            html.text("<>&\"'")
        }
        expectRendered(#"<a href="&lt;>&amp;&quot;&#39;"></a>"#) { html in
            html.element(.a, .href("<>&\"'"))
        }
    }

    @Test func specialsAtTheEdgesOfTheString() {
        expectRendered("&lt;a&gt;") { html in
            html.text("<a>")
        }
        expectRendered("a&amp;&amp;b") { html in
            html.text("a&&b")
        }
    }

    @Test func longStringsAreCopiedCorrectlyAroundEverySpecial() {
        // Specials at the first and last byte, next to each other, and spread through long plain runs.
        var text = "<"
        for index in 0..<5_000 {
            text += index % 997 == 0 ? "&" : (index % 1_500 == 0 ? "大" : "x")
            if index % 2_048 == 0 {
                text += "<>"
            }
        }
        text += ">"
        var html = HTMLBuffer(capacity: 0)
        html.text(text)
        #expect(String(decoding: html.bytes, as: UTF8.self) == referenceEscape(text, attribute: false))

        var attribute = HTMLBuffer()
        attribute.element(.div, .title(text + "\"'"))
        let expected = "<div title=\"\(referenceEscape(text + "\"'", attribute: true))\"></div>"
        #expect(String(decoding: attribute.bytes, as: UTF8.self) == expected)
    }

    @Test func textAppendsToWhatIsAlreadyInTheBuffer() {
        expectRendered("a&amp;b&lt;c") { html in
            html.text("a&")
            html.text("b<")
            html.text("c")
        }
    }
}

/// A slow, obviously correct escaper to compare the fast one against.
func referenceEscape(_ string: String, attribute: Bool) -> String {
    var result = ""
    for character in string.unicodeScalars {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">" where !attribute: result += "&gt;"
        case "\"" where attribute: result += "&quot;"
        case "'" where attribute: result += "&#39;"
        default: result.unicodeScalars.append(character)
        }
    }
    return result
}
