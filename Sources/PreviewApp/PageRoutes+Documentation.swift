import Components
import HTTPCore

/// What the pages and the API say of themselves in `/openapi.json`.
extension PageRoutes {
    typealias Docs = RouteDocumentation

    static var health: Docs {
        Docs(
            "Health check", tags: ["Server"], responses: [.text(200, "ok")])
    }

    static func page(_ summary: String, _ parameters: [Docs.Parameter] = [], notFound: String? = nil) -> Docs {
        var responses: [Docs.Response] = [.html(200, "The page.")]
        if !parameters.isEmpty { responses.append(.badField) }
        if let notFound { responses.append(.htmlError(404, notFound)) }
        return Docs(summary, tags: ["Pages"], parameters: parameters + [Viewer.cookieParameter], responses: responses)
    }

    static var postState: Docs {
        Docs(
            "A post's like state for the requesting viewer", tags: ["API"],
            parameters: [.path("id", .segment, "The post.", example: "p1"), Viewer.cookieParameter],
            responses: [
                .json(
                    200, "The committed count and state, and whether a tap of this viewer's is in flight.",
                    .object(
                        ["id": .string(), "count": .integer(minimum: 0), "liked": .boolean, "pending": .boolean],
                        required: ["id", "count", "liked", "pending"], additional: false)),
                .jsonError(400, "A malformed id."),
                .jsonError(404, "There is no post with that id."),
            ])
    }

    static var eventLog: Docs {
        Docs(
            "The handled taps, newest first", tags: ["Pages", "API"],
            parameters: [
                .header("Accept", .text(), "One that names application/json gets JSON; anything else HTML."),
                Viewer.cookieParameter,
            ],
            responses: [
                Docs.Response(
                    200, "HTML, or with Accept: application/json an array of tap events.", mediaType: "text/html",
                    schema: .string(), alternatives: [("application/json", .array(.object([:])))])
            ])
    }
}
