import Synchronization

/// A clock whose `sleep` returns at once and records how long it was asked to wait: a test of latency that
/// takes no real time. Its time moves only by the sleeps it was asked for.
package final class RecordingClock: Clock, Sendable {
    package struct Instant: InstantProtocol {
        package var offset: Duration

        package init(offset: Duration) {
            self.offset = offset
        }

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Mutex((now: Instant(offset: .zero), sleeps: [Duration]()))

    package init() {}

    package var now: Instant { state.withLock { $0.now } }
    package var minimumResolution: Duration { .zero }

    /// Every wait asked for, in order.
    package var sleeps: [Duration] { state.withLock { $0.sleeps } }

    package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        state.withLock { state in
            state.sleeps.append(state.now.duration(to: deadline))
            if state.now < deadline { state.now = deadline }
        }
    }
}
