import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// Gives every request whose answer depends on the viewer a viewer: one without a valid `viewer` cookie
/// gets a new random id, which the response sets as a cookie (`HttpOnly; SameSite=Lax; Path=/`). Those
/// answers also say so to caches: `Vary: Cookie`, and `Cache-Control: no-store` unless the handler chose
/// a policy, so that no cache serves one viewer's page to another.
///
/// A first visit's answer that its route lets the server send again (`HTTPResponse.reusableWhile`) gets
/// its cookie as a fresh header, so that each later first visit it answers gets a viewer of its own; such
/// a route must answer every new viewer alike (kept pages are rendered for "a new viewer", not for the
/// id minted).
///
/// Paths whose answers are the same for everyone (static files, the health check, the API description)
/// are left alone: no cookie is minted there, and their handlers say what caches may do.
package struct ViewerCookie: HTTPMiddleware {
    /// Paths that do not depend on the viewer: exact paths, or prefixes when they end in `/`.
    package let viewerlessPaths: [String]
    /// `viewerlessPaths` as bytes, checked on every request.
    private let rules: [PathRule]

    private struct PathRule: Sendable {
        var bytes: [UInt8]
        var isPrefix: Bool
    }

    package init(viewerlessPaths: [String] = []) {
        self.viewerlessPaths = viewerlessPaths
        rules = viewerlessPaths.map { PathRule(bytes: Array($0.utf8), isPrefix: $0.hasSuffix("/")) }
    }

    package func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        guard !isViewerless(request.path) else { return nil }
        if request.cookies[Viewer.cookieName].flatMap(Viewer.init(id:)) == nil {
            request.cookies.assign(Viewer.cookieName, Viewer.random().id)
        }
        return nil
    }

    package func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard !isViewerless(request.path) else { return }
        if response.headers.contains(.cacheControl) {
            response.headers.add("Vary", "Cookie")
        } else {
            // The usual case, as one block of fields made once.
            response.headers.append(contentsOf: Self.varyAndNoStore)
        }
        guard request.hasNewViewer, let assigned = request.cookies[Viewer.cookieName]
        else {
            return
        }
        response.headers.add("Set-Cookie", Self.cookieHeaderValue(assigned))
        if response.reusableWhile != nil {
            // Sent again to the next first visit, the answer (the same for every new viewer) gets its own
            // new viewer.
            response.perRequestHeaders = { Self.newViewerHeaders() }
        }
    }

    /// `Vary: Cookie` and `Cache-Control: no-store`, for an answer whose handler chose no cache policy.
    private static let varyAndNoStore: HTTPHeaders = ["Vary": "Cookie", "Cache-Control": "no-store"]

    /// A `Set-Cookie` for a new random viewer.
    static func newViewerHeaders() -> HTTPHeaders {
        let (prefix, suffix) = cookieTemplate
        let viewer = Viewer.random()
        // Written in place on the stack and copied once into the headers' bytes: no string made of it.
        var headers = HTTPHeaders()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + Viewer.idByteCount + suffix.count) {
            buffer in
            var end = buffer.initialize(fromContentsOf: prefix)
            viewer.writeID(to: UnsafeMutableBufferPointer(rebasing: buffer[end...]))
            end += Viewer.idByteCount
            end += UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: suffix)
            Self.setCookieName.withUnsafeBufferPointer { name in
                headers.add(name: name, value: UnsafeBufferPointer(rebasing: buffer[..<end]))
            }
        }
        return headers
    }

    private static let setCookieName = Array("Set-Cookie".utf8)

    /// The `Set-Cookie` value that gives a client the viewer `id`.
    static func cookieHeaderValue(_ id: String) -> String {
        SetCookie(name: Viewer.cookieName, value: id).headerValue
    }

    /// `cookieHeaderValue`'s bytes before and after the id, so that a new viewer's cookie is one append of
    /// bytes (a first visit answered again makes one per request).
    private static let cookieTemplate: (prefix: [UInt8], suffix: [UInt8]) = {
        let marker: UInt8 = 0
        let value = Array(cookieHeaderValue(String(decoding: [marker], as: UTF8.self)).utf8)
        let split = value.firstIndex(of: marker)!
        return (Array(value[..<split]), Array(value[(split + 1)...]))
    }()

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
