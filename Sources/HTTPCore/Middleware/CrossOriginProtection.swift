/// Refuses cross-origin writes, as Go 1.25's `http.CrossOriginProtection` does.
///
/// For every method but `GET`, `HEAD` and `OPTIONS`:
/// 1. `Sec-Fetch-Site` present: allowed only when `same-origin` or `none` (a user-initiated request);
///    `cross-site` and `same-site` (another port or subdomain) are refused.
/// 2. Otherwise `Origin` present: allowed only when its host and port equal the request's `Host`.
/// 3. Neither header (curl, scripts, tests, older browsers on same-origin forms): allowed.
///
/// Refused requests get `403 Forbidden` before any handler runs, so they change nothing.
package struct CrossOriginProtection: HTTPMiddleware {
    package init() {}

    package func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        switch request.method {
        case .get, .head, .options: return nil
        default: break  // POST, PUT, PATCH, DELETE and anything unknown are writes.
        }
        if request.headers.contains(.secFetchSite) {
            let allowed =
                request.headers.value(of: .secFetchSite, is: "same-origin")
                || request.headers.value(of: .secFetchSite, is: "none")
            return allowed ? nil : refusal
        }
        guard let origin = request.headers[.origin] else { return nil }
        guard let host = request.headers[.host], Self.hostPart(ofOrigin: origin) == host.lowercased() else {
            return refusal
        }
        return nil
    }

    private var refusal: HTTPResponse {
        .plainError(
            HTTPError(.forbidden, "Cross-origin request refused: send this form from a page of this server."))
    }

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`; `nil` for `null` or anything that is not an origin.
    static func hostPart(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let host = lowered.dropFirst(scheme.count)
            guard !host.isEmpty, !host.contains("/") else { return nil }
            return String(host)
        }
        return nil
    }
}
