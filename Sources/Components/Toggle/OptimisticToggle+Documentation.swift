import HTTPCore

extension OptimisticToggle {
    /// The OpenAPI description of a toggle's tap route: what every toggle answers, with the component's
    /// own words for what it toggles.
    ///
    /// - Parameters:
    ///   - summary: One line: what a tap does.
    ///   - service: The service's name in prose: `like`, `follow`.
    ///   - target: The field naming the target, with its description and example.
    ///   - state: The field holding the state wanted after the tap.
    ///   - fallback: Where a tap without a usable `return_to` lands, in prose.
    ///   - notFound: The 404's description.
    public static func documentation(
        summary: String,
        service: String,
        target: (name: String, description: String, example: String),
        state: String,
        fallback: String,
        notFound: String
    ) -> RouteDocumentation {
        RouteDocumentation(
            summary,
            description: "A tap that asks for the state the viewer already has sends nothing to the \(service) "
                + "service and answers as a success, even with X-Simulate-Failure: always.",
            tags: ["Components"],
            parameters: [
                .header(
                    "HX-Request", .string(), "true from script: answer with the fragment; else as without it.",
                    example: "true"),
                .header(
                    "X-Simulate-Failure", .string(enum: ["always", "never"]),
                    "Force the \(service) service's outcome for this tap.", example: "always"),
                Viewer.cookieParameter,
            ],
            form: [
                .field(target.name, .text(minLength: 1), required: true, target.description, example: target.example),
                .field(state, .booleanText, required: true, "The state wanted after the tap.", example: "true"),
                .field("return_to", .text(), "A local path to come back to; anything else means \(fallback)."),
            ],
            responses: [
                .seeOther("Without HX-Request: back to return_to; a failure shows there once."),
                .html(200, "With HX-Request: the button's fragment in its committed state."),
                .html(
                    503,
                    "With HX-Request, when the \(service) service failed: the fragment of the restored state with "
                        + "the error (role=alert); also when too many taps wait on the service (Retry-After)."),
                .badField, .htmlError(404, notFound), .unsupportedForm,
            ])
    }
}
