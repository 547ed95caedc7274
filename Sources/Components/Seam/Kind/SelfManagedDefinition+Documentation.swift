import HTTPCore

extension SelfManagedDefinition {
    /// The OpenAPI description of `action`'s route: its own (`SelfManagedAction.documentation`), or what
    /// every change of every kind answers, with the action's fields and the component's words.
    package func documentation(of action: SelfManagedAction<Model>) -> RouteDocumentation {
        if let documentation = action.documentation { return documentation }
        let announce = RouteDocumentation.announceHeader(example: "Saved")
        var form: [RouteDocumentation.Parameter] = []
        if action.needsTarget {
            form.append(
                .field(target.field, .text(minLength: 1), required: true, target.sentence, example: target.example))
        }
        form += action.fields.map {
            .field($0.name, $0.schema, required: $0.required, $0.description, example: $0.example)
        }
        form.append(returnPath.field)
        var responses: [RouteDocumentation.Response] = [
            .seeOther("Without HX-Request: back to return_to; a failure shows there once."),
            .html(
                200, "With HX-Request: the component's fragment in its committed state.",
                headers: [.init("HX-Trigger", required: true, .string(), announce)]),
            .html(
                503,
                "With HX-Request, when the \(service) service failed: the fragment of the restored state with the "
                    + "error (role=alert); also when too many changes wait on the service (Retry-After).",
                headers: [.init("HX-Trigger", .string(), announce + " After a failure, the error.")]),
            .badField, .htmlError(404, "There is no \(target.noun) with that id."), .unsupportedForm,
        ]
        if let refusal {
            responses.append(.htmlError(403, refusal.description))
        }
        return RouteDocumentation(
            summary, tags: ["Components"], parameters: .selfManagedChangeHeaders(service: service, change: action.name),
            form: form, responses: responses)
    }

    /// `action` as the catalogue lists it, for people who test over HTTP: its fields, an example body,
    /// the headers that change its answer and the answers its route documents.
    ///
    /// - Parameters:
    ///   - summary: One line in the component's own words: what the action does and answers.
    ///   - exampleBody: A form body that works against the demo data.
    public func previewAction(_ action: String, summary: String, exampleBody: String) -> PreviewAction {
        let declared = self.action(named: action)
        var fields: [PreviewAction.Field] = []
        if declared?.needsTarget ?? true {
            fields.append(PreviewAction.Field(target.field, target.sentence))
        }
        fields += (declared?.fields ?? []).map { PreviewAction.Field($0.name, $0.description, required: $0.required) }
        fields.append(
            PreviewAction.Field(
                "return_to", "A local path to return to; anything else means \(returnPath.description).",
                required: false))
        return PreviewAction(
            path: path(of: action), summary: summary, fields: fields, exampleBody: exampleBody,
            headers: [
                ("HX-Request: true", "Answer 200 with the fragment, or 503 with the restored fragment and an alert."),
                ("X-Simulate-Failure: always|never", "Force the \(service) service's outcome for this \(action)."),
            ],
            documentation: declared.map(documentation(of:)))
    }
}
