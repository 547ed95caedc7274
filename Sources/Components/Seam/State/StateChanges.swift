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
/// changes.write(.int(4), target: "p1", viewer: viewer)   // the viewer rated p1 four stars
/// changes.remove(target: "p1", viewer: viewer)           // … then cleared it: the row goes
/// ```
public struct StateChanges: Sendable, Equatable {
    /// One entry's place: a target and a key within it.
    package struct Entry: Hashable, Sendable, Comparable {
        /// A key as it was given: a viewer is made text when it is written, off the request path.
        private enum Key: Hashable, Sendable {
            case text(String)
            case viewer(Viewer)
        }

        package var target: String
        private var given: Key

        package init(target: String, key: String) {
            self.target = target
            self.given = .text(key)
        }

        /// The entry of `viewer` in `target`: its key is the viewer's id. A model keys its entries one way,
        /// by text or by viewer, so that one row has one key.
        package init(target: String, viewer: Viewer) {
            self.target = target
            self.given = .viewer(viewer)
        }

        /// The key, as the database keeps it.
        package var key: String {
            switch given {
            case .text(let key): key
            case .viewer(let viewer): viewer.id
            }
        }

        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.target, lhs.key) < (rhs.target, rhs.key)
        }
    }

    /// Every entry before these changes is gone (`POST /reset`).
    package var reset: Bool
    /// For each entry that changed: its value now, or `nil` when it was removed.
    package private(set) var entries: [Entry: JSONValue?]

    package init(reset: Bool = false) {
        self.reset = reset
        self.entries = [:]
    }

    package var isEmpty: Bool {
        !reset && entries.isEmpty
    }

    /// Records that `target`'s entry `key` holds `value` now.
    package mutating func write(_ value: JSONValue, target: String, key: String) {
        entries[Entry(target: target, key: key)] = .some(value)
    }

    /// Records that `viewer`'s entry in `target` holds `value` now (its key is the viewer's id, made when it
    /// is written: a commit costs no string).
    public mutating func write(_ value: JSONValue, target: String, viewer: Viewer) {
        entries[Entry(target: target, viewer: viewer)] = .some(value)
    }

    /// Records that `target`'s entry `key` is gone.
    package mutating func remove(target: String, key: String) {
        entries[Entry(target: target, key: key)] = .some(nil)
    }

    /// Records that `viewer`'s entry in `target` is gone.
    public mutating func remove(target: String, viewer: Viewer) {
        entries[Entry(target: target, viewer: viewer)] = .some(nil)
    }

    /// These changes followed by `newer`: what was written neither time, as one set of changes. A reset in
    /// `newer` drops everything before it.
    package func followed(by newer: StateChanges) -> StateChanges {
        if newer.reset { return newer }
        var merged = self
        merged.entries.merge(newer.entries) { _, latest in latest }
        return merged
    }
}
