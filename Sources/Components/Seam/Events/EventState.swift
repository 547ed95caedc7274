import HTTPCore

/// A state as an event shows it, in the component's own words: a line for people (`liked, 1,234`,
/// `3 comments`, `4 stars`) and JSON for scripts (`{"liked": true, "count": 1234}`).
///
/// ```swift
/// EventState(text: "4 stars", json: .object([("stars", .int(4))]))
/// ```
///
/// The kit records a change's states as they are and describes them when the event is read: most events
/// are never read, and a tap should not pay for words nobody asks for.
public struct EventState: Sendable, Equatable {
    private enum Storage: Sendable {
        case described(text: String, json: JSONValue)
        case deferred(any Sendable, @Sendable (any Sendable) -> EventState)
    }

    private let storage: Storage

    /// A state as the event log shows it (`text`) and as `/events` answers it (`json`).
    public init(text: String, json: JSONValue) {
        storage = .described(text: text, json: json)
    }

    /// `state`, described by `describe` when the event is read.
    init(_ state: any Sendable, describedBy describe: @escaping @Sendable (any Sendable) -> EventState) {
        storage = .deferred(state, describe)
    }

    /// What the event log shows: `liked, 1,234`.
    package var text: String { described.text }

    /// What `/events` and `/events/stream` send: `{"liked": true, "count": 1234}`.
    package var json: JSONValue { described.json }

    private var described: (text: String, json: JSONValue) {
        switch storage {
        case .described(let text, let json): (text, json)
        case .deferred(let state, let describe): describe(state).described
        }
    }

    public static func == (lhs: EventState, rhs: EventState) -> Bool {
        let (left, right) = (lhs.described, rhs.described)
        return left.text == right.text && left.json == right.json
    }
}
