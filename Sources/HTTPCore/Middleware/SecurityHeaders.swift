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
        let isHTML = response.headers.value(of: .contentType, startsWith: "text/html")
        // Usually a handler set none of these: then they go in as one block of fields, made once.
        if !response.headers.contains(.contentTypeOptions) && !response.headers.contains(.referrerPolicy)
            && !(isHTML && response.headers.contains(.contentSecurityPolicy))
        {
            response.headers.append(contentsOf: isHTML ? Self.htmlFields : Self.fields)
            return
        }
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        if isHTML {
            response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy
        }
    }

    /// The fields every response gets.
    private static let fields: HTTPHeaders = ["X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"]

    /// The fields an HTML response gets.
    private static let htmlFields: HTTPHeaders = {
        var fields = Self.fields
        fields.add("Content-Security-Policy", contentSecurityPolicy)
        return fields
    }()
}
