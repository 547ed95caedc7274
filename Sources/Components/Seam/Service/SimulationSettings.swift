/// How the simulated service behaves, for every change of every kind.
public struct SimulationSettings: Sendable, Hashable {
    /// How long each request takes, in milliseconds.
    package var latencyMilliseconds: Int
    /// Up to this many milliseconds are added to the latency at random.
    package var jitterMilliseconds: Int
    /// The probability that a request fails, from 0 to 1.
    package var failureRate: Double
    /// Seeds the outcomes: the same seed and the same sequence of requests give the same outcomes.
    package var seed: UInt64

    /// A service that answers after `latencyMilliseconds` plus up to `jitterMilliseconds` at random, and fails
    /// a request with probability `failureRate` (0 to 1), its outcomes seeded by `seed`. Not checked here.
    public init(
        latencyMilliseconds: Int = 300, jitterMilliseconds: Int = 0, failureRate: Double = 0.2, seed: UInt64 = 1
    ) {
        self.latencyMilliseconds = latencyMilliseconds
        self.jitterMilliseconds = jitterMilliseconds
        self.failureRate = failureRate
        self.seed = seed
    }

    /// The latencies and jitters allowed, in milliseconds: the command line and `POST /simulation` alike.
    package static let milliseconds = 0...60_000
    /// The failure rates allowed.
    package static let failureRates = 0.0...1.0

    /// Checks the ranges, naming the setting that is out of range.
    package func validated() throws(SettingsError) -> SimulationSettings {
        let limits = "between \(Self.milliseconds.lowerBound) and \(Self.milliseconds.upperBound) milliseconds"
        guard Self.milliseconds.contains(latencyMilliseconds) else {
            throw SettingsError(setting: "latency-ms", message: "latency must be " + limits)
        }
        guard Self.milliseconds.contains(jitterMilliseconds) else {
            throw SettingsError(setting: "jitter-ms", message: "jitter must be " + limits)
        }
        guard failureRate.isFinite, Self.failureRates.contains(failureRate) else {
            throw SettingsError(setting: "failure-rate", message: "failure rate must be a number from 0 to 1")
        }
        return self
    }

    package struct SettingsError: Error, Sendable, Equatable {
        package var setting: String
        package var message: String
    }
}
