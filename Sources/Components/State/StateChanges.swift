/// What changed in a component's committed state since it was last written: whether it was reset, then
/// each member that came or went (the latest for each target and viewer), and each comment added. The
/// state database writes these, not the whole state, so a write costs the change.
public struct StateChanges: Sendable, Equatable {
    public struct Member: Hashable, Sendable {
        public var target: String
        public var viewer: Viewer

        public init(target: String, viewer: Viewer) {
            self.target = target
            self.viewer = viewer
        }
    }

    /// Every member before these changes is gone (`POST /reset`).
    public var reset: Bool
    /// For each target and viewer that changed: whether it is a member now.
    public var members: [Member: Bool]
    /// The comments added to each target, oldest first.
    public var comments: [String: [StoredComment]]

    public init(reset: Bool = false, members: [Member: Bool] = [:], comments: [String: [StoredComment]] = [:]) {
        self.reset = reset
        self.members = members
        self.comments = comments
    }

    public var isEmpty: Bool {
        !reset && members.isEmpty && comments.isEmpty
    }

    /// Records that `comment` was added to `target`.
    public mutating func record(_ comment: StoredComment, target: String) {
        comments[target, default: []].append(comment)
    }

    /// Records that `viewer` is (or is no longer) a member of `target`.
    public mutating func record(_ isMember: Bool, target: String, viewer: Viewer) {
        members[Member(target: target, viewer: viewer)] = isMember
    }

    /// These changes followed by `newer`: what was written neither time, as one set of changes. A reset in
    /// `newer` drops everything before it.
    public func followed(by newer: StateChanges) -> StateChanges {
        if newer.reset { return newer }
        var merged = self
        merged.members.merge(newer.members) { _, latest in latest }
        merged.comments.merge(newer.comments) { earlier, later in earlier + later }
        return merged
    }
}
