import HTTPCore

extension Viewer {
    /// The `viewer` cookie, as routes whose answers depend on it describe it.
    package static var cookieParameter: RouteDocumentation.Parameter {
        RouteDocumentation.Parameter.cookie(
            cookieName, .string(),
            "Who is looking (1–64 of A–Z a–z 0–9 - _): like state is per viewer. Without a valid one the answer sets a new one "
                + "(Set-Cookie: viewer=v…; Path=/; HttpOnly; SameSite=Lax).")
    }
}

extension RouteDocumentation.Response {
    /// A form field or parameter is missing or malformed; the HTML page's message names it.
    package static var badField: RouteDocumentation.Response {
        RouteDocumentation.Response.htmlError(
            400,
            "A parameter or field is missing, malformed, holds a control character or is given twice; the "
                + "message names it.")
    }
    /// The form was sent as something else than `application/x-www-form-urlencoded`.
    package static var unsupportedForm: RouteDocumentation.Response {
        RouteDocumentation.Response.htmlError(
            415, "The body is not application/x-www-form-urlencoded.")
    }
}
