import Components
import Testing

@Suite struct ImageURLTests {
    @Test(arguments: [
        "http://cdn.example/a.png",
        "https://cdn.example/a.png",
        "HTTPS://cdn.example/a.png",
        "hTtP://cdn.example/a.png",
        "https://x",
        "https://例え.jp/a.png",
        "/public/x.svg",
        "/",
        "data:image/png;base64,AAA",
        "DATA:IMAGE/GIF;base64,R0lG",
    ])
    func allowed(_ url: String) {
        #expect(ImageURL.isAllowed(url))
    }

    @Test(arguments: [
        "",
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        "vbscript:x",
        "data:text/html,<script>",
        "data:image",
        "//evil.example/a.png",
        "a.png",
        "./a.png",
        "ftp://cdn.example/a.png",
        "https:cdn.example/a.png",
        "https://",
        "http://",
        "https://cdn.example/a b.png",
        " https://cdn.example/a.png",
        "https://cdn.example/a.png\n",
        "/public/a\tb.svg",
        "/public/a\u{7F}.svg",
        "/\\evil.example/a.png",
        "https://cdn.example\\@evil.example/a.png",
    ])
    func refused(_ url: String) {
        #expect(!ImageURL.isAllowed(url))
    }

    @Test func lengthIsBoundedAt8192Bytes() {
        let longest = "/" + String(repeating: "a", count: 8191)
        #expect(ImageURL.isAllowed(longest))
        #expect(!ImageURL.isAllowed(longest + "a"))
    }
}
