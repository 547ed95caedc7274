/// The one seam between the server and the app: given a request, produce a response.
///
/// A responder answers at once with `.response`, or returns `.deferred` work that the server runs in a
/// Swift task: on the server thread until the work first awaits (work that never awaits answers without
/// a hop), then, with the connection suspended, on the server's handler threads, so that awaiting never
/// holds a server thread.
package protocol HTTPResponder: Sendable {
    /// - Important: Called on a server thread. Do only quick, non-blocking work here; put anything
    ///   that awaits into a `.deferred` outcome, which must not block either before its first `await`.
    func respond(to request: consuming HTTPRequest) -> HTTPOutcome

    /// The answer to a request that could not even be read (a malformed target or query): `request`
    /// holds its method, path and headers. Plain text unless the responder renders errors its own way.
    func respond(toUnreadable request: HTTPRequest, _ error: HTTPError) -> HTTPResponse
}

extension HTTPResponder {
    package func respond(toUnreadable request: HTTPRequest, _ error: HTTPError) -> HTTPResponse {
        .plainError(error)
    }
}

/// What a responder produced: a response now, or work that produces one later.
package enum HTTPOutcome: Sendable {
    case response(HTTPResponse)
    case deferred(@Sendable () async throws -> HTTPResponse)
    /// Another page of the app, which a router answers (`Forward`); outside one it is a `500`.
    case forward(Forward)

    /// Waits for the response, whichever form it takes; an error thrown by deferred work becomes
    /// its plain-text response.
    package func resolve() async -> HTTPResponse {
        switch self {
        case .response(let response):
            return response
        case .deferred(let work):
            do {
                return try await work()
            } catch {
                return .plainError(HTTPError(converting: error))
            }
        case .forward:
            return .plainError(Self.forwardOutsideARouter)
        }
    }

    /// What a forward answers where no router takes it: a responder's mistake, not the client's.
    package static let forwardOutsideARouter = HTTPError(
        .internalServerError, "The answer was another page, but no router was there to make it.")
}
