import HTTPCore

/// The state behind a stateful component (all like buttons' likes), as the app sees it: what it resets,
/// persists, reports and keys kept pages on. `ToggleStore` and `CommentStore` are two.
///
/// - Important: Thread-safe: every requirement is called from any thread.
package protocol ComponentState: AnyObject, Sendable {
    /// Grows with every change a viewer could see. Whatever was rendered after reading version `v` is
    /// current while the version is still `v`.
    var version: UInt64 { get }
    /// Back to the start: the base data, nothing in flight, no message waiting.
    func reset()
    /// Calls `observer` after every change to the committed state (and after `reset()`).
    func observeCommits(_ observer: @escaping @Sendable () -> Void)
    /// The state endpoint's answer for `target` as `viewer` sees it; `nil` for an unknown target.
    func json(for target: String, viewer: Viewer) -> JSONValue?
    /// The targets that exist (a state file naming others is not ours).
    var targets: Set<String> { get }
    /// Replaces the committed state with what the state database kept (not a change to write).
    func restore(_ stored: StoredState)
    /// What changed in the committed state since the last call, forgotten here: the state database writes
    /// it. Taken in one short critical section. Changes are recorded from the first call on.
    func takeChanges() -> StateChanges
    /// Changes that were taken but could not be written, back in front of whatever changed since.
    func putBack(_ changes: StateChanges)
    /// Whether every read of this state notes itself to a recording render (`StateReads`), so that a kept
    /// page depends on what it read of it only. A state that does not (the default) is depended on whole:
    /// any change to it makes every kept page stale.
    var recordsReads: Bool { get }
}

extension ComponentState {
    package var recordsReads: Bool { false }
}
