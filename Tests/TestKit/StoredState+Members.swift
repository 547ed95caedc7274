import Components
import HTTPCore

extension Dictionary where Key == String, Value == StoredState {
    /// Each component's members per target, leaving out components that keep none.
    package var members: [String: [String: Set<Viewer>]] {
        compactMapValues { $0.members.isEmpty ? nil : $0.members }
    }
}

extension StoredState {
    /// The toggles' members this state keeps, in the toggle's encoding (targets with none left out).
    package var members: [String: Set<Viewer>] {
        Membership.members(in: self).filter { !$0.value.isEmpty }
    }

    /// The comments this state keeps, in the comment box's encoding (targets with none left out).
    package var comments: [String: [StoredComment]] {
        StoredComment.threads(in: self).filter { !$0.value.isEmpty }
    }
}

extension StateChanges {
    /// Records, in the toggle's encoding, that `viewer` is (or is no longer) a member of `target`.
    package mutating func record(_ isMember: Bool, target: String, viewer: Viewer) {
        if isMember {
            write(.bool(true), target: target, viewer: viewer)
        } else {
            remove(target: target, viewer: viewer)
        }
    }

    /// Records, in the comment box's encoding, that `comment` was added to `target`.
    package mutating func record(_ comment: StoredComment, target: String) {
        let entry = comment.entry
        write(entry.value, target: target, key: entry.key)
    }

    /// Each member change, in the toggle's encoding: whether the viewer is a member now.
    package var members: [Member: Bool] {
        var members: [Member: Bool] = [:]
        for (entry, value) in entries {
            guard let viewer = Viewer(id: entry.key) else { continue }
            members[Member(target: entry.target, viewer: viewer)] = value == .bool(true)
        }
        return members
    }

    package struct Member: Hashable {
        package var target: String
        package var viewer: Viewer

        package init(target: String, viewer: Viewer) {
            self.target = target
            self.viewer = viewer
        }
    }
}
