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
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let failures = reports.count { !$0.passed }
        let seconds = reports.reduce(0) { $0 + $1.milliseconds }
        xml +=
            #"<testsuites name="scenarios" tests="\#(reports.count)" failures="\#(failures)" time="\#(Self.seconds(seconds))">"#
            + "\n"
        var components: [String] = []
        for report in reports where !components.contains(report.component) {
            components.append(report.component)
        }
        for component in components {
            let mine = reports.filter { $0.component == component }
            xml +=
                "  <testsuite name=\"\(escape(component))\" tests=\"\(mine.count)\" failures=\"\(mine.count { !$0.passed })\">\n"
            for report in mine {
                xml +=
                    "    <testcase classname=\"\(escape(component))\" name=\"\(escape(report.scenario.id))\" "
                    + "time=\"\(Self.seconds(report.milliseconds))\""
                if let failure = report.failure {
                    xml +=
                        ">\n      <failure message=\"\(escape(failure))\">\(escape(report.scenario.sentence))</failure>\n"
                        + "    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        let rest = String(milliseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - rest.count) + rest
    }

    /// Text for an XML attribute or element: the five entities, and no control character XML forbids.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
