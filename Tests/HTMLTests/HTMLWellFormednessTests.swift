import HTML
import Testing

@Suite("HTMLWellFormedness")
struct HTMLWellFormednessTests {
    func check(_ markup: String) -> [String] {
        HTMLWellFormedness.check(Array(markup.utf8))
    }

    @Test func acceptsGoodFragments() {
        let fragments = [
            "",
            "plain text & more",
            #"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>"#,
            #"<p class='single' data-x="1">a <b>b</b> c</p><!-- <not a tag> --><br><img src="a" alt="">"#,
            "<script>if (a < b && c > d) { x = '</p>' }</script>",
            "<style>a > b { }</style><textarea>1 < 2</textarea>",
            "<UL><Li>mixed case</lI></ul>",
            "<input disabled><br/>",
            "a &lt; b &gt; c",
        ]
        for fragment in fragments {
            #expect(check(fragment) == [], "\(fragment)")
        }
    }

    @Test func locationsCountLinesAndBytesAcrossTheDocument() {
        #expect(
            check("x <\n<i>\n\ny < z\n") == [
                "line 1, column 3: stray '<' in text; write it as &lt;",
                "line 2, column 1: <i> is never closed",
                "line 4, column 3: stray '<' in text; write it as &lt;",
            ])
    }

    @Test func reportsUnclosedElements() {
        #expect(check("<div><p>text</p>") == ["line 1, column 1: <div> is never closed"])
        #expect(
            check("<ul>\n<li>\n</ul>") == [
                "line 3, column 1: </ul> closes <ul> while <li> (line 2, column 1) is still open"
            ]
        )
    }

    @Test func reportsMisnestedElements() {
        #expect(
            check("<b><i>x</b></i>") == [
                "line 1, column 8: </b> closes <b> while <i> (line 1, column 4) is still open",
                "line 1, column 12: </i> has no open element to close",
            ])
    }

    @Test func reportsStrayLessThanInText() {
        #expect(check("<p>1 < 2</p>") == ["line 1, column 6: stray '<' in text; write it as &lt;"])
        #expect(check("a <3 b") == ["line 1, column 3: stray '<' in text; write it as &lt;"])
        #expect(check("trailing <") == ["line 1, column 10: stray '<' in text; write it as &lt;"])
    }

    @Test func reportsUnquotedAttributeValues() {
        #expect(check("<a href=/x/y>x</a>") == ["line 1, column 9: unquoted value of attribute 'href' in <a>"])
        #expect(!check(#"<div id="x" class=y></div>"#).isEmpty)
    }

    @Test func reportsOtherMistakes() {
        #expect(check("<div/>") == ["line 1, column 1: <div/> is not a void element; close it with </div>"])
        #expect(check("<br></br>") == ["line 1, column 5: </br> closes a void element, which has no end tag"])
        #expect(check("</p>") == ["line 1, column 1: </p> has no open element to close"])
        #expect(
            check(#"<p title="x>y</p>"#) == [
                "line 1, column 1: unterminated tag <p>",
                "line 1, column 1: <p> is never closed",
                "line 1, column 10: unterminated value of attribute 'title'",
            ])
        #expect(check("<!-- open") == ["line 1, column 1: unterminated comment"])
    }

    @Test func problemsAreInDocumentOrder() {
        let problems = check("<section>\n<p>a < b\n<a href=x>y</a>")
        #expect(
            problems == [
                "line 1, column 1: <section> is never closed",
                "line 2, column 1: <p> is never closed",
                "line 2, column 6: stray '<' in text; write it as &lt;",
                "line 3, column 9: unquoted value of attribute 'href' in <a>",
            ])
    }
}
