import Components
import HTTPCore
import Synchronization

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
    /// The same, calling `sent` once the request has left (written to its socket), before it reads the
    /// answer: a step sent alongside it waits for that, not only for a moment.
    package typealias SendingTransport =
        @Sendable (ScenarioRequest, _ sent: @escaping @Sendable () -> Void) async throws -> ScenarioResponse

    package let transport: SendingTransport
    /// How long a step sent alongside the one before waits after that one's request has left, so that
    /// the two arrive in order while the first is still in flight.
    package let stagger: Duration

    /// A runner over a transport that hands each request over at once (the app in process).
    package init(stagger: Duration = .milliseconds(15), transport: @escaping Transport) {
        self.init(stagger: stagger) { request, sent in
            sent()
            return try await transport(request)
        }
    }

    /// A runner over a transport that says when each request has left (a socket to a server, whose
    /// threads and scheduling may hold a request up longer than any fixed stagger: under a sanitizer
    /// the second of two taps in flight once arrived first).
    package init(stagger: Duration = .milliseconds(15), sending transport: @escaping SendingTransport) {
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
        var previousSent: Sent?
        for index in indices {
            let step = scenario.steps[index]
            if !step.alongsidePrevious || index == indices.first {
                for (earlier, task) in inFlight {
                    results[earlier] = await task.value
                }
                inFlight = []
            } else {
                await previousSent?.wait()
                try? await Task.sleep(for: stagger)
            }
            let transport = self.transport
            let sent = Sent()
            previousSent = sent
            inFlight.append(
                (index, Task { await Self.perform(step, variables: variables, transport: transport, sent: sent) }))
        }
        for (earlier, task) in inFlight {
            results[earlier] = await task.value
        }
        return ScenarioReport(
            component: component, scenario: scenario, viewer: variables.viewer, steps: results.compactMap { $0 },
            milliseconds: (ContinuousClock.now - started).wholeMilliseconds)
    }

    private static func perform(
        _ step: ScenarioStep, variables: ScenarioVariables, transport: SendingTransport, sent: Sent
    ) async -> ScenarioReport.Step {
        let request = step.request.resolved(variables)
        // Said at the latest when the step ends, whether its transport said it or failed first.
        defer { sent.say() }
        do {
            let response = try await transport(request) { sent.say() }
            let failures = step.expectations.compactMap { $0.failure(in: response, variables) }
            return ScenarioReport.Step(name: step.name, request: request, response: response, failures: failures)
        } catch {
            return ScenarioReport.Step(
                name: step.name, request: request, response: nil, failures: ["no answer: \(error)"])
        }
    }
}

extension ScenarioRunner {
    /// That a step's request has left: said once, waited for by the step sent alongside it.
    final class Sent: Sendable {
        private let state = Mutex<(said: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func say() {
            let waiting = state.withLock { state in
                if state.said { return [CheckedContinuation<Void, Never>]() }
                state.said = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let said = state.withLock { state in
                    if !state.said { state.waiting.append(continuation) }
                    return state.said
                }
                if said { continuation.resume() }
            }
        }
    }
}
