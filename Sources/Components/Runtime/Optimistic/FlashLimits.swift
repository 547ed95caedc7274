/// How many one-time messages (`SelfManagedModel.Flash`) wait for viewers who may never come back, and for
/// how long: `--flash-capacity` and `--flash-max-age`.
package struct FlashLimits: Sendable, Equatable {
    /// At most this many messages per store; beyond it the oldest are dropped.
    package var capacity: Int
    /// A message older than this is dropped unseen.
    package var maxAge: Duration

    package init(capacity: Int = 10_000, maxAge: Duration = .seconds(600)) {
        self.capacity = max(0, capacity)
        self.maxAge = maxAge
    }
}
