import Components
import HTTPCore

/// Runs scenarios through any transport: the app's own responder (`POST …/scenarios/{id}/run`), or a
/// socket to any running server (`preview-server scenarios --base URL`).
///
/// ```swift
/// let report = await ScenarioRunner(transport: { request in try await send(request) })
///     .run(scenario, component: "like")
/// print(report.passed)
/// ```
package struct ScenarioRunner: Sendable {
    /// Sends one resolved request (its placeholders put in, the viewer's cookie set) and returns the answer.
    package typealias Transport = @Sendable (ScenarioRequest) async throws -> ScenarioResponse

    package let transport: Transport
    /// How long a step sent alongside the one before waits after starting it, so that the two arrive in
    /// order while the first is still in flight.
    package let stagger: Duration

    package init(stagger: Duration = .milliseconds(15), transport: @escaping Transport) {
        self.transport = transport
        self.stagger = stagger
    }

    /// Runs `scenario` as a fresh viewer: each step in order (one sent alongside the one before starts
    /// while it is in flight), each answer checked against its step's expectations.
    ///
    /// - Parameter from: Run only the step at this index and those sent alongside it (a player that shows
    ///   a scenario step by step); `nil` runs them all.
    package func run(
        _ scenario: Scenario, component: String, variables: ScenarioVariables = .fresh(), from: Int? = nil
    ) async -> ScenarioReport {
        let started = ContinuousClock.now
        var indices = Array(scenario.steps.indices)
        if let from {
            if from >= scenario.steps.count {
                indices = []  // past the last step: nothing left to run
            } else {
                let end =
                    scenario.steps[(from + 1)...].firstIndex { !$0.alongsidePrevious } ?? scenario.steps.endIndex
                indices = Array(from..<end)
            }
        }
        var results: [ScenarioReport.Step?] = Array(repeating: nil, count: scenario.steps.count)
        var inFlight: [(index: Int, task: Task<ScenarioReport.Step, Never>)] = []
        for index in indices {
            let step = scenario.steps[index]
            if !step.alongsidePrevious || index == indices.first {
                for (earlier, task) in inFlight {
                    results[earlier] = await task.value
                }
                inFlight = []
            } else {
                try? await Task.sleep(for: stagger)
            }
            let transport = self.transport
            inFlight.append(
                (index, Task { await Self.perform(step, variables: variables, transport: transport) }))
        }
        for (earlier, task) in inFlight {
            results[earlier] = await task.value
        }
        return ScenarioReport(
            component: component, scenario: scenario, viewer: variables.viewer, steps: results.compactMap { $0 },
            milliseconds: (ContinuousClock.now - started).wholeMilliseconds)
    }

    private static func perform(
        _ step: ScenarioStep, variables: ScenarioVariables, transport: Transport
    ) async -> ScenarioReport.Step {
        let request = step.request.resolved(variables)
        do {
            let response = try await transport(request)
            let failures = step.expectations.compactMap { $0.failure(in: response, variables) }
            return ScenarioReport.Step(name: step.name, request: request, response: response, failures: failures)
        } catch {
            return ScenarioReport.Step(
                name: step.name, request: request, response: nil, failures: ["no answer: \(error)"])
        }
    }
}
