import Basics
import HTTPCore
import Synchronization

/// The simulated "network" behind every change (likes, follows, comments, yours): each call waits, then
/// succeeds or fails as the settings and the seed decide.
///
/// Outcomes are drawn from one seeded generator in the order calls arrive (every component alike), so a
/// fixed seed and a fixed sequence of taps give the same outcomes every run. A request's `forcedOutcome`
/// overrides the draw (but still consumes it, so forcing one tap does not shift the others).
///
/// Its latency is waited out on `clock` (the continuous clock by default): a test passes a clock of its own
/// and needs no real time.
package final class SimulatedService: ComponentService {
    private let state: Mutex<State>
    private let clock: any Clock<Duration>

    private struct State {
        var settings: SimulationSettings
        var generator: SplitMix64

        /// The next call's latency (with its jitter) and whether it fails, in the order calls arrive.
        mutating func draw() -> (delay: Int, fails: Bool) {
            let draw = generator.nextUnitInterval()
            let jitter =
                settings.jitterMilliseconds > 0
                ? Int(generator.next() % UInt64(settings.jitterMilliseconds + 1)) : 0
            return (settings.latencyMilliseconds + jitter, draw < settings.failureRate)
        }
    }

    /// - Parameters:
    ///   - settings: The latency, jitter, failure rate and seed.
    ///   - clock: What each call's latency is waited out on.
    package init(settings: SimulationSettings = SimulationSettings(), clock: any Clock<Duration> = ContinuousClock()) {
        state = Mutex(State(settings: settings, generator: SplitMix64(seed: settings.seed)))
        self.clock = clock
    }

    /// The current settings; setting them restarts the outcome sequence from the new seed.
    package var settings: SimulationSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0 = State(settings: newValue, generator: SplitMix64(seed: newValue.seed)) } }
    }

    /// Every change, of any kind, draws its latency and outcome from the one sequence.
    package func send(_ request: ServiceRequest) async throws(ServiceError) {
        try await deliver(forcedOutcome: request.forcedOutcome, component: request.component)
    }

    /// With no latency to wait out, the outcome now (drawn as `send` draws it); otherwise `nil`, and
    /// nothing drawn.
    package func sendWithoutWaiting(_ request: ServiceRequest) -> Result<Void, ServiceError>? {
        deliverNow(forcedOutcome: request.forcedOutcome, component: request.component)
    }

    /// Draws the call's latency and outcome, waits, and throws if it failed.
    private func deliver(forcedOutcome: ForcedOutcome?, component: String) async throws(ServiceError) {
        let (delay, fails) = state.withLock { $0.draw() }
        if delay > 0 {
            try? await clock.sleep(for: .milliseconds(delay))
        }
        if Self.failed(fails, forcedOutcome) {
            throw Self.failure(component)
        }
    }

    /// Draws the call's outcome when the settings have no latency (in the same critical section as the
    /// check, so settings changed meanwhile cannot add one).
    private func deliverNow(forcedOutcome: ForcedOutcome?, component: String) -> Result<Void, ServiceError>? {
        let fails = state.withLock { state -> Bool? in
            guard state.settings.latencyMilliseconds == 0, state.settings.jitterMilliseconds == 0 else {
                return nil
            }
            return state.draw().fails
        }
        guard let fails else { return nil }
        return Self.failed(fails, forcedOutcome) ? .failure(Self.failure(component)) : .success(())
    }

    private static func failed(_ drawn: Bool, _ forcedOutcome: ForcedOutcome?) -> Bool {
        switch forcedOutcome {
        case .fail: true
        case .succeed: false
        case nil: drawn
        }
    }

    /// Written only when it fails: a call that succeeds builds no text.
    private static func failure(_ component: String) -> ServiceError {
        ServiceError("The \(component) service did not answer in time.")
    }
}
