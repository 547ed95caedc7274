import CLibFuzzer
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes request parsing and routing with arbitrary request targets and methods.
// Input: the first byte picks the method, the rest is the request target (as libmicrohttpd hands it over).
// Properties: nothing crashes; every outcome is an immediate response with status 200, 400, 404 or 405;
// a handler always finds the parameters of its route, and each `:param` is non-empty; a 405 has an `Allow`
// header that does not list the method (and lists HEAD whenever it lists GET).

enum Routes {
    static let methods: [HTTPMethod] = [
        .get, .head, .post, .put, .delete, .patch, .options, HTTPMethod(rawValue: "BREW"), HTTPMethod(rawValue: ""),
    ]

    /// Literal routes, `:param` routes, `*rest` catch-alls and nested groups, with literals next to parameters.
    static let responder: RouterResponder = {
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

    static func echo(_ request: HTTPRequest, _ names: [String], rest: String? = nil) throws -> HTTPResponse {
        for name in names {
            guard let value = request.parameters[name] else { fail("the handler got no :\(name)", request) }
            guard !value.isEmpty else { fail("the handler got an empty :\(name)", request) }
        }
        if let rest, request.parameters[rest] == nil {
            fail("the handler got no *\(rest)", request)
        }
        return .text(
            request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
    }

    static func fail(_ message: String, _ request: HTTPRequest) -> Never {
        fatalError("fuzz-router: \(message); \(request.method) \(Array(request.path.utf8))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let selector = bytes.first else { return 0 }
    let method = Routes.methods[Int(selector) % Routes.methods.count]
    let target = String(decoding: bytes.dropFirst(), as: UTF8.self)

    let request: HTTPRequest
    do {
        request = try HTTPRequest(method: method, target: target)
    } catch {
        guard error.status == .badRequest else {
            fatalError("fuzz-router: HTTPRequest threw \(error.status); target \(Array(target.utf8))")
        }
        return 0
    }
    guard case .response(let response) = Routes.responder.respond(to: request) else {
        Routes.fail("a synchronous route produced deferred work", request)
    }
    switch response.status.code {
    case 200, 400, 404:
        break
    case 405:
        guard let allow = response.headers["Allow"], !allow.isEmpty else {
            Routes.fail("405 without an Allow header", request)
        }
        let allowed = allow.split(separator: ",").map { $0.trimmingPrefix(" ") }
        guard !allowed.contains(where: { $0 == method.rawValue }) else {
            Routes.fail("405 although Allow (\(allow)) lists the method", request)
        }
        guard !allowed.contains("GET") || allowed.contains("HEAD") else {
            Routes.fail("Allow (\(allow)) lists GET but not HEAD", request)
        }
    default:
        Routes.fail("unexpected status \(response.status)", request)
    }
    return 0
}

// SwiftPM renames this file's top-level code (to fuzz_router_main) and makes it the executable's main,
// so libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
