import Components
import HTTPCore
import Synchronization
import Testing

@testable import PreviewApp

@Suite struct ScenarioRunnerTests {
    /// A step sent alongside the one before starts only once that one's request has left, however long
    /// leaving takes: with a fixed stagger alone (15 ms), the second of two taps in flight could reach a
    /// slow server first.
    @Test func aStepSentAlongsideWaitsUntilTheRequestBeforeHasLeft() async {
        let log = Mutex<[String]>([])
        let runner = ScenarioRunner(sending: { request, sent in
            if request.path == "/first" {
                // The subject's own latency: a request that takes long to leave (a stalled socket).
                try? await Task.sleep(for: .milliseconds(200))
                log.withLock { $0.append("first left") }
                sent()
            } else {
                log.withLock { $0.append("\(request.path) started") }
            }
            return ScenarioResponse(status: 200, headers: HTTPHeaders(), body: [])
        })
        let scenario = Scenario(
            "Two at once", "The second while the first is in flight.",
            steps: [
                ScenarioStep("First", ScenarioRequest(method: "POST", path: "/first"), expect: []),
                ScenarioStep(
                    "Second", ScenarioRequest(method: "POST", path: "/second"), expect: [], alongsidePrevious: true),
                ScenarioStep("After both", ScenarioRequest(method: "GET", path: "/after"), expect: []),
            ])
        let report = await runner.run(scenario, component: "bell")
        #expect(report.passed)
        #expect(log.withLock { $0 } == ["first left", "/second started", "/after started"])
    }

    /// A transport that fails before its request leaves does not hold up the step sent alongside it.
    @Test func aFailedSendLetsTheStepAlongsideGo() async {
        struct Refused: Error {}
        let runner = ScenarioRunner(sending: { request, _ in
            if request.path == "/first" { throw Refused() }
            return ScenarioResponse(status: 200, headers: HTTPHeaders(), body: [])
        })
        let scenario = Scenario(
            "Two at once", "The first cannot be sent.",
            steps: [
                ScenarioStep("First", ScenarioRequest(method: "POST", path: "/first"), expect: []),
                ScenarioStep(
                    "Second", ScenarioRequest(method: "POST", path: "/second"), expect: [], alongsidePrevious: true),
            ])
        let report = await runner.run(scenario, component: "bell")
        #expect(report.steps.map(\.failures.isEmpty) == [false, true])
    }
}
