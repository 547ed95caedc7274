import HTTPCore

/// The routes `fuzz-router` fuzzes: literal routes, `:param` routes, `*rest` catch-alls and nested groups,
/// with literals next to parameters. A handler that does not find its parameters (or finds an empty
/// `:param`) answers 500, which `RouterProperty` reports.
package enum FuzzRouter {
    /// The methods an input's first byte picks from (modulo their count).
    package static let methods: [HTTPMethod] = [
        .get, .head, .post, .put, .delete, .patch, .options, HTTPMethod(rawValue: "BREW"), HTTPMethod(rawValue: ""),
    ]

    package static let responder: RouterResponder = {
        var router = Router()
        router.get("/") { _ in .text("index") }
        router.get("/healthz") { _ in .text("ok") }
        router.get("/users/me") { _ in .text("me") }
        router.get("/users/:uid") { try echo($0, ["uid"]) }
        router.post("/users/:uid/follow") { try echo($0, ["uid"]) }
        router.get("/users/:uid/posts/:post") { try echo($0, ["uid", "post"]) }
        router.get("/public/*path") { try echo($0, [], rest: "path") }
        router.group("/api") { api in
            api.get("/posts/:id") { try echo($0, ["id"]) }
            api.post("/posts/:id/like") { try echo($0, ["id"]) }
            api.group("/v2") { v2 in
                v2.get("/files/*rest") { try echo($0, [], rest: "rest") }
                v2.add(.delete, "/posts/:id", handler: .sync { try echo($0, ["id"]) })
            }
        }
        router.group("/components") { components in
            components.post("/like/tap") { request in
                _ = request.query["post"]
                return .text("tapped")
            }
        }
        return router.buildResponder()
    }()

    /// Answers with the request's parameters, or throws 500 if one of `names` (or `rest`) is missing.
    static func echo(_ request: HTTPRequest, _ names: [String], rest: String? = nil) throws -> HTTPResponse {
        for name in names {
            guard let value = request.parameters[name] else {
                throw HTTPError(.internalServerError, "the handler got no :\(name)")
            }
            guard !value.isEmpty else { throw HTTPError(.internalServerError, "the handler got an empty :\(name)") }
        }
        if let rest, request.parameters[rest] == nil {
            throw HTTPError(.internalServerError, "the handler got no *\(rest)")
        }
        return .text(
            request.parameters.names.sorted().map { "\($0)=\(request.parameters[$0] ?? "")" }.joined(separator: "&"))
    }
}
