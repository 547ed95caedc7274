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
/// return try flow.handle(attempt, call: .toggle(ToggleRequest(…), through: service)) { attempt, outcome in
///     attempt.wantsFragment ? .html(render(outcome.committed)) : .redirect(to: attempt.returnTo)
/// }
/// ```
package struct OptimisticFlow<Model: OptimisticModel>: Sendable {
    /// A change, checked by the component.
    package struct Attempt: Sendable {
        package var key: OptimisticKey
        package var change: Model.Change
        package var forced: ForcedOutcome?
        /// Where a plain form submission comes back to: a validated local path.
        package var returnTo: String
        package var wantsFragment: Bool

        package init(
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
        package var prior: Model.Shown
        /// What was shown while it was in flight.
        package var optimistic: Model.Shown
        /// The committed state after it: `prior` again after a failure.
        package var committed: Model.Shown
        package var succeeded: Bool
        /// Whether the service was called (not when there was nothing to send).
        package var sent: Bool
        package var latencyMilliseconds: Int
    }

    package let store: OptimisticStore<Model>
    package let events: TapEventLog
    /// What an answer without script leaves for the viewer's next render (`nil`: nothing, and any earlier
    /// message is forgotten).
    private let flash: @Sendable (Attempt, Outcome) -> Model.Flash?
    /// The change's event for the log, or `nil` for none.
    private let event: @Sendable (Attempt, Outcome) -> TapEvent?

    package init(
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
    /// their arrival order. When the turn is free and the service tells the outcome without waiting
    /// (`ServiceCall`), the change is done and answered here, at once; otherwise the rest runs while the
    /// connection is suspended.
    ///
    /// - Parameters:
    ///   - call: The service call; not made when there is nothing to send.
    ///   - answer: The component's answer for the outcome.
    package func handle(
        _ attempt: Attempt, call: ServiceCall,
        answer: @escaping @Sendable (Attempt, Outcome) -> HTTPResponse
    ) throws(HTTPError) -> HTTPOutcome {
        let turn = store.turns.take(attempt.key)
        guard turn.isServed else {
            return .deferred {
                await turn.wait()
                defer { turn.finish() }
                return answer(attempt, try await apply(attempt, call: call))
            }
        }
        let started = ContinuousClock.now
        let begun: Begun
        do {
            begun = try begin(attempt)
        } catch {
            turn.finish()
            throw error
        }
        // Nothing to send succeeds at once; otherwise the service may tell the outcome now.
        if let succeeded = begun.sends ? call.sendWithoutWaiting() : true {
            defer { turn.finish() }
            return .response(answer(attempt, end(attempt, begun, succeeded: succeeded, started: started)))
        }
        return .deferred {
            defer { turn.finish() }
            let succeeded = await Self.sent(call)
            return answer(attempt, end(attempt, begun, succeeded: succeeded, started: started))
        }
    }

    /// The same, with a call that is always awaited (a change whose service has no way to answer at once).
    /// A change the model does not admit is answered as deferred work that throws, as before this form
    /// shared the one above.
    ///
    /// - Parameter send: The service call; throws when the change was not saved.
    package func handle(
        _ attempt: Attempt,
        send: @escaping @Sendable () async throws -> Void,
        answer: @escaping @Sendable (Attempt, Outcome) -> HTTPResponse
    ) -> HTTPOutcome {
        do {
            return try handle(attempt, call: .awaited(send), answer: answer)
        } catch {
            return .deferred { throw error }
        }
    }

    /// What `begin` found: the state before, the one shown at once, and whether there is anything to send.
    struct Begun: Sendable {
        var prior: Model.Shown
        var optimistic: Model.Shown
        var sends: Bool
    }

    /// Runs a change whose turn it is: begin, send, finish, event.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    func apply(_ attempt: Attempt, call: ServiceCall) async throws(HTTPError) -> Outcome {
        let started = ContinuousClock.now
        let begun = try begin(attempt)
        let succeeded = begun.sends ? await Self.sent(call) : true
        return end(attempt, begun, succeeded: succeeded, started: started)
    }

    /// Shows the change at once, when the model admits it.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    private func begin(_ attempt: Attempt) throws(HTTPError) -> Begun {
        switch store.begin(attempt.key, attempt.change) {
        case .unknown:
            throw HTTPError(.notFound, "There is nothing with the id \(attempt.key.target).")
        case .refused(let error):
            throw error
        case .proceeds(let before, let shown, let needsSending):
            return Begun(prior: before, optimistic: shown, sends: needsSending)
        }
    }

    /// Whether the call saved the change.
    private static func sent(_ call: ServiceCall) async -> Bool {
        do {
            try await call.send()
            return true
        } catch {
            return false
        }
    }

    /// Commits the change or rolls it back exactly, leaves the one-time message and records the event.
    private func end(_ attempt: Attempt, _ begun: Begun, succeeded: Bool, started: ContinuousClock.Instant) -> Outcome {
        var outcome = Outcome(
            prior: begun.prior, optimistic: begun.optimistic, committed: begun.prior, succeeded: succeeded,
            sent: begun.sends, latencyMilliseconds: 0)
        // The outcome replaces any message left by an earlier change, in the same critical section as the
        // commit. With script the answer shows the outcome itself.
        let left = attempt.wantsFragment ? nil : flash(attempt, outcome)
        outcome.committed =
            store.finish(attempt.key, attempt.change, succeeded: succeeded, leaving: left) ?? begun.prior
        outcome.latencyMilliseconds = (ContinuousClock.now - started).wholeMilliseconds
        if let event = event(attempt, outcome) {
            events.record(event)
        }
        return outcome
    }
}
