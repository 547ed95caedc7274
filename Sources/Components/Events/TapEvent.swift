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

    public var sequence: Int
    public var time: Timestamp
    /// `LikeButton`, `FollowButton` or `AvatarView`.
    public var component: String
    /// The post id or user id the component shows.
    public var instance: String
    public var viewer: Viewer
    /// A toggle's name for its state (`liked`, `following`): the key of `prior` and `optimistic` in JSON.
    public var stateName: String?
    /// What a count without a state counts, in the plural (`comments`): `prior` and `optimistic` are then
    /// only counts, `{"count": 3}`.
    public var countName: String?
    /// The length of the text a send carried, in characters (never the text itself).
    public var textLength: Int?
    public var prior: ToggleState?
    public var optimistic: ToggleState?
    public var outcome: Outcome
    /// How long the tap took to handle, including the simulated network.
    public var latencyMilliseconds: Int
    public var location: String?

    public init(
        sequence: Int = 0,
        time: Timestamp = .now(),
        component: String,
        instance: String,
        viewer: Viewer,
        stateName: String? = nil,
        countName: String? = nil,
        textLength: Int? = nil,
        prior: ToggleState? = nil,
        optimistic: ToggleState? = nil,
        outcome: Outcome,
        latencyMilliseconds: Int = 0,
        location: String? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.component = component
        self.instance = instance
        self.viewer = viewer
        self.stateName = stateName
        self.countName = countName
        self.textLength = textLength
        self.prior = prior
        self.optimistic = optimistic
        self.outcome = outcome
        self.latencyMilliseconds = latencyMilliseconds
        self.location = location
    }
}

extension TapEvent {
    /// The event as JSON, as `/events` and `/events/stream` send it.
    public var json: JSONValue {
        func state(_ state: ToggleState?) -> JSONValue {
            guard let state else { return .null }
            if stateName == nil && countName != nil {
                return .object([("count", .int(state.count))])
            }
            return .object([(stateName ?? "on", .bool(state.isOn)), ("count", .int(state.count))])
        }
        var fields: [(String, JSONValue)] = [
            ("sequence", .int(sequence)),
            ("time", .string(time.iso8601)),
            ("component", .string(component)),
            ("instance", .string(instance)),
            ("viewer", .string(viewer.id)),
            ("prior", state(prior)),
            ("optimistic", state(optimistic)),
            ("outcome", .string(outcome.rawValue)),
            ("latencyMs", .int(latencyMilliseconds)),
            ("location", location.map(JSONValue.string) ?? .null),
            ("priorText", .string(describe(prior))),
            ("optimisticText", .string(describe(optimistic))),
        ]
        if let textLength {
            fields.append(("textLength", .int(textLength)))
        }
        return .object(fields)
    }

    /// A state of this event as the log shows it: a toggle's (`describe(_:as:)`), or a count, "3 comments".
    func describe(_ state: ToggleState?) -> String {
        if stateName == nil, let countName, let state {
            return CompactCount.grouped(state.count) + " " + countName
        }
        return Self.describe(state, as: stateName)
    }

    /// A state as the event log shows it: "liked, 1,234", "not following, 7", or "–" for none. The JSON
    /// carries it as `priorText` and `optimisticText`, so that a script shows the server's words.
    public static func describe(_ state: ToggleState?, as name: String?) -> String {
        guard let state, let name else { return "–" }
        return (state.isOn ? "" : "not ") + name + ", " + CompactCount.grouped(state.count)
    }
}
