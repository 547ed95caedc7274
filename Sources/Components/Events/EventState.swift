import HTTPCore

/// A state as an event shows it, in the component's own words: a line for people (`liked, 1,234`,
/// `3 comments`, `4 stars`) and JSON for scripts (`{"liked": true, "count": 1234}`).
///
/// ```swift
/// EventState(text: "4 stars", json: .object([("stars", .int(4))]))
/// ```
public struct EventState: Sendable, Equatable {
    /// What the event log shows: `liked, 1,234`.
    public var text: String
    /// What `/events` and `/events/stream` send: `{"liked": true, "count": 1234}`.
    public var json: JSONValue

    public init(text: String, json: JSONValue) {
        self.text = text
        self.json = json
    }
}
