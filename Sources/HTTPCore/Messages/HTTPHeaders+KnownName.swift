extension HTTPHeaders {
    /// The header names the server's own layers read on every request or response, spelled once: a lookup
    /// by one of these compares its bytes as they are, with no `String` made of the name or the value
    /// (`withValue(of:_:)`, `value(of:is:)`).
    ///
    /// ```swift
    /// request.headers.contains(.secFetchSite)
    /// request.headers.value(of: .hxRequest, is: "true")
    /// ```
    package enum KnownName: Int, CaseIterable, Sendable {
        case host, cookie, contentType, origin, secFetchSite, cacheControl, setCookie
        /// The security headers every response gets.
        case contentTypeOptions, referrerPolicy, contentSecurityPolicy
        /// htmx's `HX-Request`, and the kit's own request headers.
        case hxRequest, selfManagedKept, simulateFailure

        /// The name, lowercase.
        package var text: StaticString {
            switch self {
            case .host: "host"
            case .cookie: "cookie"
            case .contentType: "content-type"
            case .origin: "origin"
            case .secFetchSite: "sec-fetch-site"
            case .cacheControl: "cache-control"
            case .setCookie: "set-cookie"
            case .contentTypeOptions: "x-content-type-options"
            case .referrerPolicy: "referrer-policy"
            case .contentSecurityPolicy: "content-security-policy"
            case .hxRequest: "hx-request"
            case .selfManagedKept: "x-self-managed-kept"
            case .simulateFailure: "x-simulate-failure"
            }
        }
    }
}
