import HTTPCore

/// A request a component's tap sends, described for people who test over HTTP.
public struct PreviewAction: Sendable {
    public struct Field: Sendable {
        public let name: String
        public let summary: String
        public let required: Bool

        public init(_ name: String, _ summary: String, required: Bool = true) {
            self.name = name
            self.summary = summary
            self.required = required
        }
    }

    public let method: String
    public let path: String
    public let summary: String
    public let fields: [Field]
    /// A form body that works against the demo data.
    public let exampleBody: String
    /// Request headers that change the answer.
    public let headers: [(name: String, summary: String)]
    /// The answers the handler gives, as its route documents them: status and what it means.
    public let outcomes: [(status: Int, summary: String)]

    public init(
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
    public func curl(origin: String) -> String {
        "curl -i -X \(method) -d '\(exampleBody)' \(origin)\(path)"
    }
}
