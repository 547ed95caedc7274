import Synchronization

/// A number that grows with every change to one part of a state (one target of a store, or the whole
/// store): what a kept render remembers of each part it read, to know later whether that part changed.
///
/// ```swift
/// let cell = VersionCell()
/// let seen = cell.current   // read with the state, in the same critical section
/// cell.bump()               // inside the critical section that changes the state
/// seen == cell.current      // false: what was rendered from it is stale
/// ```
package final class VersionCell: Sendable {
    private let value = Atomic<UInt64>(0)

    package init() {}

    /// The version now.
    package var current: UInt64 {
        value.load(ordering: .acquiring)
    }

    /// Notes a change; call it inside the critical section that made the change visible.
    package func bump() {
        value.add(1, ordering: .releasing)
    }
}
