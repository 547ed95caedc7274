import HTTPCore
import Testing

@Suite struct CookiesTests {
    @Test func parsesPairs() {
        let cookies = Cookies(header: "viewer=v-1; theme=dark;lang=en")
        #expect(cookies["viewer"] == "v-1")
        #expect(cookies["theme"] == "dark")
        #expect(cookies["lang"] == "en")
    }

    @Test func firstOccurrenceWinsAndQuotesAreRemoved() {
        let cookies = Cookies(header: "a=1; a=2; b=\"quoted\"")
        #expect(cookies["a"] == "1")
        #expect(cookies["b"] == "quoted")
    }

    @Test func junkIsIgnored() {
        let cookies = Cookies(header: ";;; =x; novalue; c= 3 ;  d=")
        #expect(cookies.values == ["c": "3", "d": ""])
        #expect(Cookies(header: nil).values.isEmpty)
        #expect(Cookies(header: "").values.isEmpty)
    }

    @Test func assigningReplacesAndIsRememberedOnce() {
        var cookies = Cookies(header: "viewer=old; theme=dark")
        cookies.assign("viewer", "new")
        cookies.assign("viewer", "newer")
        cookies.assign("lang", "en")
        #expect(cookies.values == ["viewer": "newer", "theme": "dark", "lang": "en"])
        #expect(cookies.assignedNames == ["viewer", "lang"])
        cookies["theme"] = nil
        #expect(cookies["theme"] == nil)
        #expect(Cookies(["a": "1", "b": "2"]) == Cookies(header: "b=2; a=1"))
        #expect(Cookies(["a": "1"]) != Cookies(header: "a=2"))
    }

    @Test func requestsParseTheirCookieHeader() {
        let request = HTTPRequest(method: .get, path: "/", headers: ["cookie": "viewer=abc"])
        #expect(request.cookies["viewer"] == "abc")
    }

    @Test func setCookieHeader() {
        let cookie = SetCookie(name: "viewer", value: "abc")
        #expect(cookie.headerValue == "viewer=abc; Path=/; HttpOnly; SameSite=Lax")
        let other = SetCookie(name: "x", value: "1", maxAge: 60, httpOnly: false, sameSite: nil)
        #expect(other.headerValue == "x=1; Path=/; Max-Age=60")
    }
}
