import Synchronization

/// Counts calls from any task.
package final class Counter: Sendable {
    private let count = Mutex(0)

    package init() {}

    package func increment() {
        count.withLock { $0 += 1 }
    }

    package var value: Int {
        count.withLock { $0 }
    }
}
