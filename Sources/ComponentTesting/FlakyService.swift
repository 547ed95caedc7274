import Basics
import Components
import Synchronization

/// A service that fails at random, drawn from a seeded generator, after a short random delay.
public final class FlakyService: ComponentService {
    private struct State {
        var generator: SplitMix64
        var calls = 0
        var failures = 0
    }

    private let failureRate: Double
    private let maxDelayMicroseconds: Int
    private let state: Mutex<State>

    public init(seed: UInt64, failureRate: Double, maxDelayMicroseconds: Int) {
        self.failureRate = failureRate
        self.maxDelayMicroseconds = maxDelayMicroseconds
        self.state = Mutex(State(generator: SplitMix64(seed: seed)))
    }

    public var calls: Int { state.withLock { $0.calls } }
    public var failures: Int { state.withLock { $0.failures } }

    public func send(_ request: ServiceRequest) async throws(ServiceError) {
        try await call()
    }

    private func call() async throws(ServiceError) {
        let (fails, delay) = state.withLock { state in
            let fails = Double.random(in: 0..<1, using: &state.generator) < failureRate
            let delay = Int.random(in: 0...maxDelayMicroseconds, using: &state.generator)
            state.calls += 1
            state.failures += fails ? 1 : 0
            return (fails, delay)
        }
        if delay > 0 {
            try? await Task.sleep(for: .microseconds(delay))
        }
        if fails {
            throw ServiceError("flaky failure")
        }
    }
}
