/// The responder a `Router` builds: matches method and path, runs middleware and the handler, and turns
/// errors into responses.
public struct RouterResponder: HTTPResponder {
    let tree: RouteNode
    /// The handlers of every path without parameters, by the path as sent (no escapes to decode).
    let literalPaths: LiteralPaths
    let middleware: [any HTTPMiddleware]
    let errorResponse: @Sendable (HTTPError, HTTPRequest) -> HTTPResponse
    /// What `OPTIONS *` answers: every method some route takes (and `HEAD`, `OPTIONS`).
    let serverMethods: String

    package func respond(to request: consuming HTTPRequest) -> HTTPOutcome {
        var request = request
        for index in middleware.indices {
            if var early = middleware[index].prepare(&request) {
                finish(&early, for: request, through: index)
                return .response(early)
            }
        }
        var outcome: HTTPOutcome
        do {
            outcome = try route(&request)
        } catch {
            outcome = .response(errorResponse(HTTPError(converting: error), request))
        }
        if case .forward(let forward) = outcome {
            outcome = answer(forward, as: request)
        }
        switch outcome {
        case .response(var response):
            finish(&response, for: request, through: middleware.count - 1)
            return .response(response)
        case .deferred(let work):
            return .deferred { [request] in
                var response: HTTPResponse
                do {
                    response = try await work()
                } catch {
                    response = errorResponse(HTTPError(converting: error), request)
                }
                finish(&response, for: request, through: middleware.count - 1)
                return response
            }
        case .forward:
            var response = errorResponse(HTTPOutcome.forwardOutsideARouter, request)
            finish(&response, for: request, through: middleware.count - 1)
            return .response(response)
        }
    }

    /// A forward's answer: a `GET` of each of its paths in turn, as `request` (after middleware), until
    /// one answers `200`; at once while the pages answer at once.
    private func answer(_ forward: Forward, as request: HTTPRequest) -> HTTPOutcome {
        for (index, path) in forward.paths.enumerated() {
            switch page(path, as: request) {
            case .response(let response):
                guard let sent = Self.sent(response, as: forward) else { continue }
                forward.finally()
                return .response(sent)
            case .deferred(let work):
                let rest = forward.paths[(index + 1)...]
                return .deferred {
                    defer { forward.finally() }
                    if let response = try? await work(), let sent = Self.sent(response, as: forward) {
                        return sent
                    }
                    for path in rest {
                        if let sent = Self.sent(await page(path, as: request).resolve(), as: forward) {
                            return sent
                        }
                    }
                    return forward.otherwise()
                }
            case .forward:
                continue
            }
        }
        forward.finally()
        return .response(forward.otherwise())
    }

    /// A page's answer as a forward sends it, when it is one (`200`): its body and type with the forward's
    /// status, and nothing that would let it be kept or sent again.
    private static func sent(_ page: HTTPResponse, as forward: Forward) -> HTTPResponse? {
        guard page.status == .ok, page.stream == nil else { return nil }
        var headers = HTTPHeaders()
        headers["Content-Type"] = page.headers["Content-Type"]
        headers["Cache-Control"] = "no-store"
        return HTTPResponse(status: forward.status, headers: headers, body: page.body)
    }

    /// The page at `path` (with any query) as a `GET` from the same client: `request`'s headers and
    /// cookies as middleware left them. A path that is not one is a `400`.
    private func page(_ path: String, as request: HTTPRequest) -> HTTPOutcome {
        do {
            var page = try HTTPRequest(method: .get, target: path, headers: request.headers)
            page.cookies = request.cookies
            return try route(&page)
        } catch {
            return .response(errorResponse(HTTPError(converting: error), request))
        }
    }

    /// Renders the error as routed errors are (`errorResponse`), with every middleware's finishing touch.
    package func respond(toUnreadable request: HTTPRequest, _ error: HTTPError) -> HTTPResponse {
        var response = errorResponse(error, request)
        finish(&response, for: request, through: middleware.count - 1)
        return response
    }

    /// Finds and runs the handler. `OPTIONS` is answered here for every path (and `*`) with `Allow`;
    /// `TRACE` never is.
    private func route(_ request: inout HTTPRequest) throws -> HTTPOutcome {
        if request.method == .options && request.path == "*" {
            return .response(HTTPResponse(status: .noContent, headers: ["Allow": serverMethods]))
        }
        var parameters = RouteParameters()
        guard
            let handlers = try literalPaths[request.path]
                ?? tree.match(Self.decodedSegments(of: request.path)[...], binding: &parameters)
        else {
            if request.method == .trace {
                throw HTTPError(
                    .methodNotAllowed, "TRACE is not supported.", headers: ["Allow": serverMethods])
            }
            throw HTTPError(.notFound, "Nothing here: \(request.path) is not a page of this server.")
        }
        if request.method == .options {
            return .response(HTTPResponse(status: .noContent, headers: ["Allow": Self.allowedMethods(handlers)]))
        }
        let handler = handlers[request.method] ?? (request.method == .head ? handlers[.get] : nil)
        guard let handler else {
            let allowed = Self.allowedMethods(handlers)
            throw HTTPError(
                .methodNotAllowed,
                "\(request.path) does not accept \(request.method); use \(allowed).",
                headers: ["Allow": allowed]
            )
        }
        request.parameters = parameters
        return try handler.run(request)
    }

    private func finish(_ response: inout HTTPResponse, for request: HTTPRequest, through last: Int) {
        var index = last
        while index >= 0 {
            middleware[index].finish(&response, for: request)
            index -= 1
        }
    }

    private static func allowedMethods(_ handlers: MethodTable) -> String {
        var methods = Set(handlers.keys.map(\.rawValue))
        if methods.contains("GET") {
            methods.insert("HEAD")
        }
        methods.insert("OPTIONS")
        return methods.sorted().joined(separator: ", ")
    }

    /// Splits a raw path into percent-decoded segments: `/users/a%20b` → `["users", "a b"]`.
    static func decodedSegments(of path: String) throws(HTTPError) -> [String] {
        var path = path
        let result = path.withUTF8 { bytes -> Result<[String], HTTPError> in
            var segments = [String]()
            segments.reserveCapacity(8)
            var start = 1  // after the leading "/"
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
                let segment: String
                do {
                    segment = try PercentEncoding.decode(
                        UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false)
                } catch {
                    return .failure(HTTPError(.badRequest, "The path has a malformed percent-escape or is not UTF-8."))
                }
                if segment.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                    return .failure(HTTPError(.badRequest, "The path holds a control character, which no path may."))
                }
                segments.append(segment)
                start = end + 1
            }
            return .success(segments)
        }
        let segments = try result.get()
        return segments == [""] ? [] : segments
    }
}
