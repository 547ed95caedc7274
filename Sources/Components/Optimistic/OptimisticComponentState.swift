/// A component's state kept in one `OptimisticStore`: the part of `ComponentState` that every such store
/// answers alike, from its core, written once here (`ToggleStore` and `CommentStore` are two).
///
/// ```swift
/// public final class StarStore: OptimisticComponentState {
///     let core: OptimisticStore<Stars>
///     public var optimisticCore: any OptimisticCore { core }
///     // json(for:viewer:), targets and restore(_:) are the kind's own
/// }
/// ```
public protocol OptimisticComponentState: ComponentState {
    /// The optimistic store the state lives in, seen through what every store answers alike (its model
    /// stays the kind's own).
    var optimisticCore: any OptimisticCore { get }
}

/// What every `OptimisticStore` answers whatever its model: its version, its commit observers, reset,
/// and the journal the state database takes.
public protocol OptimisticCore: AnyObject, Sendable {
    var version: UInt64 { get }
    func observeCommits(_ observer: @escaping @Sendable () -> Void)
    func reset()
    func takeChanges() -> StateChanges
    func putBack(_ changes: StateChanges)
    var waiting: (flashes: Int, pending: Int) { get }
}

extension OptimisticStore: OptimisticCore {}

extension OptimisticComponentState {
    /// Every read goes through the optimistic core, which notes it (`StateReads`).
    public var recordsReads: Bool { true }

    /// A number that grows with every change a viewer could see: a change beginning or ending, a reset, a
    /// message left or shown (see `OptimisticStore.version`).
    public var version: UInt64 { optimisticCore.version }

    /// Calls `observer` after every commit that changed the committed state, and after `reset()`.
    public func observeCommits(_ observer: @escaping @Sendable () -> Void) {
        optimisticCore.observeCommits(observer)
    }

    /// Back to the start: the base data, nothing in flight (a change still running commits nothing when it
    /// ends), no message waiting. Tells the commit observers, so that the state database is rewritten to
    /// match.
    public func reset() {
        optimisticCore.reset()
    }

    /// The committed changes since the last call (for the state database), forgotten here.
    public func takeChanges() -> StateChanges {
        optimisticCore.takeChanges()
    }

    /// Changes taken but not written, back before whatever changed since.
    public func putBack(_ changes: StateChanges) {
        optimisticCore.putBack(changes)
    }

    /// How many one-time messages wait, and how many changes are in flight: both bounded (by
    /// `FlashLimits` and by the server's limit on waiting requests).
    public var waiting: (flashes: Int, pending: Int) { optimisticCore.waiting }
}
