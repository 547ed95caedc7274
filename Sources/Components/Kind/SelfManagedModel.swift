import HTTPCore

/// The committed state behind a self-managed component of any shape, as the kit keeps, shows, changes and
/// stores it: what a viewer is shown of a target, what a change does (`OptimisticModel`), what the
/// component renders from it, what the state endpoint answers, and how it is stored.
///
/// A toggle's model is who has each target on (`Membership`); a comment box's, the threads and the keys
/// that sent them; a rating's, each viewer's stars.
///
/// ```swift
/// struct Counters: SelfManagedModel {
///     var counts: [String: Int]
///     static func present(_ shown: Int, busy: Bool, flash: String?, target: String) -> CounterView { … }
///     …
/// }
/// ```
///
/// - Important: Called inside the store's critical section: keep every requirement short.
public protocol SelfManagedModel: OptimisticModel {
    /// What the component renders: the state shown, whether a change is in flight, and any message.
    associatedtype Presentation: Sendable & Hashable

    /// What a viewer's component shows of `target`: `shown` (the optimistic state while `busy`), with the
    /// one-time message left for them (`nil`: none).
    static func present(_ shown: Shown, busy: Bool, flash: Flash?, target: String) -> Presentation

    /// The state `presentation` shows, as the model holds it once committed: what `present` was given,
    /// with a change in flight taken as committed (a comment being sent becomes one of the thread's). The
    /// gallery draws a variant's answers from it: after a commit, from what the tap showed at once; after
    /// a rollback, from the variant as declared (`?state=` on a fragment, and `preview snapshots`).
    static func committed(_ presentation: Presentation) -> Shown

    /// The state endpoint's answer, `GET /components/{name}/state/{target}`: `shown` as committed for the
    /// viewer who asks, and whether a change of theirs is in flight (`pending`). Carries `target`.
    static func json(_ shown: Shown, target: String, pending: Bool) -> JSONValue

    /// Whether `target` exists.
    func contains(_ target: String) -> Bool

    /// The targets that exist.
    var targets: Set<String> { get }

    /// Replaces the committed state with what the state database kept, in the encoding `record` writes:
    /// entries it cannot read, or of targets that do not exist, are skipped.
    mutating func restore(_ stored: StoredState)
}
