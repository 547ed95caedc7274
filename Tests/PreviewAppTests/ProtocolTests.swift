import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The corners of HTTP a careful client meets: absolute-form targets, OPTIONS and TRACE, control
/// characters and repeated fields.
@Suite struct ProtocolTests {
    @Test func anAbsoluteFormTargetIsAcceptedAndItsAuthorityChecked() async throws {
        let app = makeApp()
        try await withLiveServer(responder: app.responder) { server in
            app.hostAllowList.port = server.port
            let port = server.port
            let ok = try RawConnection(port: port).request("http://127.0.0.1:\(port)/healthz")
            #expect(ok.statusCode == 200)
            #expect(String(decoding: ok.body, as: UTF8.self) == "ok\n")
            let withQuery = try RawConnection(port: port).request("HTTP://localhost:\(port)/api/posts/p1?x=1")
            #expect(withQuery.statusCode == 200)
            // The authority, not the Host header, is what the allow-list checks.
            let rebound = try RawConnection(port: port).request("http://rebound.example:\(port)/healthz")
            #expect(rebound.statusCode == 421)
            let bare = try RawConnection(port: port).request("http://127.0.0.1:\(port)")
            #expect(bare.statusCode == 200)  // the gallery index
            let foreignScheme = try RawConnection(port: port).request("ftp://127.0.0.1/healthz")
            #expect(foreignScheme.statusCode == 400)
        }
    }

    @Test func optionsAnswersWithAllowAndTraceIsNotAllowed() async throws {
        let app = makeApp()
        let star = try await app.responder.test(.options, "*")
        #expect(star.status.code == 204)
        #expect(star.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
        let tap = try await app.responder.test(.options, "/components/like/tap")
        #expect(tap.status.code == 204)
        #expect(tap.headers["Allow"] == "OPTIONS, POST")
        let page = try await app.responder.test(.options, "/feed")
        #expect(page.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(try await app.responder.test(.options, "/nowhere").status.code == 404)
        for path in ["/feed", "/nowhere", "/components/like/tap"] {
            let trace = try await app.responder.test(HTTPMethod.trace, path)
            #expect(trace.status.code == 405, "\(path)")
            #expect(trace.headers["Allow"]?.contains("TRACE") == false)
        }
        // Over the wire too (OPTIONS * comes as the target "*").
        try await withLiveServer(responder: app.responder) { server in
            let live = try RawConnection(port: server.port).request("OPTIONS", "*")
            #expect(live.statusCode == 204)
            #expect(live.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
        }
    }

    @Test func controlCharactersAndRepeatedFieldsAre400NamingTheField() async throws {
        let cases: [(method: String, target: String, body: String, answer: String)] = [
            ("GET", "/components/like/fragment?post=%00", "", #"field "post" holds the control character U+0000"#),
            ("GET", "/components/avatar/fragment?name=a%1Bb", "", #"field "name" holds the control character U+001B"#),
            ("GET", "/components/like/fragment?post=x%7F", "", #"field "post" holds the control character U+007F"#),
            ("POST", "/components/avatar/tap", "uid=ad%00a", #"field "uid" holds the control character U+0000"#),
            (
                "POST", "/components/like/tap", "post=p1%07&liked=true",
                #"field "post" holds the control character U+0007"#
            ),
            ("POST", "/components/avatar/tap", "uid=ada&uid=tim", #"The field "uid" is given more than once"#),
            ("GET", "/components/like/fragment?post=p1&post=p2", "", #"The field "post" is given more than once"#),
        ]
        let app = makeApp()
        try await withLiveServer(responder: app.responder) { server in
            app.hostAllowList.port = server.port
            for item in cases {
                var headers = ["Cookie: viewer=vctl"]
                if item.method == "POST" { headers.append("Content-Type: application/x-www-form-urlencoded") }
                let response = try RawConnection(port: server.port).request(
                    item.method, item.target, headers: headers, body: item.body)
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(response.statusCode == 400, "\(item.target)")
                #expect(text.contains(item.answer), "\(item.target): \(text)")
                #expect(!response.body.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }, "\(item.target)")
            }
        }
    }
}
