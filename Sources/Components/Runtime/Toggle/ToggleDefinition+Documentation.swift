import HTTPCore

extension ToggleDefinition {
    /// The OpenAPI description of the toggle's tap route: what every toggle answers, in the component's
    /// own words for what it toggles.
    static let announceHeader = RouteDocumentation.announceHeader(example: "Liked")

    package var documentation: RouteDocumentation {
        var responses: [RouteDocumentation.Response] = [
            .seeOther("Without HX-Request: back to return_to; a failure shows there once."),
            .html(
                200, "With HX-Request: the button's fragment in its committed state.",
                headers: [.init("HX-Trigger", required: true, .string(), Self.announceHeader)]),
            .html(
                503,
                "With HX-Request, when the \(service) service failed: the fragment of the restored state with "
                    + "the error (role=alert); also when too many taps wait on the service (Retry-After).",
                headers: [.init("HX-Trigger", .string(), Self.announceHeader + " After a failure, the error.")]),
            .badField, .htmlError(404, "There is no \(target.noun) with that id."), .unsupportedForm,
        ]
        if let refusal {
            responses.append(.htmlError(403, refusal.description))
        }
        return RouteDocumentation(
            summary,
            description: "A tap that asks for the state the viewer already has sends nothing to the \(service) "
                + "service and answers as a success, even with X-Simulate-Failure: always.",
            tags: ["Components"],
            parameters: .selfManagedChangeHeaders(service: service, change: "tap"),
            form: [
                .field(
                    target.field, .text(minLength: 1), required: true, target.sentence,
                    example: target.example),
                .field(state, .booleanText, required: true, "The state wanted after the tap.", example: "true"),
                returnPath.field,
            ],
            responses: responses)
    }
}
