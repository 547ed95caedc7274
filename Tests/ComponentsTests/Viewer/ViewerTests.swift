import Components
import HTTPCore
import HTTPTesting
import Testing

@Suite struct ViewerTests {
    @Test(arguments: ["v0123456789abcdef", "v0000000000000000", "vffffffffffffffff"])
    func aMintedIDIsItsSixtyFourBitsAndRoundTrips(_ id: String) throws {
        let viewer = try #require(Viewer(id: id))
        #expect(viewer.bits == UInt64(id.dropFirst(), radix: 16))
        #expect(viewer.id == id)
        #expect(viewer.description == id)
        #expect(Viewer(id: viewer.id) == viewer)
    }

    /// Names in tests and `curl -b viewer=alice`: each is one viewer, the same every time, written as a
    /// minted id.
    @Test(arguments: ["a", "A-Z_09", "anonymous", "V0123456789ABCDEF", "v0123", String(repeating: "x", count: 64)])
    func anyOtherValidValueIsAStableViewer(_ id: String) throws {
        #expect(Viewer.isValid(id))
        let viewer = try #require(Viewer(id: id))
        #expect(Viewer(id: id) == viewer)
        #expect(viewer.id.count == 17 && viewer.id.hasPrefix("v"))
        #expect(Viewer(id: viewer.id) == viewer, "its written form names the same viewer")
        #expect(viewer != Viewer(id: id + "x"))
    }

    @Test(arguments: [
        "", String(repeating: "x", count: 65), "a b", "a;b", "a=b", "<script>", "ä", "a.b", "a/b", "a\u{0}",
    ])
    func invalidIDs(_ id: String) {
        #expect(!Viewer.isValid(id))
        #expect(Viewer(id: id) == nil)
    }

    /// What a like or follow costs per viewer: 8 bytes, not a heap-allocated 17-character string.
    @Test func aViewerIsSixtyFourBitsInline() {
        #expect(MemoryLayout<Viewer>.size == 8)
        #expect(MemoryLayout<ToggleStore.Key>.size <= 8 + MemoryLayout<String>.size)
    }

    @Test func randomViewerIsVAndSixteenHexDigits() {
        let ids = (0..<100).map { _ in Viewer.random().id }
        for id in ids {
            #expect(id.count == 17)
            #expect(id.first == "v")
            #expect(id.dropFirst().allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(Viewer.isValid(id))
        }
        #expect(Set(ids).count == 100)
    }

    @Test func requestViewerComesFromAValidCookie() {
        let request = HTTPRequest(method: .get, path: "/", headers: ["Cookie": "theme=dark; viewer=v42"])
        #expect(request.viewer == Viewer(id: "v42"))
        #expect(request.viewer != .anonymous)
    }

    @Test(arguments: [nil, "viewer=", "viewer=bad id", "viewer=<script>", "other=v42"])
    func requestWithoutAValidCookieIsAnonymous(_ cookie: String?) {
        var headers = HTTPHeaders()
        if let cookie {
            headers["Cookie"] = cookie
        }
        let request = HTTPRequest(method: .get, path: "/", headers: headers)
        #expect(request.viewer == .anonymous)
    }
}

@Suite struct ViewerCookieTests {
    let responder: RouterResponder = {
        var router = Router()
        router.add(middleware: ViewerCookie())
        router.get("/whoami") { request in .text(request.viewer.id) }
        router.get("/later", async: { request in .text(request.viewer.id) })
        router.get("/same-for-all") { _ in
            var response = HTTPResponse.text("the same for every new viewer")
            response.reusableWhile = { true }
            return response
        }
        return router.buildResponder()
    }()

    private func get(_ path: String, cookie: String?) async throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let cookie {
            headers["Cookie"] = cookie
        }
        return try await responder.test(.get, path, headers: headers)
    }

    /// Expects a single `Set-Cookie` naming the viewer the handler saw, and returns that id.
    private func expectAssignedViewer(
        _ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let id = response.bodyText
        #expect(Viewer.isValid(id), sourceLocation: sourceLocation)
        #expect(id.count == 17 && id.hasPrefix("v"), sourceLocation: sourceLocation)
        #expect(
            response.headers.values(for: "Set-Cookie") == ["viewer=\(id); Path=/; HttpOnly; SameSite=Lax"],
            sourceLocation: sourceLocation)
        return id
    }

    @Test func missingCookieIsAssignedAndSet() async throws {
        let response = try await get("/whoami", cookie: nil)
        #expect(response.status == .ok)
        let id = expectAssignedViewer(response)
        #expect(id != "anonymous")
    }

    @Test(arguments: ["viewer=", "viewer=bad id", "viewer=<script>", "viewer=" + String(repeating: "x", count: 65)])
    func invalidCookieIsReplacedAndSet(_ cookie: String) async throws {
        let response = try await get("/whoami", cookie: cookie)
        _ = expectAssignedViewer(response)
    }

    @Test func validCookieIsKeptAndNotSetAgain() async throws {
        let response = try await get("/whoami", cookie: "theme=dark; viewer=v-kept_1")
        #expect(response.bodyText == Viewer(id: "v-kept_1")!.id)
        #expect(response.headers["Set-Cookie"] == nil)
    }

    @Test func eachNewVisitorGetsTheirOwnViewer() async throws {
        let first = expectAssignedViewer(try await get("/whoami", cookie: nil))
        let second = expectAssignedViewer(try await get("/whoami", cookie: nil))
        #expect(first != second)
    }

    /// A first visit's answer that may be sent again carries its cookie as a fresh header: each use makes
    /// another new viewer, in the very form of the first.
    @Test func aReusableFirstVisitGetsANewViewerForEachReuse() async throws {
        let response = try await get("/same-for-all", cookie: nil)
        let fresh = try #require(response.perRequestHeaders)
        let cookies =
            [response.headers.values(for: "Set-Cookie")] + (0..<3).map { _ in fresh().values(for: "Set-Cookie") }
        #expect(cookies.allSatisfy { $0.count == 1 })
        let ids = cookies.map { cookie in
            String(cookie[0].dropFirst("viewer=".count).prefix { $0 != ";" })
        }
        #expect(Set(ids).count == 4)
        for (cookie, id) in zip(cookies, ids) {
            #expect(cookie == ["viewer=\(id); Path=/; HttpOnly; SameSite=Lax"])
            #expect(id.count == 17 && Viewer(id: id)?.id == id)
        }
        // A returning viewer's answer, or one that may not be reused, has none.
        #expect(try await get("/same-for-all", cookie: "viewer=v1").perRequestHeaders == nil)
        #expect(try await get("/whoami", cookie: nil).perRequestHeaders == nil)
    }

    @Test func deferredHandlersSeeTheAssignedViewerToo() async throws {
        _ = expectAssignedViewer(try await get("/later", cookie: nil))
        let kept = try await get("/later", cookie: "viewer=v1")
        #expect(kept.bodyText == Viewer(id: "v1")!.id)
        #expect(kept.headers["Set-Cookie"] == nil)
    }

    @Test func errorResponsesAlsoSetTheCookie() async throws {
        let response = try await get("/nowhere", cookie: nil)
        #expect(response.status == .notFound)
        let cookie = try #require(response.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("viewer=v"))
        #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))
    }
}
