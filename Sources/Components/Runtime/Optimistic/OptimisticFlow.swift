import Basics
import HTTPCore

/// A self-managed change (a toggle's tap, a comment's send), run once for every kind: the turn per viewer
/// and target, the optimistic state at once, the service call (skipped when there is nothing to send), the
/// commit or the exact rollback, the one-time message for an answer without script, and the event. It
/// runs a tap (`OptimisticTap`) and tells how it ended (`SelfManagedOutcome`); the answer is the route's.
///
/// ```swift
/// let flow = OptimisticFlow(store: store, events: events,
///                           flash: { tap, outcome in … }, event: { tap, outcome in … })
/// switch try flow.start(tap) {
/// case .ended(let outcome): return .response(answer(tap, outcome))
/// case .waiting(let rest): return .deferred { answer(tap, try await rest.end()) }
/// }
/// ```
package struct OptimisticFlow<Model: SelfManagedModel>: Sendable {
    package typealias Outcome = SelfManagedOutcome<Model>

    package let store: OptimisticStore<Model>
    package let events: TapEventLog
    /// What an answer without script leaves for the viewer's next render (`nil`: nothing, and any earlier
    /// message is forgotten), decided as the change ends: the outcome's `committed` is what it leads to.
    private let flash: @Sendable (OptimisticTap<Model>, Outcome) -> Model.Flash?
    /// The change's event for the log, or `nil` for none.
    private let event: @Sendable (OptimisticTap<Model>, Outcome) -> TapEvent?

    package init(
        store: OptimisticStore<Model>, events: TapEventLog,
        flash: @escaping @Sendable (OptimisticTap<Model>, Outcome) -> Model.Flash?,
        event: @escaping @Sendable (OptimisticTap<Model>, Outcome) -> TapEvent?
    ) {
        self.store = store
        self.events = events
        self.flash = flash
        self.event = event
    }

    /// How far `start` got on the server thread.
    package enum Progress: Sendable {
        /// The change is done: its turn was free and the service told the outcome at once (or there was
        /// nothing to send).
        case ended(Outcome)
        /// The rest waits for an earlier turn or for the service: `end()` it while the connection is
        /// suspended.
        case waiting(Waiting)
    }

    /// A change that `start` could not finish at once. Dropped without `end()`, its turn is let go.
    package struct Waiting: Sendable {
        fileprivate enum Stage: Sendable {
            /// Behind an earlier turn of the same viewer and target: nothing is done yet.
            case turn
            /// Begun (shown at once), waiting for the service.
            case call(Begun, started: ContinuousClock.Instant)
        }

        fileprivate let flow: OptimisticFlow
        fileprivate let tap: OptimisticTap<Model>
        fileprivate let turn: TurnQueue<OptimisticKey>.Turn
        fileprivate let stage: Stage

        /// Waits for the turn or the service, and ends the change.
        ///
        /// - Throws: `HTTPError` when the model does not admit it once its turn comes (`404`, or its refusal).
        package func end() async throws(HTTPError) -> Outcome {
            defer { turn.finish() }
            switch stage {
            case .turn:
                await turn.wait()
                return try await flow.run(tap)
            case .call(let begun, let started):
                let succeeded = await OptimisticFlow.sent(tap.call)
                return flow.end(tap, begun, succeeded: succeeded, started: started)
            }
        }
    }

    /// Takes the change's turn now, on the server thread, so that one viewer's changes to one target keep
    /// their arrival order. When the turn is free and the service tells the outcome without waiting
    /// (`ServiceCall`), the change is done here, at once; otherwise the rest is `Waiting`.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    package func start(_ tap: OptimisticTap<Model>) throws(HTTPError) -> Progress {
        // A ticket, made into a `Turn` (which lets it go when dropped) only if the rest must wait.
        let turns = store.turns
        let ticket = turns.ticket(tap.key)
        guard ticket.isServed else {
            return .waiting(Waiting(flow: self, tap: tap, turn: turns.turn(ticket), stage: .turn))
        }
        let started = ContinuousClock.now
        let begun: Begun
        do {
            begun = try begin(tap)
        } catch {
            turns.finish(ticket)
            throw error
        }
        // Nothing to send succeeds at once; otherwise the service may tell the outcome now.
        if let succeeded = begun.sends ? tap.call.sendWithoutWaiting() : true {
            defer { turns.finish(ticket) }
            return .ended(end(tap, begun, succeeded: succeeded, started: started))
        }
        return .waiting(
            Waiting(flow: self, tap: tap, turn: turns.turn(ticket), stage: .call(begun, started: started)))
    }

    /// What `begin` found: the state before, the one shown at once, and whether there is anything to send.
    fileprivate struct Begun: Sendable {
        var prior: Model.Shown
        var optimistic: Model.Shown
        var sends: Bool
    }

    /// Runs a change whose turn it is, awaiting the service: begin, send, end.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    func run(_ tap: OptimisticTap<Model>) async throws(HTTPError) -> Outcome {
        let started = ContinuousClock.now
        let begun = try begin(tap)
        let succeeded = begun.sends ? await Self.sent(tap.call) : true
        return end(tap, begun, succeeded: succeeded, started: started)
    }

    /// Shows the change at once, when the model admits it.
    ///
    /// - Throws: `HTTPError` when the model does not admit it (`404`, or its refusal).
    private func begin(_ tap: OptimisticTap<Model>) throws(HTTPError) -> Begun {
        switch store.begin(tap.key, tap.change) {
        case .unknown:
            throw HTTPError(.notFound, "There is nothing with the id \(tap.key.target).")
        case .refused(let error):
            throw error
        case .proceeds(let before, let shown, let needsSending):
            return Begun(prior: before, optimistic: shown, sends: needsSending)
        }
    }

    /// Whether the call saved the change.
    fileprivate static func sent(_ call: ServiceCall) async -> Bool {
        do {
            try await call.send()
            return true
        } catch {
            return false
        }
    }

    /// Commits the change or rolls it back exactly, leaves the one-time message and records the event.
    fileprivate func end(
        _ tap: OptimisticTap<Model>, _ begun: Begun, succeeded: Bool, started: ContinuousClock.Instant
    ) -> Outcome {
        var outcome = Outcome(
            prior: begun.prior, optimistic: begun.optimistic, committed: succeeded ? begun.optimistic : begun.prior,
            succeeded: succeeded, sent: begun.sends)
        // The outcome replaces any message left by an earlier change, in the same critical section as the
        // commit. With script the answer shows the outcome itself. A change the model no longer admits when
        // it would commit (a thread that filled up meanwhile) ends as a failure does.
        var refusal = outcome
        refusal.succeeded = false
        refusal.committed = begun.prior
        let left = tap.wantsFragment ? nil : flash(tap, outcome)
        let leftIfRefused = tap.wantsFragment || !succeeded ? left : flash(tap, refusal)
        let (committed, refused) = store.finish(
            tap.key, tap.change, succeeded: succeeded, leaving: left, orIfRefused: leftIfRefused)
        if refused {
            outcome = refusal
        }
        outcome.committed = committed ?? begun.prior
        outcome.latencyMilliseconds = (ContinuousClock.now - started).wholeMilliseconds
        if let event = event(tap, outcome) {
            events.record(event)
        }
        return outcome
    }
}
