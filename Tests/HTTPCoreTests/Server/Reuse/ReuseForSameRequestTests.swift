import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// A response marked `reusableWhile` is sent again, as it was, to a request that is the same byte for
/// byte, while its check holds; nothing else is ever reused. A request is kept the second time it
/// comes (the first time it is only noted), so it is answered again from its third time on.
@Suite struct ReuseForSameRequestTests {
    /// Counts how often each route ran; `/kept` may be reused while `current` is true.
    final class Routes: Sendable {
        let runs = Mutex<[String: Int]>([:])
        let current = Atomic<Bool>(true)

        func ran(_ path: String) -> Int {
            runs.withLock { runs in
                runs[path, default: 0] += 1
                return runs[path]!
            }
        }

        func count(_ path: String) -> Int { runs.withLock { $0[path] ?? 0 } }

        var responder: RouterResponder {
            var router = Router()
            router.get("/kept") { request in
                var response = HTTPResponse.text("kept \(self.ran("/kept")) \(request.headers["Cookie"] ?? "-")")
                response.headers["X-Extra"] = "yes"
                response.reusableWhile = { self.current.load(ordering: .relaxed) }
                return response
            }
            router.get("/cookie") { _ in
                var response = HTTPResponse.text("cookie \(self.ran("/cookie"))")
                response.headers["Set-Cookie"] = "a=b"
                response.reusableWhile = { true }
                return response
            }
            router.get("/fresh") { _ in
                var response = HTTPResponse.text("fresh \(self.ran("/fresh"))")
                response.headers["X-Extra"] = "yes"
                response.headers["Set-Cookie"] = "n=0"
                response.reusableWhile = { true }
                let made = Atomic<Int>(0)
                response.perRequestHeaders = {
                    let number = made.add(1, ordering: .relaxed).newValue
                    return ["Set-Cookie": "n=\(number)", "X-Fresh": "\(number)"]
                }
                return response
            }
            router.get("/plain") { _ in .text("plain \(self.ran("/plain"))") }
            router.post("/kept") { _ in
                var response = HTTPResponse.text("posted \(self.ran("/post"))")
                response.reusableWhile = { true }
                return response
            }
            router.get(
                "/later",
                async: { _ in
                    // A handler's asynchronous work (it suspends): not a wait of the test's.
                    try await Task.sleep(for: .milliseconds(1))
                    var response = HTTPResponse.text("later \(self.ran("/later"))")
                    response.reusableWhile = { true }
                    return response
                })
            return router.buildResponder()
        }
    }

    private func get(_ connection: RawConnection, _ target: String, _ headers: [String] = []) throws -> String {
        let response = try connection.request(target, headers: headers)
        return "\(response.statusCode) \(response.headers["X-Extra"] ?? "") \(response.bodyText)"
    }

