/// Adds the security headers: `X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin` on
/// every response, and a strict `Content-Security-Policy` on HTML (no inline script; scripts, styles and
/// frames from this server only; images also from `data:` and the web).
package struct SecurityHeaders: HTTPMiddleware {
    package static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: http: https:; "
        + "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; "
        + "object-src 'none'"

    package init() {}

    package func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        // These three at most; the viewer's cookie, Vary and Cache-Control are there already (this runs last).
        response.headers.reserveCapacity(adding: 3)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        if response.headers.value(of: .contentType, startsWith: "text/html") {
            response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy
        }
    }
}
