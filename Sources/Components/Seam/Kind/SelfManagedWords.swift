import HTTPCore

/// What a self-managed component says of its changes, in its own words: the failure message, what the
/// live region announces, how the event log describes a state, and what an answer without script leaves
/// for the next render.
///
/// ```swift
/// SelfManagedWords<Ratings>(
///     failureMessage: "Your rating couldn't be saved, so it was undone.",
///     announce: { shown in shown.stars == 0 ? "Rating cleared" : "Rated \(shown.stars) stars" },
///     describe: { shown in EventState(text: "\(shown.stars) stars", json: .object([("stars", .int(shown.stars))])) },
///     flash: { _, outcome in outcome.succeeded ? nil : .failed })
/// ```
public struct SelfManagedWords<Model: SelfManagedModel>: Sendable {
    /// What the component shows, and announces, after a change the service could not save.
    package var failureMessage: String
    /// What the live region says when an answer shows a committed state.
    package var announce: @Sendable (Model.Shown) -> String
    /// A state as the event log shows it.
    package var describe: @Sendable (Model.Shown) -> EventState
    /// What a change's outcome leaves for the component's next render (without script, the page the
    /// `303` leads to; with it, the fragment answered): a failure's message, an animation; `nil` for none.
    package var flash: @Sendable (Model.Change, SelfManagedOutcome<Model>) -> Model.Flash?
    /// Whether a change that sent nothing (the state the viewer had; a key that committed already) is an
    /// event of its own. A repeated send is not: it is answered as its first one was.
    package var recordsUnsentChanges: Bool

    /// The component's words: the `failureMessage` a rollback shows and announces, what the live region says
    /// of a committed state (`announce`), how the event log shows a state (`describe`), what an outcome
    /// leaves for the next render (`flash`), and whether a change that sent nothing is an event of its own
    /// (`recordsUnsentChanges`).
    public init(
        failureMessage: String,
        announce: @escaping @Sendable (Model.Shown) -> String,
        describe: @escaping @Sendable (Model.Shown) -> EventState,
        flash: @escaping @Sendable (Model.Change, SelfManagedOutcome<Model>) -> Model.Flash?,
        recordsUnsentChanges: Bool = true
    ) {
        self.failureMessage = failureMessage
        self.announce = announce
        self.describe = describe
        self.flash = flash
        self.recordsUnsentChanges = recordsUnsentChanges
    }
}

/// How a change ended: what the optimistic flow tells the route that answers it, and what the component's
/// words see of it.
public struct SelfManagedOutcome<Model: SelfManagedModel>: Sendable {
    /// The committed state before it.
    package var prior: Model.Shown
    /// What was shown while it was in flight.
    package var optimistic: Model.Shown
    /// The committed state after it: `prior` again after a failure.
    package var committed: Model.Shown
    /// Whether the change committed: the service saved it, or there was nothing to send; `false` after a
    /// rollback.
    public var succeeded: Bool
    /// Whether the service was called (not when there was nothing to send).
    package var sent: Bool
    /// From the change's turn to its end, in whole milliseconds.
    package var latencyMilliseconds: Int

    package init(
        prior: Model.Shown, optimistic: Model.Shown, committed: Model.Shown, succeeded: Bool, sent: Bool,
        latencyMilliseconds: Int = 0
    ) {
        self.prior = prior
        self.optimistic = optimistic
        self.committed = committed
        self.succeeded = succeeded
        self.sent = sent
        self.latencyMilliseconds = latencyMilliseconds
    }
}
