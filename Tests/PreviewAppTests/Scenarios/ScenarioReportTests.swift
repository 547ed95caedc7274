import Components
import Testing

@testable import PreviewApp

/// A run's report: its line, and JUnit XML for CI (`preview scenarios --junit`).
@Suite struct ScenarioReportTests {
    @Test func junitIsOneTestCasePerScenarioWithTheFailureEscaped() {
        let scenario = Scenario("A <tap> & \"more\"", "It fails.", steps: [])
        var failed = ScenarioReport(component: "like", scenario: scenario, viewer: "v1", steps: [], milliseconds: 1234)
        failed.steps = [
            .init(name: "Tap", request: .get("/"), response: nil, failures: ["status 200, expected 503 <\u{1}>"])
        ]
        let passed = ScenarioReport(
            component: "comment", scenario: Scenario("Fine", "Fine.", steps: []), viewer: "v2", steps: [],
            milliseconds: 5)
        let xml = ScenarioReport.junit([failed, passed])
        #expect(xml.contains(#"<testsuites name="scenarios" tests="2" failures="1" time="1.239">"#))
        #expect(xml.contains(#"<testcase classname="like" name="a-tap-more" time="1.234">"#))
        #expect(
            xml.contains(
                #"<failure message="step 1 &quot;Tap&quot;: status 200, expected 503 &lt;"# + "\u{FFFD}" + "&gt;\">"))
        #expect(xml.contains(#"<testcase classname="comment" name="fine" time="0.005"/>"#))
        #expect(failed.line.hasPrefix("FAILED  like/a-tap-more (as v1) — step 1 \"Tap\""))
        #expect(passed.line == "passed  comment/fine (5 ms, as v2)")
    }
}
