import HTTPCore

extension Scenario {
    /// Why a scenario's JSON could not be read.
    package struct DecodingError: Error, Sendable, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// A scenario as `GET /components/{name}/scenarios` lists it (what `json(component:)` writes), read
    /// back: what `preview-server scenarios` runs against any server.
    package init(json: JSONValue) throws(DecodingError) {
        guard case .string(let id)? = json["/id"], case .string(let name)? = json["/name"],
            case .string(let sentence)? = json["/sentence"], case .array(let steps)? = json["/steps"]
        else { throw DecodingError(description: "a scenario needs id, name, sentence and steps") }
        self.init(name, sentence, steps: try steps.map { (step) throws(DecodingError) in try ScenarioStep(json: step) })
        self.id = id
    }
}

extension ScenarioStep {
    init(json: JSONValue) throws(DecodingError) {
        guard case .string(let name)? = json["/name"], let request = json["/request"],
            case .array(let expectations)? = json["/expect"]
        else { throw DecodingError(description: "a step needs name, request and expect") }
        var alongside = false
        if case .bool(let value)? = json["/alongsidePrevious"] { alongside = value }
        self.init(
            name, try ScenarioRequest(json: request),
            expect: try expectations.map { (expectation) throws(DecodingError) in
                try ScenarioExpectation(json: expectation)
            }, alongsidePrevious: alongside)
    }

    typealias DecodingError = Scenario.DecodingError
}

extension ScenarioRequest {
    init(json: JSONValue) throws(Scenario.DecodingError) {
        guard case .string(let method)? = json["/method"], case .string(let path)? = json["/path"] else {
            throw Scenario.DecodingError(description: "a request needs method and path")
        }
        var headers: [NameValue] = []
        if case .object(let members)? = json["/headers"] {
            for (name, value) in members {
                guard case .string(let text) = value else {
                    throw Scenario.DecodingError(description: "the header \(name) is not text")
                }
                headers.append(NameValue(name: name, value: text))
            }
        }
        var body = ""
        if case .string(let text)? = json["/body"] { body = text }
        self.init(method: method, path: path, headers: headers, body: body)
    }
}

extension ScenarioExpectation {
    init(json: JSONValue) throws(Scenario.DecodingError) {
        if case .int(let code)? = json["/status"] {
            self = .status(code)
        } else if case .string(let name)? = json["/header"] {
            if case .string(let value)? = json["/equals"] {
                self = .header(name, value)
            } else {
                self = .header(name, nil)
            }
        } else if case .string(let pointer)? = json["/json"], case .int(let count)? = json["/count"],
            case .object(let matching)? = json["/matching"]
        {
            self = .jsonCount(pointer, matching: matching, equals: count)
        } else if case .string(let pointer)? = json["/json"], let value = json["/equals"] {
            self = .json(pointer, value)
        } else if case .string(let text)? = json["/bodyContains"] {
            self = .contains(text)
        } else if case .string(let text)? = json["/bodyLacks"] {
            self = .lacks(text)
        } else {
            throw Scenario.DecodingError(
                description: "an expectation is one of status, header, json (equals or count), bodyContains, bodyLacks")
        }
    }
}
