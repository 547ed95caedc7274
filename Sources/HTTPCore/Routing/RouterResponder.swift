/// The responder a `Router` builds: matches method and path, runs middleware and the handler, and turns
/// errors into responses.
public struct RouterResponder: HTTPResponder {
    let tree: RouteNode
    /// The handlers of every path without parameters, by the path as sent (no escapes to decode).
    let literalPaths: [String: MethodTable]
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
        let outcome: HTTPOutcome
        do {
            outcome = try route(&request)
        } catch {
            outcome = .response(errorResponse(HTTPError(converting: error), request))
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
