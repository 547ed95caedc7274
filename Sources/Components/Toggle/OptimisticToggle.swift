import Basics
import HTTPCore

/// The self-managed tap of a toggle component (a like, a follow): one use of the kit's optimistic core
/// (`OptimisticFlow`), which brings the optimistic state at once, the service call, the commit or the
/// exact rollback; this brings the toggle's message, event and answer.
///
/// A component's self-managed routes parse their own fields into a `Tap`, name their service call and
/// render their fragment; everything between is here:
///
/// ```swift
/// let tap = OptimisticToggle.Tap(key: key, desired: liked, forced: try request.forcedOutcome(),
///                                returnTo: "/feed", wantsFragment: request.wantsFragment)
/// let request = ServiceRequest(component: "like", action: "tap", target: key.target, viewer: key.viewer,
///                              change: liked, description: .object([("liked", .bool(liked))]))
/// return try toggle.handle(tap, call: .send(request, through: service)) { result in
///     LikeButton.selfManaged(post: key.target, liked: result.committed.isOn, …).renderedBytes
/// }
/// ```
///
/// - A tap that asks for the state the viewer already has sends nothing and answers as a success.
/// - Without `HX-Request`: `303` to `returnTo`; the outcome waits as a `ToggleStore.Flash` for the next
///   render of that viewer's component there (a failure message, or the animation of a new "on").
/// - With `HX-Request`: `200` and the committed fragment, or `503` and the restored fragment carrying
///   `failureMessage`; either with `HX-Trigger: {"announce":…}`, the text the live region says
///   (`Announcement`).
public struct OptimisticToggle: Sendable {
    /// The component's name in the event log, such as `LikeButton`.
    public let component: String
    /// The state's name in events, such as `liked`.
    public let stateName: String
    public let store: ToggleStore
    public let events: TapEventLog
    /// What the component shows, and announces, after a tap that could not be saved.
    public let failureMessage: String
    /// What an answer with a fragment announces of the state it shows (a failure: `failureMessage`).
    public let announcements: ToggleDefinition.Announcements

    public init(
        component: String, stateName: String, store: ToggleStore, events: TapEventLog, failureMessage: String,
        announcements: ToggleDefinition.Announcements? = nil
    ) {
        self.component = component
        self.stateName = stateName
        self.store = store
        self.events = events
        self.failureMessage = failureMessage
        self.announcements = announcements ?? ToggleDefinition.Announcements(state: stateName)
        self.flow = Self.flow(
            store: store, events: events, component: component, stateName: stateName, failureMessage: failureMessage)
    }

    /// A tap, checked by the component.
    public struct Tap: Sendable {
        public var key: ToggleStore.Key
        /// The state wanted after the tap (so a repeated submit changes nothing).
        public var desired: Bool
        public var forced: ForcedOutcome?
        /// Where a plain form submission comes back to: a validated local path.
        public var returnTo: String
        public var wantsFragment: Bool

        public init(
            key: ToggleStore.Key, desired: Bool, forced: ForcedOutcome?, returnTo: String, wantsFragment: Bool
        ) {
            self.key = key
            self.desired = desired
            self.forced = forced
            self.returnTo = returnTo
            self.wantsFragment = wantsFragment
        }
    }

    /// How a tap ended, for the component to render.
    public struct Result: Sendable, Equatable {
        public var prior: ToggleState
        public var committed: ToggleState
        public var succeeded: Bool
        /// The error to show: `failureMessage` after a failure.
        public var message: String?

        /// Play the "on" animation: a change to on was just saved.
        public var animated: Bool {
            succeeded && committed.isOn && !prior.isOn
        }
    }

    /// The kit's optimistic core, with the toggle's message and event.
    private let flow: OptimisticFlow<Membership>

    private static func flow(
        store: ToggleStore, events: TapEventLog, component: String, stateName: String, failureMessage: String
    ) -> OptimisticFlow<Membership> {
        OptimisticFlow(
            store: store.core, events: events,
            flash: { [failureMessage] tap, outcome in
                // Without script the outcome waits for the page redirected to: a failure, or the animation
                // of a new "on".
                if !outcome.succeeded { return .failed(failureMessage) }
                return tap.change && !outcome.prior.isOn ? .committed : nil
            },
            event: { [component, stateName] tap, outcome in
                TapEvent(
                    component: component, action: "tap", instance: tap.key.target, viewer: tap.key.viewer,
                    prior: outcome.prior.eventState(named: stateName),
                    optimistic: outcome.optimistic.eventState(named: stateName),
                    outcome: outcome.succeeded ? .committed : .rolledBack,
                    latencyMilliseconds: outcome.latencyMilliseconds)
            })
    }

    /// Takes the tap's turn now, on the server thread, so that one viewer's taps on one target keep their
    /// arrival order; answers at once when the turn is free and the service tells the outcome without
    /// waiting, otherwise while the connection is suspended (`OptimisticFlow`).
    ///
    /// - Parameters:
    ///   - call: The service call; not made when nothing changes.
    ///   - render: The component's fragment for the outcome (only with `HX-Request`).
    public func handle(
        _ tap: Tap, call: ServiceCall, render: @escaping @Sendable (Result) -> [UInt8]
    ) throws(HTTPError) -> HTTPOutcome {
        try flow.handle(attempt(tap), call: call, answer: answer(render))
    }

    /// The same, with a service call that is always awaited.
    ///
    /// - Parameters:
    ///   - send: The service call; throws when the change was not saved. Not called when nothing changes.
    ///   - render: The component's fragment for the outcome (only with `HX-Request`).
    public func handle(
        _ tap: Tap,
        send: @escaping @Sendable () async throws -> Void,
        render: @escaping @Sendable (Result) -> [UInt8]
    ) -> HTTPOutcome {
        flow.handle(attempt(tap), send: send, answer: answer(render))
    }

    private func attempt(_ tap: Tap) -> OptimisticFlow<Membership>.Attempt {
        OptimisticFlow<Membership>.Attempt(
            key: tap.key, change: tap.desired, forced: tap.forced, returnTo: tap.returnTo,
            wantsFragment: tap.wantsFragment)
    }

    /// A redirect without script; with it, the fragment and what it announces.
    private func answer(
        _ render: @escaping @Sendable (Result) -> [UInt8]
    ) -> @Sendable (OptimisticFlow<Membership>.Attempt, OptimisticFlow<Membership>.Outcome) -> HTTPResponse {
        { [failureMessage, announcements] attempt, outcome in
            guard attempt.wantsFragment else { return .redirect(to: attempt.returnTo) }
            let result = Result(
                prior: outcome.prior, committed: outcome.committed, succeeded: outcome.succeeded,
                message: outcome.succeeded ? nil : failureMessage)
            var response = HTTPResponse.html(render(result), status: outcome.succeeded ? .ok : .serviceUnavailable)
            response.headers[Announcement.header] = Announcement.headerValue(
                result.message ?? announcements.text(isOn: outcome.committed.isOn))
            return response
        }
    }
}
