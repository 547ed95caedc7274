import Basics
import HTTPCore
import Synchronization

/// The simulated "network" behind every change (likes, follows, comments, yours): each call waits, then
/// succeeds or fails as the settings and the seed decide.
///
/// Outcomes are drawn from one seeded generator in the order calls arrive (every component alike), so a
/// fixed seed and a fixed sequence of taps give the same outcomes every run. A request's `forcedOutcome`
/// overrides the draw (but still consumes it, so forcing one tap does not shift the others).
public final class SimulatedService: ToggleService {
    private let state: Mutex<State>

    private struct State {
        var settings: SimulationSettings
        var generator: SplitMix64
    }

    public init(settings: SimulationSettings = SimulationSettings()) {
        state = Mutex(State(settings: settings, generator: SplitMix64(seed: settings.seed)))
    }

    /// The current settings; setting them restarts the outcome sequence from the new seed.
    public var settings: SimulationSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0 = State(settings: newValue, generator: SplitMix64(seed: newValue.seed)) } }
    }

    public func send(_ request: ToggleRequest) async throws(ServiceError) {
        try await deliver(forcedOutcome: request.forcedOutcome, component: request.component)
    }

    /// A comment draws its latency and outcome from the same sequence as every toggle's change.
    public func send(_ request: CommentRequest) async throws(ServiceError) {
        try await deliver(forcedOutcome: request.forcedOutcome, component: request.component)
    }

    /// Draws the call's latency and outcome, waits, and throws if it failed.
    private func deliver(forcedOutcome: ForcedOutcome?, component: String) async throws(ServiceError) {
        let (delay, fails) = state.withLock { state in
            let draw = state.generator.nextUnitInterval()
            let jitter =
                state.settings.jitterMilliseconds > 0
                ? Int(state.generator.next() % UInt64(state.settings.jitterMilliseconds + 1)) : 0
            return (state.settings.latencyMilliseconds + jitter, draw < state.settings.failureRate)
        }
        if delay > 0 {
            try? await Task.sleep(for: .milliseconds(delay))
        }
        let failed =
            switch forcedOutcome {
            case .fail: true
            case .succeed: false
            case nil: fails
            }
        if failed {
            // Written only when it fails: a tap that succeeds builds no text.
            throw ServiceError("The \(component) service did not answer in time.")
        }
    }
}
