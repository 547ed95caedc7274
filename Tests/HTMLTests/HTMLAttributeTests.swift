import HTML
import Testing

@Suite("HTMLAttribute")
struct HTMLAttributeTests {
    /// Renders one attribute as it appears inside a start tag, with its leading space.
    func rendered(_ attribute: HTMLAttribute) -> String {
        var html = HTMLBuffer()
        html.void(.input, attribute)
        return String(decoding: html.bytes.dropFirst("<input".utf8.count).dropLast(), as: UTF8.self)
    }

    @Test func customNumberAndBooleanAttributes() {
        #expect(rendered(.custom("data-count", integer: 12345)) == #" data-count="12345""#)
        #expect(rendered(.custom("data-count", integer: -7)) == #" data-count="-7""#)
        #expect(rendered(.custom("data-count", integer: 0)) == #" data-count="0""#)
        #expect(rendered(.custom("data-liked", boolean: true)) == #" data-liked="true""#)
        #expect(rendered(.custom("data-liked", boolean: false)) == #" data-liked="false""#)
    }

    @Test func textAttributes() {
        let cases: [(HTMLAttribute, String)] = [
            (.id("a"), #" id="a""#),
            (.class("b c"), #" class="b c""#),
            (.href("/p?a=1&b=2"), #" href="/p?a=1&amp;b=2""#),
            (.src("/i.png"), #" src="/i.png""#),
            (.alt("A cat"), #" alt="A cat""#),
            (.title("T"), #" title="T""#),
            (.name("q"), #" name="q""#),
            (.value("v"), #" value="v""#),
            (.action("/like"), #" action="/like""#),
            (.for("field"), #" for="field""#),
            (.role("status"), #" role="status""#),
            (.ariaLabel("Like post"), #" aria-label="Like post""#),
            (.ariaDescribedBy("hint err"), #" aria-describedby="hint err""#),
            (.ariaCurrent("page"), #" aria-current="page""#),
            (.lang("zh-Hans"), #" lang="zh-Hans""#),
            (.charset("utf-8"), #" charset="utf-8""#),
            (.rel("stylesheet"), #" rel="stylesheet""#),
            (.content("width=device-width"), #" content="width=device-width""#),
            (.step("any"), #" step="any""#),
            (.placeholder("Search…"), #" placeholder="Search…""#),
            (.datetime("2024-05-01T12:00:00Z"), #" datetime="2024-05-01T12:00:00Z""#),
            (.sandbox(""), #" sandbox="""#),
            (.custom("data-post", "7"), #" data-post="7""#),
        ]
        for (attribute, expected) in cases {
            #expect(rendered(attribute) == expected)
        }
    }

    @Test func constantAttributes() {
        let cases: [(HTMLAttribute, String)] = [
            (.method(.get), #" method="get""#),
            (.method(.post), #" method="post""#),
            (.ariaPressed(true), #" aria-pressed="true""#),
            (.ariaPressed(false), #" aria-pressed="false""#),
            (.ariaBusy(true), #" aria-busy="true""#),
            (.ariaLive(.polite), #" aria-live="polite""#),
            (.ariaLive(.assertive), #" aria-live="assertive""#),
            (.ariaLive(.off), #" aria-live="off""#),
            (.ariaHidden, #" aria-hidden="true""#),
            (.lazyLoading, #" loading="lazy""#),
            (.asyncDecoding, #" decoding="async""#),
        ]
        for (attribute, expected) in cases {
            #expect(rendered(attribute) == expected)
        }
    }

    @Test func everyInputType() {
        let types: [(InputType, String)] = [
            (.submit, "submit"), (.button, "button"), (.hidden, "hidden"), (.text, "text"), (.number, "number"),
            (.checkbox, "checkbox"), (.search, "search"), (.url, "url"), (.range, "range"),
        ]
        for (type, name) in types {
            #expect(rendered(.type(type)) == " type=\"\(name)\"")
        }
    }

    @Test func booleanAttributesRenderAsJustTheirName() {
        expectRendered("<input hidden disabled checked selected required><script defer></script>") { html in
            html.void(.input, .hidden, .disabled, .checked, .selected, .required)
            html.element(.script, .defer)
        }
    }

    @Test func ariaBusyFalseIsOmitted() {
        expectRendered(#"<section aria-live="polite"></section>"#) { html in
            html.element(.section, .ariaBusy(false), .ariaLive(.polite))
        }
    }

    @Test func whenIncludesOrOmitsTheAttribute() {
        expectRendered(#"<option value="a" selected>A</option><option value="b">B</option>"#) { html in
            for (value, label) in [("a", "A"), ("b", "B")] {
                html.element(.option, .value(value), .when(value == "a", .selected), text: label)
            }
        }
        expectRendered(#"<button class="like" aria-label="x"></button>"#) { html in
            html.element(.button, .when(true, .class("like")), .when(false, .id("y")), .ariaLabel("x"))
        }
    }

    @Test func anOptionalAttributeRendersOnlyWhenPresent() {
        for (id, stream, expected) in [
            ("like-7", "/events/stream", #"<div class="like" id="like-7"></div><table data-stream="/events/stream">"#),
            (nil, nil, #"<div class="like"></div><table>"#),
        ] {
            expectRendered(expected + "</table>") { html in
                html.element(.div, .class("like"), id.map(HTMLAttribute.id))
                html.element(.table, stream.map { .custom("data-stream", $0) }) { _ in }
            }
        }
    }

    @Test func aNilAttributeRendersNothingInEveryFormAndPosition() {
        let none: HTMLAttribute? = nil
        let expected =
            #"<p class="a">t</p><section class="a" role="feed"></section><input class="a"><p>t</p><br><span></span>"#
            + #"<ul class="a"></ul><hr class="a">"#
        expectRendered(expected) { html in
            html.element(.p, none, .class("a"), none, text: "t")
            html.element(.section, .class("a"), none, .role("feed")) { _ in }
            html.void(.input, .class("a"), none)
            html.element(.p, nil, text: "t")
            html.void(.br, none, none, none, none, none, none, none, none)
            html.element(.span, none, none)
            html.element(.ul, [none, .class("a"), none]) { _ in }
            html.void(.hr, [.class("a"), none])
        }
    }

    @Test func integersRenderInDecimal() {
        let cases: [(Int, String)] = [
            (0, "0"), (7, "7"), (10, "10"), (48, "48"), (-1, "-1"), (-120, "-120"), (1_000_000, "1000000"),
            (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
        ]
        for (value, expected) in cases {
            #expect(rendered(.min(value)) == " min=\"\(expected)\"")
            #expect(rendered(.max(value)) == " max=\"\(expected)\"")
            #expect(rendered(.width(value)) == " width=\"\(expected)\"")
            #expect(rendered(.height(value)) == " height=\"\(expected)\"")
            #expect(rendered(.tabindex(value)) == " tabindex=\"\(expected)\"")
        }
    }

    @Test func formWithTypedAttributes() {
        let expected =
            #"<form method="post" action="/posts/7/like"><label for="n">Name</label>"#
            + #"<input type="number" id="n" name="n" min="1" max="10" step="1" required>"#
            + #"<button type="submit" aria-pressed="false">Like</button></form>"#
        expectRendered(expected) { html in
            html.element(.form, .method(.post), .action("/posts/7/like")) { html in
                html.element(.label, .for("n"), text: "Name")
                html.void(.input, .type(.number), .id("n"), .name("n"), .min(1), .max(10), .step("1"), .required)
                html.element(.button, .type(.submit), .ariaPressed(false), text: "Like")
            }
        }
    }
}
