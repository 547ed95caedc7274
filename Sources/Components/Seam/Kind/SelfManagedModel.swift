import HTTPCore

/// The committed state behind a self-managed component of any shape, as the kit keeps, shows, changes and
/// stores it: what a viewer is shown of a target, what a change shows at once and what committing it
/// does, what the component renders from it, what the state endpoint answers, and how it is stored. The
/// kit's optimistic core brings everything else, once for every kind: the turn per viewer and target,
/// the optimistic overlay with its exact rollback, the service call with its forced outcome, commit
/// observers, the event and the one-time message.
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
/// - Important: Called inside the store's critical section: keep every requirement short, and do not
///   call back into the store.
public protocol SelfManagedModel: Sendable {
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

    /// `presentation`, as the answer to a change from a browser that shows `prior` already (the browser
    /// script asks with `X-Self-Managed-Kept: true`), marked with what the component may leave out
    /// because that browser holds it, for the render to write as one `HTMLBuffer.keptByClient` (a
    /// thread's comments but the new ones); `nil` when it leaves nothing out (or `presentation` is such
    /// an answer already). The browser script puts back what it holds, after checking the last of it
    /// against the answer's copy, and else fetches the page again. Such an answer is that browser's
    /// alone: the kit renders it and does not keep it. The kit also finds a page's optimistic patch from
    /// such short renders (`prior` then being what `presentation` shows). `KeptAnswerCheck` checks that
    /// what is left out puts back to the whole answer. By default, `nil`.
    static func answer(_ presentation: Presentation, toClientShowing prior: Shown) -> Presentation?

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

extension SelfManagedModel {
    /// `nil`: a component that leaves nothing out of an answer.
    public static func answer(_ presentation: Presentation, toClientShowing prior: Shown) -> Presentation? {
        nil
    }
}
