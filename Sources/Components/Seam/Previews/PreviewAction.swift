import HTTPCore

/// A request a component's tap sends, described for people who test over HTTP.
public struct PreviewAction: Sendable {
    /// A field of the action's form.
    package struct Field: Sendable {
        /// The field's name.
        package let name: String
        package let summary: String
        package let required: Bool

        package init(_ name: String, _ summary: String, required: Bool = true) {
            self.name = name
            self.summary = summary
            self.required = required
        }
    }

    package let method: String
    /// The path the request goes to: `/components/like/tap`.
    public let path: String
    package let summary: String
    /// The form fields it takes, the target's first, each required or not.
    package let fields: [Field]
    /// A form body that works against the demo data.
    package let exampleBody: String
    /// Request headers that change the answer.
    package let headers: [(name: String, summary: String)]
    /// The answers the handler gives, as its route documents them: status and what it means.
    package let outcomes: [(status: Int, summary: String)]

    package init(
        method: String = "POST",
        path: String,
        summary: String,
        fields: [Field],
        exampleBody: String,
        headers: [(name: String, summary: String)] = [],
        documentation: RouteDocumentation? = nil
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.fields = fields
        self.exampleBody = exampleBody
        self.headers = headers
        self.outcomes = documentation?.responses.map { ($0.status, $0.description) } ?? []
    }

    /// A `curl` command that sends the example to `origin`.
    package func curl(origin: String) -> String {
        "curl -i -X \(method) -d '\(exampleBody)' \(origin)\(path)"
    }
}
