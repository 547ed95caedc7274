import HTTPCore
import HTTPTesting
import Testing

@Suite struct SecurityMiddlewareTests {
    static func responder(allowList: HostAllowList = HostAllowList()) -> RouterResponder {
        var router = Router()
        router.add(middleware: SecurityHeaders())
        router.add(middleware: allowList)
        router.add(middleware: CrossOriginProtection())
        router.get("/page") { _ in .html(Array("<p>hi</p>".utf8)) }
        router.get("/data") { _ in .json(.object([])) }
        router.post("/write") { _ in .redirect(to: "/page") }
        router.get("/own-policy") { _ in
            var response = HTTPResponse.html(Array("<p>hi</p>".utf8))
            response.headers.add("Referrer-Policy", "no-referrer")
            response.headers.add("Content-Security-Policy", "default-src 'none'")
            return response
        }
        return router.buildResponder()
    }

    /// Every response gets each security header once, in one order; HTML also the policy. A handler's
    /// own values of those names are replaced where they stand.
    @Test func theSecurityHeadersAreSetOnceEach() async throws {
        let responder = Self.responder()
        let page = try await responder.test(.get, "/page")
        let names = page.headers.map(\.name)
        #expect(names.suffix(3) == ["X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy"])
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        let data = try await responder.test(.get, "/data")
        #expect(data.headers.map(\.name).suffix(2) == ["X-Content-Type-Options", "Referrer-Policy"])
        #expect(data.headers["Content-Security-Policy"] == nil)
        let own = try await responder.test(.get, "/own-policy")
        #expect(own.headers.values(for: "Referrer-Policy") == ["same-origin"])
        #expect(own.headers.values(for: "Content-Security-Policy") == [SecurityHeaders.contentSecurityPolicy])
        #expect(own.headers.values(for: "X-Content-Type-Options") == ["nosniff"])
    }

    @Test(arguments: [
        ("localhost:8080", 200), ("127.0.0.1:8080", 200), ("[::1]:8080", 200), ("LOCALHOST:8080", 200),
        ("evil.example:8080", 421), ("evil.example", 421), ("127.0.0.1:9999", 421), ("127.0.0.1", 421),
        ("localhost.evil.example:8080", 421), ("[::2]:8080", 421), ("[::1]x", 421), ("", 421),
        ("127.0.0.1:80800", 421), ("127.0.0.1:808", 421), ("127.0.0.1:18080", 421), ("127.0.0.1:", 421),
        ("localhost:8080x", 421), ("localhost:8080 ", 421), (":8080", 421), ("localhost:08080", 200),
    ])
    func hostMustBeOurs(host: String, status: Int) async throws {
        let allowList = HostAllowList()
        allowList.port = 8080
        let response = try await Self.responder(allowList: allowList).test(.get, "/page", headers: ["Host": host])
        #expect(response.status.code == status)
        if status == 421 {
            #expect(response.bodyText.contains("only answers to localhost"))
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        }
    }

    @Test func extraHostsAndUnknownPort() async throws {
        let allowList = HostAllowList(extraNames: ["preview.test"])
        #expect(
            try await Self.responder(allowList: allowList).test(.get, "/page", headers: ["Host": "preview.test:1234"])
                .status == .ok)
        allowList.port = 1234
        #expect(
            try await Self.responder(allowList: allowList).test(.get, "/page", headers: ["Host": "preview.test:1234"])
                .status == .ok)
        #expect(
            try await Self.responder(allowList: allowList).test(.get, "/page", headers: ["Host": "preview.test:1"])
                .status.code == 421)
        #expect(
            try await Self.responder(allowList: allowList).test(.get, "/page").status == .ok, "no Host: not a browser")
    }

    @Test(arguments: [
        (["Sec-Fetch-Site": "cross-site"], 403),
        (["Sec-Fetch-Site": "same-site"], 403),
        (["Sec-Fetch-Site": "same-origin"], 303),
        (["Sec-Fetch-Site": "none"], 303),
        (["Sec-Fetch-Site": "same-origin", "Origin": "http://evil.example"], 303),
        (["Origin": "http://evil.example"], 403),
        (["Origin": "http://127.0.0.1:9999"], 403),
        (["Origin": "null"], 403),
        (["Origin": "http://127.0.0.1:8080"], 303),
        ([:], 303),
    ])
    func crossOriginWritesAreRefused(headers: [String: String], status: Int) async throws {
        var all: HTTPHeaders = ["Host": "127.0.0.1:8080"]
        for (name, value) in headers { all[name] = value }
        let response = try await Self.responder().test(.post, "/write", headers: all, body: "")
        #expect(response.status.code == status)
    }

    @Test func safeMethodsAreNotCheckedForOrigin() async throws {
        let response = try await Self.responder().test(
            .get, "/page", headers: ["Host": "127.0.0.1:8080", "Sec-Fetch-Site": "cross-site"])
        #expect(response.status == .ok)
    }

    @Test func htmlGetsAStrictPolicyAndEverythingGetsNosniff() async throws {
        let page = try await Self.responder().test(.get, "/page")
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("script-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.contains("img-src 'self' data: http: https:"))
        #expect(policy.contains("frame-ancestors 'self'"))
        #expect(page.headers["X-Content-Type-Options"] == "nosniff")
        #expect(page.headers["Referrer-Policy"] == "same-origin")
        let data = try await Self.responder().test(.get, "/data")
        #expect(data.headers["Content-Security-Policy"] == nil)
        #expect(data.headers["X-Content-Type-Options"] == "nosniff")
        let missing = try await Self.responder().test(.get, "/nothing")
        #expect(missing.headers["Referrer-Policy"] == "same-origin")
    }
}
