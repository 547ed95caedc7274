import Components
import HTTPCore
import Testing

@Suite struct HTTPRequestHTMXTests {
    @Test(arguments: [("true", true), ("TRUE", true), ("True", true), ("false", false), ("", false), ("1", false)])
    func wantsFragmentOnlyForHXRequestTrue(_ value: String, _ expected: Bool) {
        let request = HTTPRequest(method: .post, path: "/", headers: ["HX-Request": value])
        #expect(request.wantsFragment == expected)
    }

    @Test func plainRequestDoesNotWantAFragment() {
        #expect(!HTTPRequest(method: .post, path: "/").wantsFragment)
    }

    @Test func headerNameIsCaseInsensitive() {
        #expect(HTTPRequest(method: .post, path: "/", headers: ["hx-request": "true"]).wantsFragment)
    }
}
