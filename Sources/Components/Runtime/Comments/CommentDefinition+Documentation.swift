import HTTPCore

extension CommentDefinition {
    /// The OpenAPI description of the send route: what every comment box answers, in its own words.
    package var documentation: RouteDocumentation {
        let announce = RouteDocumentation.announceHeader(example: sentAnnouncement)
        return RouteDocumentation(
            summary,
            description: "The same key from the same viewer after it committed is answered as the first success "
                + "was and stores no second comment; sent while the first is in flight, it waits for it. A key "
                + "whose send failed may be sent again. A thread keeps at most \(capacity) comments.",
            tags: ["Components"],
            parameters: .selfManagedChangeHeaders(service: service, change: "send"),
            form: [
                .field(target.field, .text(minLength: 1), required: true, target.sentence, example: target.example),
                .field(
                    Self.textField, .string(), required: true,
                    "The comment: not empty once trimmed, at most \(maximumLength) characters, no control "
                        + "characters but line breaks and tabs (else 422).",
                    example: "Well said."),
                .field(
                    Self.keyField, .string(pattern: "^[A-Za-z0-9_-]{8,64}$", minLength: 8, maxLength: 64),
                    required: true, "The idempotency key the composer carries.", example: "k0123456789abcdef"),
                returnPath.field,
            ],
            responses: [
                .seeOther(
                    "Without HX-Request: back to return_to; after a failure that page shows the text kept "
                        + "and the error, once."),
                .html(
                    200, "With HX-Request: the box's fragment, with the comment and a fresh composer.",
                    headers: [.init("HX-Trigger", required: true, .string(), announce)]),
                .html(
                    422,
                    "The text is empty, too long or holds a control character: nothing is sent or stored. With "
                        + "HX-Request the box's fragment with the text as typed and the message; without, the "
                        + "return_to page with the same composer.",
                    headers: [.init("HX-Trigger", .string(), announce + " The problem, with HX-Request.")]),
                .html(
                    503,
                    "With HX-Request, when the \(service) service failed: the fragment without the comment, the "
                        + "composer holding the text as sent and the error (role=alert); also when too many "
                        + "requests wait on the service (Retry-After).",
                    headers: [.init("HX-Trigger", .string(), announce + " After a failure, the error.")]),
                .badField, .htmlError(404, "There is no \(target.noun) with that id."),
                .htmlError(409, "The thread holds the most comments it keeps."), .unsupportedForm,
            ])
    }
}
