import HTTPCore

/// One step of a scenario: a request and what its answer must show.
package struct ScenarioStep: Sendable {
    package var name: String
    package var request: ScenarioRequest
    package var expectations: [ScenarioExpectation]
    /// Sent while the step before is still in flight (two taps at once), not after its answer.
    package var alongsidePrevious: Bool

    package init(
        _ name: String, _ request: ScenarioRequest, expect expectations: [ScenarioExpectation],
        alongsidePrevious: Bool = false
    ) {
        self.name = name
        self.request = request
        self.expectations = expectations
        self.alongsidePrevious = alongsidePrevious
    }

    var json: JSONValue {
        .object([
            ("name", .string(name)),
            ("request", request.json),
            ("expect", .array(expectations.map(\.json))),
            ("alongsidePrevious", .bool(alongsidePrevious)),
        ])
    }
}
