import Basics
import HTTPCore

/// A self-managed change (a toggle's tap, a comment's send), handled once for every kind: the turn per
/// viewer and target, the optimistic state at once, the service call (skipped when there is nothing to
/// send), the commit or the exact rollback, the one-time message for an answer without script, the
/// event, and the component's answer.
///
/// ```swift
/// let flow = OptimisticFlow(store: store, events: events,
///                           flash: { attempt, outcome in … }, event: { attempt, outcome in … })
/// return flow.handle(attempt) {
///     try await service.send(…)
/// } answer: { attempt, outcome in
///     attempt.wantsFragment ? .html(render(outcome.committed)) : .redirect(to: attempt.returnTo)
/// }
/// ```
public struct OptimisticFlow<Model: OptimisticModel>: Sendable {
    /// A change, checked by the component.
    public struct Attempt: Sendable {
        public var key: OptimisticKey
        public var change: Model.Change
        public var forced: ForcedOutcome?
        /// Where a plain form submission comes back to: a validated local path.
        public var returnTo: String
        public var wantsFragment: Bool

        public init(
            key: OptimisticKey, change: Model.Change, forced: ForcedOutcome?, returnTo: String, wantsFragment: Bool
        ) {
            self.key = key
            self.change = change
            self.forced = forced
            self.returnTo = returnTo
            self.wantsFragment = wantsFragment
        }
    }

    /// How a change ended.
    public struct Outcome: Sendable {
        public var prior: Model.Shown
        /// What was shown while it was in flight.
        public var optimistic: Model.Shown
        /// The committed state after it: `prior` again after a failure.
        public var committed: Model.Shown
        public var succeeded: Bool
        /// Whether the service was called (not when there was nothing to send).
        public var sent: Bool
        public var latencyMilliseconds: Int
    }

    public let store: OptimisticStore<Model>
    public let events: TapEventLog
    /// What an answer without script leaves for the viewer's next render (`nil`: nothing, and any earlier
    /// message is forgotten).
    private let flash: @Sendable (Attempt, Outcome) -> Model.Flash?
    /// The change's event for the log, or `nil` for none.
    private let event: @Sendable (Attempt, Outcome) -> TapEvent?

    public init(
        store: OptimisticStore<Model>, events: TapEventLog,
        flash: @escaping @Sendable (Attempt, Outcome) -> Model.Flash?,
        event: @escaping @Sendable (Attempt, Outcome) -> TapEvent?
    ) {
        self.store = store
        self.events = events
        self.flash = flash
        self.event = event
    }

    /// Takes the change's turn now, on the server thread, so that one viewer's changes to one target keep
    /// their arrival order; the rest runs while the connection is suspended.
    ///
    /// - Parameters:
    ///   - send: The service call; throws when the change was not saved. Not called when there is
    ///     nothing to send.
    ///   - answer: The component's answer for the outcome.
    public func handle(
        _ attempt: Attempt,
        send: @escaping @Sendable () async throws -> Void,
        answer: @escaping @Sendable (Attempt, Outcome) -> HTTPResponse
    ) -> HTTPOutcome {
        let turn = store.turns.take(attempt.key)
        return .deferred {
            await turn.wait()
            defer { turn.finish() }
            return answer(attempt, try await apply(attempt, send: send))
        }
    }

    /// Runs a change whose turn it is: begin, send, finish, event.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    func apply(_ attempt: Attempt, send: @Sendable () async throws -> Void) async throws(HTTPError) -> Outcome {
        let started = ContinuousClock.now
        let (prior, optimistic, sends): (Model.Shown, Model.Shown, Bool)
        switch store.begin(attempt.key, attempt.change) {
        case .unknown:
            throw HTTPError(.notFound, "There is nothing with the id \(attempt.key.target).")
        case .refused(let error):
            throw error
        case .proceeds(let before, let shown, let needsSending):
            (prior, optimistic, sends) = (before, shown, needsSending)
        }
        var succeeded = true
        if sends {
            do {
                try await send()
            } catch {
                succeeded = false
            }
        }
        var outcome = Outcome(
            prior: prior, optimistic: optimistic, committed: prior, succeeded: succeeded, sent: sends,
            latencyMilliseconds: 0)
        // The outcome replaces any message left by an earlier change, in the same critical section as the
        // commit. With script the answer shows the outcome itself.
        let left = attempt.wantsFragment ? nil : flash(attempt, outcome)
        outcome.committed =
            store.finish(attempt.key, attempt.change, succeeded: succeeded, leaving: left) ?? prior
        outcome.latencyMilliseconds = (ContinuousClock.now - started).wholeMilliseconds
        if let event = event(attempt, outcome) {
            events.record(event)
        }
        return outcome
    }
}
