import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// Gives every request whose answer depends on the viewer a viewer: one without a valid `viewer` cookie
/// gets a new random id, which the response sets as a cookie (`HttpOnly; SameSite=Lax; Path=/`). Those
/// answers also say so to caches: `Vary: Cookie`, and `Cache-Control: no-store` unless the handler chose
/// a policy, so that no cache serves one viewer's page to another.
///
/// Paths whose answers are the same for everyone (static files, the health check, the API description)
/// are left alone: no cookie is minted there, and their handlers say what caches may do.
public struct ViewerCookie: HTTPMiddleware {
    /// Paths that do not depend on the viewer: exact paths, or prefixes when they end in `/`.
    public let viewerlessPaths: [String]
    /// `viewerlessPaths` as bytes, checked on every request.
    private let rules: [PathRule]

    private struct PathRule: Sendable {
        var bytes: [UInt8]
        var isPrefix: Bool
    }

    public init(viewerlessPaths: [String] = []) {
        self.viewerlessPaths = viewerlessPaths
        rules = viewerlessPaths.map { PathRule(bytes: Array($0.utf8), isPrefix: $0.hasSuffix("/")) }
    }

    public func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        guard !isViewerless(request.path) else { return nil }
        if request.cookies[Viewer.cookieName].flatMap(Viewer.init(id:)) == nil {
            request.cookies.assign(Viewer.cookieName, Viewer.random().id)
        }
        return nil
    }

    public func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard !isViewerless(request.path) else { return }
        response.headers.add("Vary", "Cookie")
        if !response.headers.contains("Cache-Control") {
            response.headers.add("Cache-Control", "no-store")
        }
        guard request.hasNewViewer, let assigned = request.cookies[Viewer.cookieName]
        else {
            return
        }
        response.headers.add("Set-Cookie", SetCookie(name: Viewer.cookieName, value: assigned).headerValue)
    }

    private func isViewerless(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { path in
            rules.contains { rule in
                guard rule.isPrefix ? path.count >= rule.bytes.count : path.count == rule.bytes.count else {
                    return false
                }
                return rule.bytes.withUnsafeBufferPointer { rule in
                    memcmp(rule.baseAddress!, path.baseAddress!, rule.count) == 0
                }
            }
        }
    }
}
