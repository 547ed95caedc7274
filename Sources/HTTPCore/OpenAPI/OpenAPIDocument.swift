/// An OpenAPI 3.1 document built from a router's table: every route with its `RouteDocumentation`.
///
/// ```swift
/// let document = OpenAPIDocument(title: "Self-Managed Preview", version: "0.1.0", routes: router.routeTable)
/// routes.get("/openapi.json") { _ in .json(document.json) }
/// ```
package struct OpenAPIDocument: Sendable {
    package let json: JSONValue

    package init(title: String, version: String, description: String, routes: [RouteTableEntry]) {
        // In the order each path is first met, its methods in the order registered; found by a dictionary
        // (a catalogue of N components has some 6N paths: a search of the list made this quadratic).
        var paths: [(String, [(String, JSONValue)])] = []
        var indexOfPath: [String: Int] = [:]
        for route in routes {
            guard let documentation = route.documentation else { continue }
            let path = Self.openAPIPath(route.pattern)
            let operation = (route.method.rawValue.lowercased(), Self.operation(route.method, path, documentation))
            if let index = indexOfPath[path] {
                paths[index].1.append(operation)
            } else {
                indexOfPath[path] = paths.count
                paths.append((path, [operation]))
            }
        }
        json = .object([
            ("openapi", .string("3.1.0")),
            (
                "info",
                .object([
                    ("title", .string(title)), ("version", .string(version)), ("description", .string(description)),
                ])
            ),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
        ])
    }

    /// `/posts/:id` → `/posts/{id}`; `/public/*path` → `/public/{path}`.
    package static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            if segment.hasPrefix(":") || segment.hasPrefix("*") { return "{\(segment.dropFirst())}" }
            return String(segment)
        }.joined(separator: "/")
    }

    private static func operation(
        _ method: HTTPMethod, _ path: String, _ documentation: RouteDocumentation
    ) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("operationId", .string(operationID(method, path))),
            ("summary", .string(documentation.summary)),
        ]
        if let description = documentation.description { fields.append(("description", .string(description))) }
        if !documentation.tags.isEmpty { fields.append(("tags", .array(documentation.tags.map(JSONValue.string)))) }
        let parameters = documentation.parameters.filter { $0.location != .form }
        if !parameters.isEmpty {
            fields.append(
                (
                    "parameters",
                    .array(
                        parameters.map { parameter in
                            var members: [(String, JSONValue)] = [
                                ("name", .string(parameter.name)), ("in", .string(parameter.location.rawValue)),
                                ("required", .bool(parameter.required)),
                                ("description", .string(parameter.description)),
                                ("schema", parameter.schema.json),
                            ]
                            if let example = parameter.example { members.append(("example", .string(example))) }
                            return .object(members)
                        })
                ))
        }
        if let form = documentation.form {
            let properties = Dictionary(form.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first })
            // Forms take only their own fields: anything else is a 400.
            var schema = Schema.object(properties, required: form.filter(\.required).map(\.name), additional: false)
                .json
            let examples = form.compactMap { field in field.example.map { (field.name, JSONValue.string($0)) } }
            if !examples.isEmpty, case .object(var members) = schema {
                members.append(("examples", .array([.object(examples)])))
                schema = .object(members)
            }
            if case .object(var members) = schema {
                members.append(
                    ("description", .string(form.map { "\($0.name): \($0.description)" }.joined(separator: "; "))))
                schema = .object(members)
            }
            fields.append(
                (
                    "requestBody",
                    .object([
                        ("required", .bool(form.contains(where: \.required))),
                        ("content", .object([("application/x-www-form-urlencoded", .object([("schema", schema)]))])),
                    ])
                ))
        }
        fields.append(
            (
                "responses",
                .object(
                    documentation.responses.map { response in
                        var members: [(String, JSONValue)] = [("description", .string(response.description))]
                        if let mediaType = response.mediaType {
                            var content: [(String, JSONValue)] = [
                                (mediaType, .object(response.schema.map { [("schema", $0.json)] } ?? []))
                            ]
                            for alternative in response.alternatives {
                                content.append((alternative.mediaType, .object([("schema", alternative.schema.json)])))
                            }
                            members.append(("content", .object(content)))
                        }
                        if !response.headers.isEmpty {
                            members.append(
                                (
                                    "headers",
                                    .object(
                                        response.headers.map { header in
                                            (
                                                header.name,
                                                .object([
                                                    ("description", .string(header.description)),
                                                    ("required", .bool(header.required)),
                                                    ("schema", header.schema.json),
                                                ])
                                            )
                                        })
                                ))
                        }
                        return (String(response.status), .object(members))
                    })
            ))
        return .object(fields)
    }

    private static func operationID(_ method: HTTPMethod, _ path: String) -> String {
        var words = [method.rawValue.lowercased()]
        for part in path.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where !part.isEmpty {
            words.append(part.prefix(1).uppercased() + part.dropFirst())
        }
        return words.joined()
    }
}

/// A route as the router holds it: method, pattern and its documentation.
package struct RouteTableEntry: Sendable {
    package var method: HTTPMethod
    package var pattern: String
    package var documentation: RouteDocumentation?

    package init(method: HTTPMethod, pattern: String, documentation: RouteDocumentation?) {
        self.method = method
        self.pattern = pattern
        self.documentation = documentation
    }
}
