import HTTPCore
import HTTPTesting
import Testing

@Suite struct RouterTests {
    let responder: RouterResponder = {
        var router = Router()
        router.get("/") { _ in .text("home") }
        router.get("/users/:uid") { request in .text("user \(request.parameters["uid"] ?? "?")") }
        router.get("/users/me") { _ in .text("me") }
        router.post("/users/:uid") { request in .text("posted \(request.parameters["uid"] ?? "?")") }
        router.get(
            "/slow",
            async: { _ in
                // A handler's asynchronous work: not a wait of the test's.
                try? await Task.sleep(for: .milliseconds(5))
                return .text("slow")
            })
        router.group("/api") { api in
            api.get("/posts/:id") { request in .text("post \(request.parameters["id"] ?? "?")") }
            api.get("/fail") { _ in throw HTTPError(.conflict, "nope") }
        }
        router.get("/files/*rest") { request in .text("file \(request.parameters["rest"] ?? "")") }
        return router.buildResponder()
    }()

    @Test func literalRoutesMatch() async throws {
        let response = try await responder.test(.get, "/")
        #expect(response.status == .ok)
        #expect(response.bodyText == "home")
    }

    @Test func parametersAreDecodedPerSegment() async throws {
        #expect(try await responder.test(.get, "/users/ada").bodyText == "user ada")
        #expect(try await responder.test(.get, "/users/a%20b%2Fc").bodyText == "user a b/c")
        #expect(try await responder.test(.get, "/users/%E5%A4%A7V").bodyText == "user 大V")
    }

    @Test func literalsWinOverParameters() async throws {
        #expect(try await responder.test(.get, "/users/me").bodyText == "me")
    }

    @Test func aPathWithoutParametersAnswersAlikeHoweverItIsSpelled() async throws {
        // Found by its exact bytes, or decoded and walked: the same route either way.
        #expect(try await responder.test(.get, "/users/me").bodyText == "me")
        #expect(try await responder.test(.get, "/users/m%65").bodyText == "me")
        #expect(try await responder.test(.get, "/%75sers/me").bodyText == "me")
        #expect(try await responder.test(.get, "/api/fail").status == .conflict)
        #expect(try await responder.test(.get, "/api/f%61il").status == .conflict)
        // The literal route takes only its own methods, as the tree says.
        let posted = try await responder.test(.post, "/users/me", body: "")
        #expect(posted.status == .methodNotAllowed)
        #expect(posted.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(try await responder.test(.get, "/users/me/").status == .notFound)
        #expect(try await responder.test(.get, "//users/me").status == .notFound)
    }

    @Test func aLevelWithManyLiteralsFindsEachAndFallsBackToItsParameter() async throws {
        // One literal per component under /components/ (more than a level searches in order), each with
        // a parameter below it, beside a parameter at the same level.
        var router = Router()
        let names = (1...40).map { "c\($0)" }
        for name in names {
            router.post("/components/\(name)/:action") { request in
                .text("\(name) \(request.parameters["action"] ?? "?")")
            }
        }
        router.get("/components/:name/state/:id") { request in
            .text("state \(request.parameters["name"] ?? "?") \(request.parameters["id"] ?? "?")")
        }
        let responder = router.buildResponder()
        for name in [names[0], names[19], names[39]] {
            #expect(try await responder.test(.post, "/components/\(name)/tap", body: "").bodyText == "\(name) tap")
            // A literal whose subtree does not match falls back to the parameter beside it.
            #expect(try await responder.test(.get, "/components/\(name)/state/p1").bodyText == "state \(name) p1")
        }
        #expect(try await responder.test(.get, "/components/c41/state/p1").bodyText == "state c41 p1")
        #expect(try await responder.test(.post, "/components/c41/tap", body: "").status == .notFound)
    }

    @Test func groupsPrefixTheirRoutes() async throws {
        #expect(try await responder.test(.get, "/api/posts/7").bodyText == "post 7")
        #expect(try await responder.test(.get, "/posts/7").status == .notFound)
    }

