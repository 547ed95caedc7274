import HTTPCore

/// An HTTP request a scenario sends. `{viewer}` in its path, headers and body stands for the run's fresh
/// viewer (`v` and 16 hexadecimal digits) and `{run}` for a token of the run's own; the viewer goes in
/// the `Cookie` header of every request.
package struct ScenarioRequest: Sendable, Equatable {
    package var method: String
    package var path: String
    package var headers: [NameValue]
    package var body: String

    package init(method: String, path: String, headers: [NameValue] = [], body: String = "") {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// `GET path`.
    package static func get(_ path: String, headers: [NameValue] = []) -> ScenarioRequest {
        ScenarioRequest(method: "GET", path: path, headers: headers)
    }

    /// `POST path` with `form` (in this order), `HX-Request: true` when `script`, and
    /// `X-Simulate-Failure` when `simulate` forces the service's outcome.
    package static func post(
        _ path: String, form: [(String, String)], script: Bool = false, simulate: ForcedOutcome? = nil
    ) -> ScenarioRequest {
        var headers = [NameValue(name: "Content-Type", value: "application/x-www-form-urlencoded")]
        if script {
            headers.append(NameValue(name: "HX-Request", value: "true"))
        }
        if let simulate {
            headers.append(NameValue(name: "X-Simulate-Failure", value: simulate == .fail ? "always" : "never"))
        }
        var fields = FormFields()
        for (name, value) in form {
            fields.append(name, value)
        }
        return ScenarioRequest(method: "POST", path: path, headers: headers, body: fields.encoded)
    }

    /// The request with the run's values put in, and the viewer's cookie.
    package func resolved(_ variables: ScenarioVariables) -> ScenarioRequest {
        var headers = headers.map { NameValue(name: $0.name, value: variables.apply($0.value)) }
        headers.append(NameValue(name: "Cookie", value: Viewer.cookieName + "=" + variables.viewer))
        return ScenarioRequest(
            method: method, path: variables.apply(path), headers: headers,
            body: variables.apply(body))
    }

    package var json: JSONValue {
        .object([
            ("method", .string(method)),
            ("path", .string(path)),
            ("headers", .object(headers.map { ($0.name, .string($0.value)) })),
            ("body", .string(body)),
        ])
    }
}

/// What a run puts in for a scenario's placeholders.
package struct ScenarioVariables: Sendable, Equatable {
    /// `v` and 16 hexadecimal digits: a viewer no one else has.
    package var viewer: String
    /// A token of this run's own, for what must not match another run's (a comment's text, its key).
    package var run: String

    package init(viewer: String, run: String) {
        self.viewer = viewer
        self.run = run
    }

    /// A fresh viewer and token.
    package static func fresh() -> ScenarioVariables {
        let viewer = Viewer.random()
        return ScenarioVariables(viewer: viewer.id, run: String(viewer.id.dropFirst().prefix(10)))
    }

    /// `text` with `{viewer}` and `{run}` put in, as they are or percent-encoded in a form (both values
    /// are letters and digits, the same in a query).
    package func apply(_ text: String) -> String {
        guard text.contains("{") || text.contains("%7B") else { return text }
        return text.replacing("{viewer}", with: viewer).replacing("{run}", with: run)
            .replacing("%7Bviewer%7D", with: viewer).replacing("%7Brun%7D", with: run)
    }
}
