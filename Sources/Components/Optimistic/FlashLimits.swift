/// How many one-time messages (`OptimisticModel.Flash`) wait for viewers who may never come back, and for
/// how long: `--flash-capacity` and `--flash-max-age`.
public struct FlashLimits: Sendable, Equatable {
    /// At most this many messages per store; beyond it the oldest are dropped.
    public var capacity: Int
    /// A message older than this is dropped unseen.
    public var maxAge: Duration

    public init(capacity: Int = 10_000, maxAge: Duration = .seconds(600)) {
        self.capacity = max(0, capacity)
        self.maxAge = maxAge
    }
}
