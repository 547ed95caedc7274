import HTTPCore

/// What an answer must show. Every string in one may hold `{viewer}` and `{run}`.
package enum ScenarioExpectation: Sendable {
    /// The status code.
    case status(Int)
    /// A header's value; `nil`: the header is absent.
    case header(String, String?)
    /// The value a JSON Pointer names in the JSON body.
    case json(String, JSONValue)
    /// How many elements of the array a pointer names have every member given (`author` = the viewer).
    case jsonCount(String, matching: [(String, JSONValue)], equals: Int)
    /// The body holds this text.
    case contains(String)
    /// The body does not hold this text.
    case lacks(String)

    /// Why `response` does not show this, or `nil` when it does.
    package func failure(in response: ScenarioResponse, _ variables: ScenarioVariables) -> String? {
        switch self {
        case .status(let code):
            return response.status == code ? nil : "status \(response.status), expected \(code)"
        case .header(let name, let expected):
            let value = response.headers[name]
            let wanted = expected.map(variables.apply)
            if value == wanted { return nil }
            return "\(name) is \(value.map { "\"\($0)\"" } ?? "absent"), expected "
                + (wanted.map { "\"\($0)\"" } ?? "none")
        case .json(let pointer, let expected):
            guard let body = response.json else { return "the body is not JSON" }
            let wanted = Self.apply(variables, to: expected)
            guard let value = body[pointer] else { return "JSON has nothing at \(pointer)" }
            return value == wanted
                ? nil : "JSON \(pointer) is \(Self.text(value)), expected \(Self.text(wanted))"
        case .jsonCount(let pointer, let matching, let expected):
            guard let body = response.json else { return "the body is not JSON" }
            guard case .array(let elements)? = body[pointer] else { return "JSON \(pointer) is not an array" }
            let wanted = matching.map { ($0.0, Self.apply(variables, to: $0.1)) }
            let count = elements.count { element in wanted.allSatisfy { element["/" + $0.0] == $0.1 } }
            return count == expected
                ? nil : "\(count) elements of \(pointer) match \(Self.describe(wanted)), expected \(expected)"
        case .contains(let text):
            let wanted = variables.apply(text)
            return response.bodyText.contains(wanted) ? nil : "the body does not hold \"\(wanted)\""
        case .lacks(let text):
            let unwanted = variables.apply(text)
            return response.bodyText.contains(unwanted) ? "the body holds \"\(unwanted)\"" : nil
        }
    }

    var json: JSONValue {
        switch self {
        case .status(let code): .object([("status", .int(code))])
        case .header(let name, let value):
            .object([("header", .string(name)), ("equals", value.map(JSONValue.string) ?? .null)])
        case .json(let pointer, let value): .object([("json", .string(pointer)), ("equals", value)])
        case .jsonCount(let pointer, let matching, let count):
            .object([("json", .string(pointer)), ("matching", .object(matching)), ("count", .int(count))])
        case .contains(let text): .object([("bodyContains", .string(text))])
        case .lacks(let text): .object([("bodyLacks", .string(text))])
        }
    }

    private static func apply(_ variables: ScenarioVariables, to value: JSONValue) -> JSONValue {
        if case .string(let text) = value { return .string(variables.apply(text)) }
        return value
    }

    private static func text(_ value: JSONValue) -> String {
        String(decoding: value.encoded(), as: UTF8.self)
    }

    private static func describe(_ matching: [(String, JSONValue)]) -> String {
        text(.object(matching))
    }
}

/// An answer as a scenario sees it.
package struct ScenarioResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON, or `nil`.
    package var json: JSONValue? {
        try? JSONValue(parsing: body)
    }
}
