import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// A forward (`HTTPOutcome.forward`): the router answers with another of its pages, as a `GET` of it from
/// the same request after middleware, with the forward's status.
@Suite struct ForwardTests {
    /// Counts the middleware passes, and marks the request as a middleware would (a cookie it assigns).
    final class Passes: HTTPMiddleware {
        let prepared = Mutex(0)
        let finished = Mutex(0)

        func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
            prepared.withLock { $0 += 1 }
            request.cookies.assign("viewer", "v-from-middleware")
            return nil
        }

        func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
            finished.withLock { $0 += 1 }
            response.headers["X-Finished"] = "yes"
        }
    }

    final class Finally: Sendable {
        let calls = Mutex(0)
    }

    private func responder(_ passes: Passes, _ finally: Finally) -> RouterResponder {
        var router = Router()
        router.add(middleware: passes)
        router.get("/page") { request in
            var response = HTTPResponse.html(
                Array("page q=\(request.query["q"] ?? "-") viewer=\(request.cookies["viewer"] ?? "-")".utf8))
            response.reusableWhile = { true }
            response.headers["ETag"] = "\"1\""
            return response
        }
        router.get("/later", async: { _ in .html(Array("later".utf8)) })
        router.get("/gone") { _ in throw HTTPError(.notFound, "gone") }
        for (path, targets) in [
            ("/refuse", ["/page?q=2"]), ("/refuse-after-a-404", ["/gone", "/page"]),
            ("/refuse-to-later", ["/gone", "/later"]), ("/refuse-nowhere", ["/gone", "/nope", "no path"]),
        ] {
            router.add(
                .post, path,
                handler: RouteHandler { _ in
                    .forward(
                        Forward(
                            targets, status: .unprocessableContent,
                            otherwise: { .text("fallback", status: .unprocessableContent) },
                            finally: { finally.calls.withLock { $0 += 1 } }))
                })
        }
        return router.buildResponder()
    }

    @Test func aForwardAnswersThePageWithItsStatusAsTheSameRequestAfterMiddlewareOnce() async throws {
        let (passes, finally) = (Passes(), Finally())
        let response = try await responder(passes, finally).test(.post, "/refuse", body: "")
        #expect(response.status == .unprocessableContent)
        #expect(response.bodyText == "page q=2 viewer=v-from-middleware", "the page's query, the request's cookies")
        #expect(response.headers["X-Finished"] == "yes" && response.headers["Cache-Control"] == "no-store")
        #expect(response.headers["ETag"] == nil && response.reusableWhile == nil, "never kept or sent again")
        #expect(passes.prepared.withLock { $0 } == 1 && passes.finished.withLock { $0 } == 1)
        #expect(finally.calls.withLock { $0 } == 1)
    }

    @Test func aPathThatDoesNotAnswer200IsPassedOverAndNoneAnsweringIsTheOtherwise() async throws {
        let (passes, finally) = (Passes(), Finally())
        let responder = responder(passes, finally)
        #expect(try await responder.test(.post, "/refuse-after-a-404", body: "").bodyText.hasPrefix("page q=-"))
        let later = try await responder.test(.post, "/refuse-to-later", body: "")
        #expect(later.status == .unprocessableContent && later.bodyText == "later", "an asynchronous page")
        let nowhere = try await responder.test(.post, "/refuse-nowhere", body: "")
        #expect(nowhere.status == .unprocessableContent && nowhere.bodyText == "fallback")
        #expect(finally.calls.withLock { $0 } == 3, "once per forward")
    }

    @Test func aForwardOutsideARouterIsAServerError() async {
        let outcome = HTTPOutcome.forward(Forward(["/"], status: .unprocessableContent, otherwise: { .text("x") }))
        #expect(await outcome.resolve().status == .internalServerError)
    }
}
