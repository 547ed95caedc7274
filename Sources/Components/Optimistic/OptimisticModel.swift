import HTTPCore

/// The committed state behind one kind of self-managed component, as the kit's optimistic core
/// (`OptimisticStore`, `OptimisticFlow`) drives it: what a viewer is shown of a target, what a change
/// shows at once, and what committing it does. The core brings everything else, once for every kind: the
/// turn per viewer and target, the optimistic overlay with its exact rollback, the service call with its
/// forced outcome, commit observers, the event and the one-time message.
///
/// A toggle's model is its membership (who likes which post); a comment box's, the threads and the keys
/// that committed them.
///
/// - Important: Called inside the store's critical section: keep every requirement short, and do not
///   call back into the store.
public protocol OptimisticModel: Sendable {
    /// What a viewer asks for: a toggle's wanted state; a comment's text and key.
    associatedtype Change: Sendable
    /// What a viewer is shown of a target: its committed state, or the optimistic one while a change is
    /// in flight.
    associatedtype Shown: Sendable
    /// A one-time message for a viewer's next render (the outcome of a change made without script).
    associatedtype Flash: Sendable & Equatable

    /// The committed state `viewer` is shown of `target`; `nil` for an unknown target.
    func shown(_ target: String, to viewer: Viewer) -> Shown?

    /// Whether `change` may start, and what it shows at once (see `OptimisticAdmission`).
    func admit(_ change: Change, to target: String, by viewer: Viewer) -> OptimisticAdmission<Shown>

    /// Commits `change`; returns whether the committed state changed.
    mutating func commit(_ change: Change, to target: String, by viewer: Viewer) -> Bool

    /// Writes what the last `commit` of `change` changed into `journal`, for the state database.
    func record(_ change: Change, to target: String, by viewer: Viewer, in journal: inout StateChanges)

    /// Back to the base data: no viewer's change is left.
    mutating func removeAll()
}

/// Whether a change may start, as its model decides from the committed state.
public enum OptimisticAdmission<Shown: Sendable>: Sendable {
    /// There is no such target (a `404`).
    case unknown
    /// The change may not be made (a full thread's `409`): nothing is shown or sent.
    case refused(HTTPError)
    /// The change starts: `optimistic` is shown at once in place of `prior`. `sends` is `false` when
    /// there is nothing to send (the state the viewer already has; a key that already committed), and
    /// the change then ends as a success without calling the service.
    case proceeds(prior: Shown, optimistic: Shown, sends: Bool)
}
