/// Code that runs around every routed request: before routing (to adjust or refuse the request)
/// and after the handler (to adjust the response).
///
/// Both steps are synchronous so they work alike for immediate and deferred handlers.
package protocol HTTPMiddleware: Sendable {
    /// Adjusts the request, or returns a response to answer it without routing.
    func prepare(_ request: inout HTTPRequest) -> HTTPResponse?
    /// Adjusts the response produced for `request` (including error and early responses).
    func finish(_ response: inout HTTPResponse, for request: HTTPRequest)
}

extension HTTPMiddleware {
    package func prepare(_ request: inout HTTPRequest) -> HTTPResponse? { nil }
    package func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {}
}
