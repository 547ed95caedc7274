import HTTPCore
import Testing

@Suite struct LocalPathTests {
    @Test(arguments: [
        "/",
        "/feed",
        "/posts/p1",
        "/posts/p1?x=1#like-p1",
        "/users/a%20b",
        "/search?q=%41%42",
        "/users/大V",
        "/a%2",
    ])
    func localPathsAreKept(_ path: String) {
        #expect(LocalPath.isLocal(path))
        #expect(LocalPath.validated(path, fallback: "/feed") == path)
    }

    @Test(arguments: [
        "",
        "feed",
        "//evil.example",
        "//evil.example/feed",
        "/\\evil.example",
        "\\\\evil",
        "\\/evil",
        "https://evil.example",
        "http://evil.example/feed",
        "javascript:alert(1)",
        "/a\\b",
        "/a b",
        "/a\tb",
        "/ok\r\nX: y",
        "/ok\nX: y",
        "/a\u{0}",
        "/a\u{7F}",
        "/%2Fevil",
        "/%2fevil",
        "/%5Cevil",
        "/%5cevil",
        "/a/%2F",
        "/%0D%0ASet-Cookie:x=1",
        "/%7F",
        "/%252Fevil",
        " /feed",
    ])
    func otherTargetsAreRefused(_ candidate: String) {
        #expect(!LocalPath.isLocal(candidate))
        #expect(LocalPath.validated(candidate, fallback: "/feed") == "/feed")
    }

    @Test func nilFallsBack() {
        #expect(LocalPath.validated(nil, fallback: "/home") == "/home")
    }

    @Test func lengthIsBoundedAt2048Bytes() {
        let longest = "/" + String(repeating: "a", count: 2047)
        #expect(LocalPath.isLocal(longest))
        #expect(!LocalPath.isLocal(longest + "a"))
    }
}
