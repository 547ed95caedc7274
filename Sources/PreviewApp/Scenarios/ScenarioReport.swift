import Components
import HTTPCore

/// What a scenario's run found: each step's request, its answer, and whether it showed what it must.
package struct ScenarioReport: Sendable {
    package struct Step: Sendable {
        public var name: String
        /// The request as sent (placeholders put in).
        package var request: ScenarioRequest
        /// `nil` when no answer came.
        package var response: ScenarioResponse?
        /// Why the step failed; empty when it passed.
        package var failures: [String]

        package var passed: Bool { failures.isEmpty }
    }

    package var component: String
    package var scenario: Scenario
    package var viewer: String
    package var steps: [Step]
    package var milliseconds: Int

    package var passed: Bool { steps.allSatisfy(\.passed) }

    /// The first step that failed, and why: `step 2 "Read the state": JSON /on is false, expected true`.
    package var failure: String? {
        guard let index = steps.firstIndex(where: { !$0.passed }) else { return nil }
        return "step \(index + 1) \"\(steps[index].name)\": " + steps[index].failures.joined(separator: "; ")
    }

    /// The most of a body a report carries.
    static let bodyLimit = 65_536

    /// The report as `POST …/run` answers it.
    package var json: JSONValue {
        .object([
            ("component", .string(component)),
            ("scenario", .string(scenario.id)),
            ("name", .string(scenario.name)),
            ("viewer", .string(viewer)),
            ("passed", .bool(passed)),
            ("milliseconds", .int(milliseconds)),
            ("failure", failure.map(JSONValue.string) ?? .null),
            (
                "steps",
                .array(
                    steps.map { step in
                        .object([
                            ("name", .string(step.name)),
                            ("request", step.request.json),
                            (
                                "response",
                                step.response.map { response in
                                    .object([
                                        ("status", .int(response.status)),
                                        ("location", response.headers["Location"].map(JSONValue.string) ?? .null),
                                        ("body", .string(String(response.bodyText.prefix(Self.bodyLimit)))),
                                    ])
                                } ?? .null
                            ),
                            ("passed", .bool(step.passed)),
                            ("failures", .array(step.failures.map(JSONValue.string))),
                        ])
                    })
            ),
        ])
    }

    /// One line, naming the run's viewer (to find its events): `passed  like/a-tap-commits (12 ms, as
    /// v…)`, or `FAILED  like/… (as v…) — step 2 "…": …`.
    package var line: String {
        let name = component + "/" + scenario.id
        guard let failure else { return "passed  \(name) (\(milliseconds) ms, as \(viewer))" }
        return "FAILED  \(name) (as \(viewer)) — \(failure)"
    }

    /// JUnit XML for CI systems: one `<testsuite>` per component, one `<testcase>` per scenario, a
    /// `<failure>` naming the step that failed.
    package static func junit(_ reports: [ScenarioReport]) -> String {
        JUnitReport(
            name: "scenarios",
            cases: reports.map { report in
                JUnitReport.Case(
                    group: report.component, name: report.scenario.id, milliseconds: report.milliseconds,
                    failure: report.failure.map { ($0, report.scenario.sentence) })
            }
        ).xml
    }
}
