import HTTPCore

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

    public init(viewerlessPaths: [String] = []) {
        self.viewerlessPaths = viewerlessPaths
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
        if response.headers["Cache-Control"] == nil {
            response.headers["Cache-Control"] = "no-store"
        }
        guard request.cookies.assignedNames.contains(Viewer.cookieName),
            let assigned = request.cookies[Viewer.cookieName]
        else {
            return
        }
        response.headers.add("Set-Cookie", SetCookie(name: Viewer.cookieName, value: assigned).headerValue)
    }

    private func isViewerless(_ path: String) -> Bool {
        viewerlessPaths.contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
    }
}