    @Test func theSameRequestGetsTheSameResponseWithoutTheRouteRunning() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let port = server.port
            let answers = try await offThePool { () -> [String] in
                let connection = try RawConnection(port: port)
                let other = try RawConnection(port: port)
                return [
                    // Noted, then kept.
                    try self.get(connection, "/kept", ["Cookie: viewer=a"]),
                    try self.get(connection, "/kept", ["Cookie: viewer=a"]),
                    try self.get(connection, "/kept", ["Cookie: viewer=a"]),
                    // The same request on another connection.
                    try self.get(other, "/kept", ["Cookie: viewer=a"]),
                    // Any other header value, another header, or another target: the route runs.
                    try self.get(connection, "/kept", ["Cookie: viewer=b"]),
                    try self.get(connection, "/kept", ["Cookie: viewer=a", "Accept: text/html"]),
                    try self.get(connection, "/kept?x=1", ["Cookie: viewer=a"]),
                    try self.get(connection, "/kept", ["Cookie: viewer=b"]),
                    try self.get(connection, "/kept", ["Cookie: viewer=b"]),
                ]
            }
            #expect(
                answers == [
                    "200 yes kept 1 viewer=a", "200 yes kept 2 viewer=a", "200 yes kept 2 viewer=a",
                    "200 yes kept 2 viewer=a", "200 yes kept 3 viewer=b", "200 yes kept 4 viewer=a",
                    "200 yes kept 5 viewer=a", "200 yes kept 6 viewer=b", "200 yes kept 6 viewer=b",
                ])
            #expect(routes.count("/kept") == 6)
            #expect(server.reusedForSameRequest.served == 3)
        }
    }

    @Test func aResponseIsNotReusedOnceItsCheckFails() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let port = server.port
            let connection = try RawConnection(port: port)
            _ = try await offThePool { try self.get(connection, "/kept") }  // noted
            let first = try await offThePool { try self.get(connection, "/kept") }
            routes.current.store(false, ordering: .relaxed)
            let stale = try await offThePool { try self.get(connection, "/kept") }
            let again = try await offThePool { try self.get(connection, "/kept") }
            routes.current.store(true, ordering: .relaxed)
            // The newest response is the one kept now.
            let kept = try await offThePool { try self.get(connection, "/kept") }
            #expect(
                [first, stale, again, kept] == [
                    "200 yes kept 2 -", "200 yes kept 3 -", "200 yes kept 4 -", "200 yes kept 4 -",
                ])
        }
    }

    @Test func cookiesPlainResponsesPostsAndHeadsAreNotMixedUp() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let port = server.port
            let answers = try await offThePool { () -> [String] in
                let connection = try RawConnection(port: port)
                var answers: [String] = []
                for _ in 0..<3 {
                    answers.append(try self.get(connection, "/cookie"))
                    answers.append(try self.get(connection, "/plain"))
                    let posted = try connection.request("POST", "/kept", body: "a=1")
                    answers.append(posted.bodyText)
                    let head = try connection.request("HEAD", "/kept")
                    answers.append("\(head.statusCode) \(head.headers["Content-Length"] ?? "?") \(head.body.count)")
                }
                // HEAD ran the route twice and was answered again the third time; GET is apart.
                answers.append(try self.get(connection, "/kept"))
                return answers
            }
            // A cookie is never reused (it is news for one client), nor a response that does not allow it,
            // nor an answer to a POST; HEAD is kept apart from GET.
            #expect(
                answers == [
                    "200  cookie 1", "200  plain 1", "posted 1", "200 8 0",
                    "200  cookie 2", "200  plain 2", "posted 2", "200 8 0",
                    "200  cookie 3", "200  plain 3", "posted 3", "200 8 0",
                    "200 yes kept 3 -",
                ])
        }
    }

    @Test func perRequestHeadersAreMadeAnewForEveryRequestAResponseAnswers() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool {
                try (0..<5).map { _ in
                    let response = try connection.request("/fresh")
                    let cookies = response.headers.values(for: "Set-Cookie")
                    return
                        "\(response.headers["X-Extra"] ?? "") \(cookies) \(response.headers["X-Fresh"] ?? "-") \(response.bodyText)"
                }
            }
            // The first two answers are the route's own (the second is kept); its cookie is never sent
            // again. (The route's closure ran once when the response was kept, to learn which headers are
            // fresh: hence 2, 3, 4.)
            #expect(
                answers == [
                    "yes [\"n=0\"] - fresh 1", "yes [\"n=0\"] - fresh 2", "yes [\"n=2\"] 2 fresh 2",
                    "yes [\"n=3\"] 3 fresh 2", "yes [\"n=4\"] 4 fresh 2",
                ])
            #expect(routes.count("/fresh") == 2)
        }
    }

    @Test func concurrentRequestsEachGetFreshHeadersOfTheirOwn() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let port = server.port
            // The first two answers are the route's own, the second kept for the rest.
            let first = try await offThePool { try RawConnection(port: port).request("/fresh").bodyText }
            let second = try await offThePool { try RawConnection(port: port).request("/fresh").bodyText }
            #expect([first, second] == ["fresh 1", "fresh 2"])
            // Then eight clients at once, each asking 25 times: every answer around the kept body must carry
            // exactly one cookie, its own (a response lent to two requests at once, or given its fresh
            // headers while still being sent, would show a cookie twice or two cookies in one answer).
            let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await offThePool {
                            let connection = try RawConnection(port: port)
                            return try (0..<25).map { _ in
                                let response = try connection.request("/fresh")
                                let cookies = response.headers.values(for: "Set-Cookie")
                                return "\(response.headers["X-Extra"] ?? "") \(cookies) \(response.bodyText)"
                            }
                        }
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(answers.count == 200)
            #expect(answers.allSatisfy { $0.hasPrefix("yes [\"n=") && $0.hasSuffix("\"] fresh 2") }, "\(answers)")
            #expect(Set(answers).count == 200, "every cookie is another")
            #expect(routes.count("/fresh") == 2)
        }
    }

    @Test func deferredResponsesAreReusedToo() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool {
                try (0..<3).map { _ in try connection.request("/later").bodyText }
            }
            #expect(answers == ["later 1", "later 2", "later 2"])
        }
    }

    @Test func aServerThatKeepsNoneRunsTheRouteEveryTime() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder, configure: { $0.reusedResponseCapacity = 0 }) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool { try (0..<3).map { _ in try self.get(connection, "/kept") } }
            #expect(answers == ["200 yes kept 1 -", "200 yes kept 2 -", "200 yes kept 3 -"])
            #expect(server.reusedForSameRequest.served == 0)
        }
    }

    @Test func keptResponsesAreBounded() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder, configure: { $0.reusedResponseCapacity = 8 }) { server in
            let connection = try RawConnection(port: server.port)
            try await offThePool {
                for index in 0..<100 {
                    for _ in 0..<2 { _ = try self.get(connection, "/kept?n=\(index)") }
                }
            }
            #expect(server.reusedForSameRequest.kept <= 8)
            // The newest are still there.
            let again = try await offThePool { try self.get(connection, "/kept?n=99") }
            #expect(again == "200 yes kept 200 -")
        }
    }

    @Test func requestsThatComeOnceOrComeBackBeyondTheCachesReachAreNeverKept() async throws {
        let routes = Routes()
        try await withLiveServer(responder: routes.responder, configure: { $0.reusedResponseCapacity = 8 }) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool { () -> [String] in
                // Twenty requests that each come once, then all twenty again: each came back after more
                // others than the cache can hold, so none was kept and every one ran the route.
                for _ in 0..<2 {
                    for index in 0..<20 { _ = try self.get(connection, "/kept?n=\(index)") }
                }
                // One that comes back within reach is kept at its second time, and reused at its third.
                return try (0..<3).map { _ in try self.get(connection, "/kept?n=within") }
            }
            #expect(answers == ["200 yes kept 41 -", "200 yes kept 42 -", "200 yes kept 42 -"])
            #expect(routes.count("/kept") == 42)
            #expect(server.reusedForSameRequest.kept == 1 && server.reusedForSameRequest.served == 1)
        }
    }
}
