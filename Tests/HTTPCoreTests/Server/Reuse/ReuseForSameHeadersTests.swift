import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// An answer without a body goes out as the response made for the first answer with the same status and
/// headers: every answer still has exactly its own status and headers, and cookies and bodies are never
/// shared.
@Suite struct ReuseForSameHeadersTests {
    final class Routes: Sendable {
        let logins = Atomic<Int>(0)

        var responder: RouterResponder {
            var router = Router()
            // A redirect wherever `to` says, as a tap's answer goes back to the page it came from.
            router.post("/go") { request in .redirect(to: request.query["to"] ?? "/") }
            router.get("/empty") { request in
                var response = HTTPResponse(status: .noContent)
                for field in request.query {
                    response.headers.add(field.name, field.value)
                }
                return response
            }
            router.get("/login") { _ in
                var response = HTTPResponse.redirect(to: "/")
                response.headers["Set-Cookie"] = "session=\(self.logins.add(1, ordering: .relaxed).newValue)"
                return response
            }
            router.get("/text") { request in .text(request.query["say"] ?? "") }
            return router.buildResponder()
        }
    }

    private func answer(_ response: RawConnection.Response) -> String {
        var parts = ["\(response.statusCode)"]
        for name in ["Location", "X-A", "X-B", "Set-Cookie", "Content-Length"] {
            if let value = response.headers[name] { parts.append("\(name): \(value)") }
        }
        return parts.joined(separator: " | ")
    }

    @Test func eachAnswerKeepsItsOwnStatusAndHeaders() async throws {
        try await withLiveServer(responder: Routes().responder) { server in
            let port = server.port
            let answers = try await offThePool { () -> [String] in
                let connection = try RawConnection(port: port)
                let other = try RawConnection(port: port)
                var answers: [String] = []
                for round in 0..<3 {
                    let on = round == 1 ? other : connection
                    answers.append(self.answer(try on.request("POST", "/go?to=/a")))
                    answers.append(self.answer(try on.request("POST", "/go?to=/b")))
                    answers.append(self.answer(try on.request("/empty?X-A=1")))
                    answers.append(self.answer(try on.request("/empty?X-A=2")))
                    answers.append(self.answer(try on.request("/empty?X-A=1&X-B=2")))
                    answers.append(self.answer(try on.request("/empty?X-B=2&X-A=1")))
                }
                return answers
            }
            let round = [
                "303 | Location: /a | Content-Length: 0", "303 | Location: /b | Content-Length: 0",
                "204 | X-A: 1", "204 | X-A: 2", "204 | X-A: 1 | X-B: 2", "204 | X-A: 1 | X-B: 2",
            ]
            #expect(answers == round + round + round)
            // Six distinct answers (the last two differ in order), each made once and sent twice more.
            #expect(server.reusedForSameHeaders.kept == 6)
            #expect(server.reusedForSameHeaders.served == 12)
        }
    }

    @Test func aRunOfTheSameAnswerIsServedByTheLastAndAnotherInBetweenByItsFingerprint() async throws {
        try await withLiveServer(responder: Routes().responder) { server in
            let port = server.port
            let answers = try await offThePool { () -> [String] in
                let connection = try RawConnection(port: port)
                return try ["/go?to=/a", "/go?to=/a", "/go?to=/a", "/go?to=/b", "/go?to=/a"].map { target in
                    self.answer(try connection.request("POST", target))
                }
            }
            let a = "303 | Location: /a | Content-Length: 0"
            #expect(answers == [a, a, a, "303 | Location: /b | Content-Length: 0", a])
            // Two made; the second and third /a from the last answer, the fifth from its fingerprint.
            #expect(server.reusedForSameHeaders.kept == 2)
            #expect(server.reusedForSameHeaders.served == 3)
        }
    }

    @Test func cookiesAndBodiesAreNeverShared() async throws {
        try await withLiveServer(responder: Routes().responder) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool { () -> [String] in
                try (0..<3).flatMap { _ in
                    [
                        self.answer(try connection.request("/login")),
                        try connection.request("/text?say=hi").bodyText,
                    ]
                }
            }
            #expect(
                answers == [
                    "303 | Location: / | Set-Cookie: session=1 | Content-Length: 0", "hi",
                    "303 | Location: / | Set-Cookie: session=2 | Content-Length: 0", "hi",
                    "303 | Location: / | Set-Cookie: session=3 | Content-Length: 0", "hi",
                ])
            #expect(server.reusedForSameHeaders.kept == 0)
        }
    }

    @Test func aServerThatKeepsNoneSharesNone() async throws {
        try await withLiveServer(responder: Routes().responder, configure: { $0.reusedResponseCapacity = 0 }) {
            server in
            let connection = try RawConnection(port: server.port)
            let locations = try await offThePool {
                try (0..<3).map { _ in try connection.request("POST", "/go?to=/a").headers["Location"] ?? "" }
            }
            #expect(locations == ["/a", "/a", "/a"])
            #expect(server.reusedForSameHeaders.kept == 0)
            #expect(server.reusedForSameHeaders.served == 0)
        }
    }

    @Test func keptResponsesAreBoundedAndStayRight() async throws {
        try await withLiveServer(responder: Routes().responder, configure: { $0.reusedResponseCapacity = 8 }) {
            server in
            let connection = try RawConnection(port: server.port)
            let wrong = try await offThePool { () -> [String] in
                var wrong: [String] = []
                for round in 0..<2 {
                    for index in 0..<50 {
                        let location = try connection.request("POST", "/go?to=/p\(index)").headers["Location"]
                        if location != "/p\(index)" { wrong.append("round \(round): /p\(index) → \(location ?? "-")") }
                    }
                }
                return wrong
            }
            #expect(wrong == [])
            #expect(server.reusedForSameHeaders.kept <= 8)
        }
    }
}
