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
public final class SelfManagedStore<Model: SelfManagedModel>: OptimisticComponentState {
    public typealias Presentation = Model.Presentation
    public typealias Flash = Model.Flash
    /// A viewer and a target: the unit changes are serialised on.
    public typealias Key = OptimisticKey

    /// What a viewer sees of a target: the optimistic state while their change is in flight (`busy`),
    /// the committed one otherwise.
    public struct View: Sendable {
        public var shown: Model.Shown
        public var busy: Bool
    }

    /// The committed state, the changes in flight, the messages: the kit's optimistic core.
    let core: OptimisticStore<Model>
    /// The state endpoint's answer for a state.
    private let endpoint: @Sendable (Model.Shown, String, Bool) -> JSONValue
    public var optimisticCore: any OptimisticCore { core }

    /// Serialises changes per viewer and target.
    public var turns: TurnQueue<Key> { core.turns }

    /// - Parameters:
    ///   - model: The committed state to start from (the base data).
    ///   - flashLimits: How many one-time messages wait, and for how long.
    ///   - clock: The time messages are stamped and aged with (tests pass their own).
    ///   - stateEndpoint: The state endpoint's answer, when not the model's (`SelfManagedModel.json`).
    public init(
        _ model: Model, flashLimits: FlashLimits = FlashLimits(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        stateEndpoint: (@Sendable (Model.Shown, String, Bool) -> JSONValue)? = nil
    ) {
        core = OptimisticStore(model, flashLimits: flashLimits, clock: clock)
        endpoint = stateEndpoint ?? { Model.json($0, target: $1, pending: $2) }
    }

    public func contains(_ target: String) -> Bool {
        core.read { $0.contains(target) }
    }

    /// The committed state `viewer` is shown of `target`, or `nil` for an unknown target.
    public func committed(_ target: String, viewer: Viewer) -> Model.Shown? {
        core.committed(target, viewer: viewer)
    }

    /// What the viewer sees now, without taking the message left for them.
    public func view(_ target: String, viewer: Viewer) -> View? {
        core.view(target, viewer: viewer).map { View(shown: $0.shown, busy: $0.busy) }
    }

    /// What the viewer's component shows now: the state, whether a change of theirs is in flight, and
    /// (unless one is) the message their last change without script left, which is forgotten. `nil` for
    /// an unknown target.
    @_specialize(exported:true,where Model == Membership)
    @_specialize(exported:true,where Model == CommentThreads)
    @_specialize(exported:true,where Model == Choices)
    public func presentation(_ target: String, viewer: Viewer) -> Presentation? {
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
    public func leave(_ flash: Flash, for key: Key) {
        core.leave(flash, for: key)
    }

    /// Takes the message left for `key`, if it is still there.
    public func takeFlash(for key: Key) -> Flash? {
        core.takeFlash(for: key)
    }

    /// The state endpoint's answer (`Model.json`, or the definition's own): the committed state for
    /// `viewer` and whether a change of theirs is in flight.
    public func json(for target: String, viewer: Viewer) -> JSONValue? {
        guard let committed = core.committed(target, viewer: viewer) else { return nil }
        let pending = core.view(target, viewer: viewer)?.busy ?? false
        return endpoint(committed, target, pending)
    }

    public var targets: Set<String> {
        core.read { $0.targets }
    }

    /// Replaces the committed state with what the state database kept.
    public func restore(_ stored: StoredState) {
        core.update { $0.restore(stored) }
    }
}
