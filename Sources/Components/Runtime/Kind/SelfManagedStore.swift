import HTTPCore

/// The state behind every self-managed component of one kind (all like buttons, all star ratings): the
/// kit's optimistic core (`OptimisticStore`) over the kind's model, seen as the app sees every state
/// (`ComponentState`: reset, persistence, the state endpoint, kept pages' versions).
///
/// ```swift
/// let ratings = SelfManagedStore(Ratings(base: ["p1": (sum: 40, count: 10)]))
/// ratings.presentation("p1", viewer: viewer)   // what the viewer's rating shows now, its message once
/// ```
///
/// - Important: Thread-safe. Every method is one critical section.
package final class SelfManagedStore<Model: SelfManagedModel>: ComponentState {
    /// What the component renders (the model's `Presentation`).
    package typealias Presentation = Model.Presentation
    /// The one-time message a change leaves for a viewer's next render (the model's `Flash`).
    package typealias Flash = Model.Flash
    /// A viewer and a target: the unit changes are serialised on.
    package typealias Key = OptimisticKey

    /// What a viewer sees of a target: the optimistic state while their change is in flight (`busy`),
    /// the committed one otherwise.
    package struct View: Sendable {
        package var shown: Model.Shown
        package var busy: Bool
    }

    /// The committed state, the changes in flight, the messages: the kit's optimistic core.
    let core: OptimisticStore<Model>
    /// The state endpoint's answer for a state.
    private let endpoint: @Sendable (Model.Shown, String, Bool) -> JSONValue

    /// Serialises changes per viewer and target.
    package var turns: TurnQueue<Key> { core.turns }

    /// - Parameters:
    ///   - model: The committed state to start from (the base data).
    ///   - flashLimits: How many one-time messages wait, and for how long.
    ///   - clock: The time messages are stamped and aged with (tests pass their own).
    ///   - stateEndpoint: The state endpoint's answer, when not the model's (`SelfManagedModel.json`).
    package init(
        _ model: Model, flashLimits: FlashLimits = FlashLimits(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        stateEndpoint: (@Sendable (Model.Shown, String, Bool) -> JSONValue)? = nil
    ) {
        core = OptimisticStore(model, flashLimits: flashLimits, clock: clock)
        endpoint = stateEndpoint ?? { Model.json($0, target: $1, pending: $2) }
    }

    package func contains(_ target: String) -> Bool {
        core.read { $0.contains(target) }
    }

    /// The committed state `viewer` is shown of `target`, or `nil` for an unknown target.
    package func committed(_ target: String, viewer: Viewer) -> Model.Shown? {
        core.committed(target, viewer: viewer)
    }

    /// What the viewer sees now, without taking the message left for them.
    package func view(_ target: String, viewer: Viewer) -> View? {
        core.view(target, viewer: viewer).map { View(shown: $0.shown, busy: $0.busy) }
    }

    /// What the viewer's component shows now: the state, whether a change of theirs is in flight, and
    /// (unless one is) the message their last change without script left, which is forgotten. `nil` for
    /// an unknown target.
    @_specialize(exported:true,where Model == Membership)
    @_specialize(exported:true,where Model == CommentThreads)
    @_specialize(exported:true,where Model == Choices)
    package func presentation(_ target: String, viewer: Viewer) -> Presentation? {
        core.viewTakingFlash(target, viewer: viewer).map {
            Model.present($0.shown, busy: $0.busy, flash: $0.flash, target: target)
        }
    }

    /// How many of `viewer`'s changes to `target` are suspended until the one before them finishes: for
    /// tests, which thereby know that a change waits its turn (rather than has not arrived yet).
    package func suspendedChanges(_ target: String, viewer: Viewer) -> Int {
        core.turns.suspendedTurns(OptimisticKey(viewer: viewer, target: target))
    }

    /// Leaves `flash` for `viewer`'s next render of the target, replacing any earlier one.
    package func leave(_ flash: Flash, for key: Key) {
        core.leave(flash, for: key)
    }

    /// Takes the message left for `key`, if it is still there.
    package func takeFlash(for key: Key) -> Flash? {
        core.takeFlash(for: key)
    }

    /// The state endpoint's answer (`Model.json`, or the definition's own): the committed state for
    /// `viewer` and whether a change of theirs is in flight.
    package func json(for target: String, viewer: Viewer) -> JSONValue? {
        guard let committed = core.committed(target, viewer: viewer) else { return nil }
        let pending = core.view(target, viewer: viewer)?.busy ?? false
        return endpoint(committed, target, pending)
    }

    package var targets: Set<String> {
        core.read { $0.targets }
    }

    /// Replaces the committed state with what the state database kept.
    package func restore(_ stored: StoredState) {
        core.update { $0.restore(stored) }
    }

    /// Every read goes through the optimistic core, which notes it (`StateReads`).
    package var recordsReads: Bool { true }

    /// A number that grows with every change a viewer could see: a change beginning or ending, a reset, a
    /// message left or shown (see `OptimisticStore.version`).
    package var version: UInt64 { core.version }

    /// Calls `observer` after every commit that changed the committed state, and after `reset()`.
    package func observeCommits(_ observer: @escaping @Sendable () -> Void) {
        core.observeCommits(observer)
    }

    /// Back to the start: the base data, nothing in flight (a change still running commits nothing when it
    /// ends), no message waiting. Tells the commit observers, so that the state database is rewritten to
    /// match.
    package func reset() {
        core.reset()
    }

    /// The committed changes since the last call (for the state database), forgotten here.
    package func takeChanges() -> StateChanges {
        core.takeChanges()
    }

    /// Changes taken but not written, back before whatever changed since.
    package func putBack(_ changes: StateChanges) {
        core.putBack(changes)
    }

    /// How many one-time messages wait, and how many changes are in flight: both bounded (by
    /// `FlashLimits` and by the server's limit on waiting requests).
    package var waiting: (flashes: Int, pending: Int) { core.waiting }
}
