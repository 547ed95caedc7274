import HTTPCore

/// Gives every request a viewer: one without a valid `viewer` cookie gets a new random id, which the
/// response sets as a cookie (`HttpOnly; SameSite=Lax; Path=/`).
public struct ViewerCookie: HTTPMiddleware {
    public init() {}

    public func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        if request.cookies[Viewer.cookieName].flatMap(Viewer.init(id:)) == nil {
            request.cookies.assign(Viewer.cookieName, Viewer.random().id)
        }
        return nil
    }

    public func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard request.cookies.assignedNames.contains(Viewer.cookieName),
            let assigned = request.cookies[Viewer.cookieName]
        else {
            return
        }
        response.headers.add("Set-Cookie", SetCookie(name: Viewer.cookieName, value: assigned).headerValue)
    }
}
