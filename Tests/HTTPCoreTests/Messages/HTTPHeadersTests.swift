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
}
