import HTML
import Testing

struct Avatar: HTMLComponent {
    var name: String
    var url: String

    func render(into html: inout HTMLBuffer) {
        html.void(.img, .src(url), .alt(name), .width(32), .height(32))
    }
}

struct PostCard: HTMLComponent {
    var author: Avatar
    var body: String
    var liked: Bool

    func render(into html: inout HTMLBuffer) {
        html.element(.article, .class("post")) { html in
            html.element(.header) { html in
                html.render(author)
                html.element(.strong, text: author.name)
            }
            html.element(.p, text: body)
            html.element(.button, .type(.button), .ariaPressed(liked), .when(liked, .class("liked")), text: "Like")
        }
    }
}

struct Feed: HTMLComponent {
    var posts: [PostCard]

    func render(into html: inout HTMLBuffer) {
        html.element(.section, .ariaLabel("Feed")) { html in
            for post in posts {
                html.render(post)
            }
        }
    }
}

@Suite("HTMLComponent")
struct HTMLComponentTests {
    static let feed = Feed(posts: [
        PostCard(author: Avatar(name: "Ada", url: "/a.png"), body: "Hello <world>", liked: true),
        PostCard(author: Avatar(name: "O'Brien", url: "/o.png?s=1&t=2"), body: "Fish & chips", liked: false),
    ])

    @Test func nestedComponentsRenderInPlace() {
        let expected =
            #"<section aria-label="Feed">"#
            + #"<article class="post"><header><img src="/a.png" alt="Ada" width="32" height="32">"#
            + #"<strong>Ada</strong></header><p>Hello &lt;world&gt;</p>"#
            + #"<button type="button" aria-pressed="true" class="liked">Like</button></article>"#
            + #"<article class="post"><header><img src="/o.png?s=1&amp;t=2" alt="O&#39;Brien" width="32" height="32">"#
            + #"<strong>O'Brien</strong></header><p>Fish &amp; chips</p>"#
            + #"<button type="button" aria-pressed="false">Like</button></article>"#
            + "</section>"
        #expect(Self.feed.renderedString == expected)
        expectRendered("<main>\(expected)</main>") { html in
            html.element(.main) { html in
                html.render(Self.feed)
            }
        }
    }

    @Test func renderedBytesMatchRenderedString() {
        #expect(String(decoding: Self.feed.renderedBytes, as: UTF8.self) == Self.feed.renderedString)
    }

    @Test func renderingIsDeterministic() {
        let first = Self.feed.renderedBytes
        let second = Self.feed.renderedBytes
        #expect(first == second)
        var twice = HTMLBuffer()
        twice.render(Self.feed)
        twice.render(Self.feed)
        #expect(twice.bytes == first + first)
    }

    @Test func componentOutputIsWellFormed() {
        #expect(HTMLWellFormedness.check(Self.feed.renderedBytes) == [])
    }
}