    @Test func unknownPathIs404() async throws {
        let response = try await responder.test(.get, "/nowhere")
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("/nowhere"))
        #expect(try await responder.test(.get, "/users/ada/extra").status == .notFound)
        #expect(try await responder.test(.get, "/users/").status == .notFound)
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        let response = try await responder.test(.delete, "/users/ada")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
        let home = try await responder.test(.post, "/", body: "")
        #expect(home.status == .methodNotAllowed)
        #expect(home.headers["allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func headIsAnsweredByGetRoutes() async throws {
        let response = try await responder.test(.head, "/users/ada")
        #expect(response.status == .ok)
        #expect(try await responder.test(.head, "/slow").status == .ok)
    }

    @Test func asyncHandlersAreDeferred() async throws {
        let request = try HTTPRequest(method: .get, target: "/slow")
        guard case .deferred = responder.respond(to: request) else {
            Issue.record("an async handler must not answer on the server thread")
            return
        }
        #expect(try await responder.test(.get, "/slow").bodyText == "slow")
    }

    @Test func thrownErrorsBecomeResponses() async throws {
        let response = try await responder.test(.get, "/api/fail")
        #expect(response.status == .conflict)
        #expect(response.bodyText == "nope\n")
    }

    @Test func catchAllTakesTheRest() async throws {
        #expect(try await responder.test(.get, "/files/a/b.css").bodyText == "file a/b.css")
    }

    @Test func malformedPathEscapeIs400() async throws {
        let response = try await responder.test(.get, "/users/%zz")
        #expect(response.status == .badRequest)
        #expect(try await responder.test(.get, "/users/%C3%28").status == .badRequest)
    }

    @Test func queryIsDecoded() async throws {
        let request = try HTTPRequest(method: .get, target: "/search?q=a+b%21&empty=#frag")
        #expect(request.path == "/search")
        #expect(request.query["q"] == "a b!")
        #expect(request.query["empty"] == "")
    }

    @Test func malformedQueryIsRejected() {
        #expect(throws: HTTPError.self) { try HTTPRequest(method: .get, target: "/x?a=%4") }
        #expect(throws: HTTPError.self) { try HTTPRequest(method: .get, target: "x") }
    }

    @Test func middlewareWrapsImmediateAndDeferredResponses() async throws {
        struct Stamp: HTTPMiddleware {
            func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
                request.path == "/blocked" ? .text("blocked", status: .forbidden) : nil
            }
            func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
                response.headers["X-Stamp"] = "yes"
            }
        }
        var router = Router()
        router.add(middleware: Stamp())
        router.get("/now") { _ in .text("now") }
        router.get("/later", async: { _ in .text("later") })
        let responder = router.buildResponder()
        #expect(try await responder.test(.get, "/now").headers["X-Stamp"] == "yes")
        #expect(try await responder.test(.get, "/later").headers["X-Stamp"] == "yes")
        #expect(try await responder.test(.get, "/missing").headers["X-Stamp"] == "yes")
        let blocked = try await responder.test(.get, "/blocked")
        #expect(blocked.status == .forbidden)
        #expect(blocked.headers["X-Stamp"] == "yes")
    }

    @Test func customErrorResponse() async throws {
        var router = Router()
        router.errorResponse = { error, _ in .html(Array("<p>\(error.status.code)</p>".utf8), status: error.status) }
        let response = try await router.buildResponder().test(.get, "/x")
        #expect(response.bodyText == "<p>404</p>")
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func routeCollectionsMount() async throws {
        struct Health: RouteCollection {
            func addRoutes(to routes: inout RouteGroup) {
                routes.get("/healthz") { _ in .text("ok\n") }
            }
        }
        var router = Router()
        router.group("/ops") { $0.mount(Health()) }
        #expect(try await router.buildResponder().test(.get, "/ops/healthz").bodyText == "ok\n")
    }
}
