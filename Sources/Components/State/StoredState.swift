import HTTPCore

/// One component's committed state as the state database keeps it: per target, each entry's key and
/// value, in the component's model's own encoding (see `StateChanges`). A model reads what it keeps and
/// skips what it cannot read.
public struct StoredState: Sendable, Equatable {
    /// Per target, each key's value.
    public var entries: [String: [String: JSONValue]]

    public init(entries: [String: [String: JSONValue]] = [:]) {
        self.entries = entries
    }

    public var isEmpty: Bool {
        entries.isEmpty
    }

    /// These entries as changes that write them all over whatever was there (`reset`).
    public var asChanges: StateChanges {
        var changes = StateChanges(reset: true)
        for (target, values) in entries {
            for (key, value) in values {
                changes.write(value, target: target, key: key)
            }
        }
        return changes
    }
}
