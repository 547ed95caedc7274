import HTTPCore

/// What changed in a component's committed state since it was last written: whether it was reset, then
/// each entry that was written or removed (the latest for each target and key). The state database
/// writes these, not the whole state, so a write costs the change.
///
/// An entry is what a component's model keeps of one target under one key, in the model's own encoding
/// (JSON): a toggle keeps each viewer it is on for (`v…` → `true`), a rating each viewer's stars
/// (`v…` → `4`), a comment box each comment (`17` → `{"viewer": …, "text": …}`).
///
/// ```swift
/// var changes = StateChanges()
/// changes.write(.int(4), target: "p1", key: viewer.id)   // the viewer rated p1 four stars
/// changes.remove(target: "p1", key: viewer.id)           // … then cleared it: the row goes
/// ```
public struct StateChanges: Sendable, Equatable {
    /// One entry's place: a target and a key within it.
    public struct Entry: Hashable, Sendable, Comparable {
        public var target: String
        public var key: String

        public init(target: String, key: String) {
            self.target = target
            self.key = key
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.target, lhs.key) < (rhs.target, rhs.key)
        }
    }

    /// Every entry before these changes is gone (`POST /reset`).
    public var reset: Bool
    /// For each entry that changed: its value now, or `nil` when it was removed.
    public private(set) var entries: [Entry: JSONValue?]

    public init(reset: Bool = false) {
        self.reset = reset
        self.entries = [:]
    }

    public var isEmpty: Bool {
        !reset && entries.isEmpty
    }

    /// Records that `target`'s entry `key` holds `value` now.
    public mutating func write(_ value: JSONValue, target: String, key: String) {
        entries[Entry(target: target, key: key)] = .some(value)
    }

    /// Records that `target`'s entry `key` is gone.
    public mutating func remove(target: String, key: String) {
        entries[Entry(target: target, key: key)] = .some(nil)
    }

    /// These changes followed by `newer`: what was written neither time, as one set of changes. A reset in
    /// `newer` drops everything before it.
    public func followed(by newer: StateChanges) -> StateChanges {
        if newer.reset { return newer }
        var merged = self
        merged.entries.merge(newer.entries) { _, latest in latest }
        return merged
    }
}
