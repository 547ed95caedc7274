import Components
import HTTPCore
import PreviewApp

/// What the pages and the API say of themselves in `/openapi.json`.
extension DemoPages {
    typealias Docs = RouteDocumentation

    static func page(_ summary: String, _ parameters: [Docs.Parameter] = [], notFound: String? = nil) -> Docs {
        var responses: [Docs.Response] = [.html(200, "The page.")]
        if !parameters.isEmpty { responses.append(.badField) }
        if let notFound { responses.append(.htmlError(404, notFound)) }
        return Docs(summary, tags: ["Pages"], parameters: parameters + [Viewer.cookieParameter], responses: responses)
    }

    static var postState: Docs {
        toggleState(
            "A post's like state for the requesting viewer", .path("id", .segment, "The post.", example: "p1"),
            fields: ["id": .string(), "count": .integer(minimum: 0), "liked": .boolean], notFound: "post with that id")
    }

    static var userState: Docs {
        toggleState(
            "A person's followers and whether the requesting viewer follows them",
            .path("uid", .segment, "The person.", example: "ada"),
            fields: ["uid": .string(), "followers": .integer(minimum: 0), "following": .boolean],
            notFound: "user with that uid")
    }

    /// A toggle's state for the requesting viewer: its fields, and whether a tap of theirs is in flight.
    private static func toggleState(
        _ summary: String, _ parameter: Docs.Parameter, fields: [String: Schema], notFound: String
    ) -> Docs {
        let properties = fields.merging(["pending": .boolean]) { first, _ in first }
        return Docs(
            summary, tags: ["API"],
            parameters: [parameter, Viewer.cookieParameter],
            responses: [
                .json(
                    200, "The committed count and state, and whether a tap of this viewer's is in flight.",
                    .object(properties, required: properties.keys.sorted(), additional: false)),
                .jsonError(400, "A malformed \(parameter.name)."),
                .jsonError(404, "There is no \(notFound)."),
            ])
    }
}
