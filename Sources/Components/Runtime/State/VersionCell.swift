import Synchronization

/// A number that grows with every change to one part of a state (one target of a store, or the whole
/// store): what a kept render remembers of each part it read, to know later whether that part changed.
///
/// A cell is never freed (`make()` keeps every cell made): what remembers it (`StateReads`) holds it
/// without counting a reference, so that copying and dropping a page's reads, which both server threads
/// do to the same cells, writes nothing to them. A store makes one per target it is read by, once.
///
/// ```swift
/// let cell = VersionCell.make()
/// let seen = cell.current   // read with the state, in the same critical section
/// cell.bump()               // inside the critical section that changes the state
/// seen == cell.current      // false: what was rendered from it is stale
/// ```
package final class VersionCell: Sendable {
    private let value = Atomic<UInt64>(0)

    private init() {}

    /// Every cell made, so that none is ever freed (and none is a leak: each stays reachable from here).
    private static let made = Mutex<[VersionCell]>([])

    /// A new cell, which lives as long as the process. A store makes one per target it is read by, once,
    /// so the cells made grow with the targets a process has ever shown, not with its requests.
    package static func make() -> VersionCell {
        let cell = VersionCell()
        made.withLock { $0.append(cell) }
        return cell
    }

    /// The version now.
    package var current: UInt64 {
        value.load(ordering: .acquiring)
    }

    /// Notes a change; call it inside the critical section that made the change visible.
    package func bump() {
        value.add(1, ordering: .releasing)
    }
}
