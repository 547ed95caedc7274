import Basics
import HTTPCore

/// One tap a component handled, with the transition it caused.
public struct TapEvent: Sendable, Equatable {
    /// How the tap ended.
    public enum Outcome: String, Sendable {
        /// The change was sent and saved.
        case committed
        /// The change was sent, failed, and the prior state was restored.
        case rolledBack = "rolled-back"
        /// The tap navigated somewhere.
        case redirected
        /// A plain component's tap, recorded by a caller-chosen action without any business logic.
        case recorded
        /// The input was refused as it is (a comment's empty or overlong text): nothing was sent.
        case rejected
    }

    /// The event's number in the log: 1 for the first event recorded, one more for each after it.
    package var sequence: Int
    /// When the tap was handled: the moment its event was made.
    package var time: Timestamp
    /// The component's type name: `LikeButton`, `AvatarView`, yours.
    public var component: String
    /// The action that was taken (`tap`, `send`, `rate`), when the component has one.
    public var action: String?
    /// The post id or user id the component shows.
    public var instance: String
    /// The viewer who tapped.
    public var viewer: Viewer
    /// The state before the change, in the component's words.
    package var prior: EventState?
    /// The state shown at once while the change was in flight, in the component's words.
    package var optimistic: EventState?
    /// More about the change, in the component's words, as JSON members added to the event's
    /// (a send's `textLength`: the length of its text, never the text itself).
    package var details: [(String, JSONValue)]
    /// How the tap ended: committed, rolled back, redirected, recorded or rejected.
    public var outcome: Outcome
    /// How long the tap took to handle, including the simulated network.
    package var latencyMilliseconds: Int
    /// Where a navigation went (the local path it redirected to); `nil` for other taps.
    package var location: String?

    package init(
        sequence: Int = 0,
        time: Timestamp = .now(),
        component: String,
        action: String? = nil,
        instance: String,
        viewer: Viewer,
        prior: EventState? = nil,
        optimistic: EventState? = nil,
        details: [(String, JSONValue)] = [],
        outcome: Outcome,
        latencyMilliseconds: Int = 0,
        location: String? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.component = component
        self.action = action
        self.instance = instance
        self.viewer = viewer
        self.prior = prior
        self.optimistic = optimistic
        self.details = details
        self.outcome = outcome
        self.latencyMilliseconds = latencyMilliseconds
        self.location = location
    }
}

extension TapEvent {
    public static func == (lhs: TapEvent, rhs: TapEvent) -> Bool {
        lhs.sequence == rhs.sequence && lhs.time == rhs.time && lhs.component == rhs.component
            && lhs.action == rhs.action && lhs.instance == rhs.instance && lhs.viewer == rhs.viewer
            && lhs.prior == rhs.prior && lhs.optimistic == rhs.optimistic && lhs.outcome == rhs.outcome
            && lhs.latencyMilliseconds == rhs.latencyMilliseconds && lhs.location == rhs.location
            && JSONValue.object(lhs.details) == JSONValue.object(rhs.details)
    }

    /// The event as JSON, as `/events` and `/events/stream` send it.
    package var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("sequence", .int(sequence)),
            ("time", .string(time.iso8601)),
            ("component", .string(component)),
            ("instance", .string(instance)),
            ("viewer", .string(viewer.id)),
            ("prior", prior?.json ?? .null),
            ("optimistic", optimistic?.json ?? .null),
            ("outcome", .string(outcome.rawValue)),
            ("latencyMs", .int(latencyMilliseconds)),
            ("location", location.map(JSONValue.string) ?? .null),
            ("priorText", .string(Self.text(of: prior))),
            ("optimisticText", .string(Self.text(of: optimistic))),
        ]
        fields += details
        if let action {
            fields.append(("action", .string(action)))
        }
        return .object(fields)
    }

    /// A state as the event log shows it: its text, or "–" for none.
    package static func text(of state: EventState?) -> String {
        state?.text ?? "–"
    }
}
