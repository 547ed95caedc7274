import HTTPCore
import Testing

@Suite struct HTTPHeadersTests {
    @Test func namesAreCaseInsensitive() {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html")
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["Content-Typo"] == nil)
        headers["content-TYPE"] = "text/plain"
        #expect(headers.count == 1)
        #expect(headers["Content-Type"] == "text/plain")
    }

    @Test func repeatedFieldsAreKept() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        headers.remove("SET-COOKIE")
        #expect(headers.count == 0)
    }

    /// Only ASCII letters fold: bytes 0x20 apart that are not letters (`[` and `{`, `@` and a backtick)
    /// and letters outside ASCII are different names; names of one length are compared byte by byte.
    @Test(arguments: [
        ("Content-Type", "content-type", true), ("HX-REQUEST", "hx-request", true), ("", "", true),
        ("Origin", "Cookie", false), ("Sec-Fetch-Site", "Content-Length", false), ("Host", "Hos", false),
        ("a[", "a{", false), ("x@", "x`", false), ("\u{E9}", "\u{C9}", false), ("Z", "z", true), ("z1", "Z2", false),
    ])
    func namesMatchASCIICaseInsensitively(_ a: String, _ b: String, _ same: Bool) {
        #expect(HTTPHeaders.namesMatch(a, b) == same)
        #expect(HTTPHeaders.namesMatch(b, a) == same)
        var headers = HTTPHeaders()
        headers.add(a, "value")
        #expect((headers[b] != nil) == same)
    }
}
