import HTTPCore
import HTTPTesting
import Testing

/// An answer whose body its maker keeps goes out as the response made the last time that body went out
/// with the same status and headers: every answer still has exactly its own status, headers and body.
@Suite struct KeptBodyTests {
    final class Routes: Sendable {
        let kept = KeptBody(Array("<p>kept</p>".utf8))

        var responder: RouterResponder {
            var router = Router()
            // The kept body, with the status and an X-N header the query asks for.
            router.post("/kept") { request in
                var response = HTTPResponse.html(
                    self.kept, status: request.query["status"] == "503" ? .serviceUnavailable : .ok)
                if let n = request.query["n"] { response.headers["X-N"] = n }
                return response
            }
            // The kept body's bytes, but in another array (a copy, or changed by the route): never its response.
            router.post("/copied") { _ in
                var response = HTTPResponse.html(self.kept)
                response.body = self.kept.bytes.map { $0 }  // `Array(bytes)` would share their storage
                return response
            }
            router.post("/changed") { _ in
                var response = HTTPResponse.html(self.kept)
                response.body[1] = UInt8(ascii: "b")
                return response
            }
            // A cookie is one client's: never sent again.
            router.post("/cookie") { request in
                var response = HTTPResponse.html(self.kept)
                response.headers["Set-Cookie"] = "n=\(request.query["n"] ?? "")"
                return response
            }
            return router.buildResponder()
        }
    }

    private func answer(_ response: RawConnection.Response) -> String {
        var parts = ["\(response.statusCode)"]
        for name in ["X-N", "Set-Cookie"] {
            if let value = response.headers[name] { parts.append("\(name): \(value)") }
        }
        parts.append(response.bodyText)
        return parts.joined(separator: " | ")
    }

    @Test func theSameAnswerAgainIsSentAsItWasAndAnotherIsMadeAnew() async throws {
        try await withLiveServer(responder: Routes().responder) { server in
            let port = server.port
            let answers = try await offThePool { () -> [String] in
                let connection = try RawConnection(port: port)
                let other = try RawConnection(port: port)
                return try [
                    (connection, "/kept?n=1"), (other, "/kept?n=1"), (connection, "/kept?n=1"),
                    (connection, "/kept?n=2"), (other, "/kept?n=2"), (connection, "/kept?n=1"),
                    (connection, "/kept?n=1&status=503"), (other, "/kept?n=1&status=503"), (connection, "/kept?n=1"),
                ].map { on, target in self.answer(try on.request("POST", target)) }
            }
            let one = "200 | X-N: 1 | <p>kept</p>"
            let two = "200 | X-N: 2 | <p>kept</p>"
            let failed = "503 | X-N: 1 | <p>kept</p>"
            #expect(answers == [one, one, one, two, two, one, failed, failed, one])
            // Made for the first 1, 2, 1 again, 503 and 1 again; each sent again right after: 4.
            #expect(server.reusedForKeptBodies == 4)
        }
    }

    @Test func aBodyThatIsNotTheKeptBytesOrSetsACookieIsNeverSentAgain() async throws {
        try await withLiveServer(responder: Routes().responder) { server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool { () -> [String] in
                try ["/copied", "/copied", "/changed", "/changed", "/cookie?n=1", "/cookie?n=2"].map { target in
                    self.answer(try connection.request("POST", target))
                }
            }
            #expect(
                answers == [
                    "200 | <p>kept</p>", "200 | <p>kept</p>", "200 | <b>kept</p>", "200 | <b>kept</p>",
                    "200 | Set-Cookie: n=1 | <p>kept</p>", "200 | Set-Cookie: n=2 | <p>kept</p>",
                ])
            #expect(server.reusedForKeptBodies == 0)
        }
    }

    @Test func aServerThatReusesNoResponseSendsEachAnew() async throws {
        try await withLiveServer(responder: Routes().responder, configure: { $0.reusedResponseCapacity = 0 }) {
            server in
            let connection = try RawConnection(port: server.port)
            let answers = try await offThePool {
                try (0..<3).map { _ in self.answer(try connection.request("POST", "/kept?n=1")) }
            }
            #expect(answers == Array(repeating: "200 | X-N: 1 | <p>kept</p>", count: 3))
            #expect(server.reusedForKeptBodies == 0)
        }
    }
}
