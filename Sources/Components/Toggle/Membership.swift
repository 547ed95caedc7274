import HTTPCore

/// The committed state behind a toggle: for each target (a post, a user), a base count and the set of
/// viewers for whom it is on (who like the post, who follow the user).
///
/// Counts are derived, never adjusted: a target's count is its base plus its members, so that invariant
/// holds at every moment.
struct Membership {
    struct Target {
        var base: Int
        var members = MemberSet()
    }

    private(set) var targets: [String: Target]

    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers (negative means 0).
    ///   - members: Restored members per target; unknown targets are ignored.
    init(baseCounts: [String: Int], members: [String: Set<Viewer>]) {
        targets = baseCounts.mapValues { Target(base: max(0, $0)) }
        restore(members)
    }

    /// Replaces the members of the targets `members` names; unknown targets are ignored.
    mutating func restore(_ members: [String: Set<Viewer>]) {
        for (target, viewers) in members where targets[target] != nil {
            targets[target]!.members = MemberSet(viewers)
        }
    }

    func contains(_ target: String) -> Bool {
        targets[target] != nil
    }

    /// The state `viewer` has committed for `target`, or `nil` for an unknown target.
    func state(of target: String, for viewer: Viewer) -> ToggleState? {
        guard let record = targets[target] else { return nil }
        return ToggleState(isOn: record.members.contains(viewer), count: record.base + record.members.count)
    }

    /// Commits `isOn` for the viewer; returns whether anything changed.
    mutating func commit(_ isOn: Bool, target: String, viewer: Viewer) -> Bool {
        guard targets[target] != nil else { return false }
        if isOn {
            return targets[target]!.members.insert(viewer)
        }
        return targets[target]!.members.remove(viewer)
    }

    /// Every target back to its base: no members.
    mutating func removeAllMembers() {
        for target in targets.keys {
            targets[target]!.members = MemberSet()
        }
    }
}

extension Membership: OptimisticModel {
    /// A tap asks for this state (on or off), so that a repeated submit changes nothing.
    typealias Change = Bool
    typealias Shown = ToggleState
    typealias Flash = ToggleStore.Flash

    func shown(_ target: String, to viewer: Viewer) -> ToggleState? {
        state(of: target, for: viewer)
    }

    /// A tap on a known target always starts; it sends nothing when it asks for the state the viewer has.
    func admit(_ desired: Bool, to target: String, by viewer: Viewer) -> OptimisticAdmission<ToggleState> {
        guard let prior = state(of: target, for: viewer) else { return .unknown }
        return .proceeds(prior: prior, optimistic: prior.toggled(to: desired), sends: prior.isOn != desired)
    }

    mutating func commit(_ desired: Bool, to target: String, by viewer: Viewer) -> Bool {
        commit(desired, target: target, viewer: viewer)
    }

    /// A member is stored as an entry of its target: the viewer, `true`; a viewer who left has none.
    func record(_ desired: Bool, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if desired {
            journal.write(.bool(true), target: target, key: viewer.id)
        } else {
            journal.remove(target: target, key: viewer.id)
        }
    }

    mutating func removeAll() {
        removeAllMembers()
    }
}

extension Membership {
    /// The members of each target as the state database keeps them (`record`'s encoding).
    static func stored(_ members: [String: Set<Viewer>]) -> StoredState {
        StoredState(
            entries: members.mapValues { viewers in
                Dictionary(uniqueKeysWithValues: viewers.map { ($0.id, JSONValue.bool(true)) })
            })
    }

    /// The members of each target in what the state database kept: each entry whose key is a viewer and
    /// whose value is `true`; anything else is skipped.
    static func members(in stored: StoredState) -> [String: Set<Viewer>] {
        stored.entries.mapValues { entries in
            var viewers = Set<Viewer>()
            for (key, value) in entries where value == .bool(true) {
                if let viewer = Viewer(id: key) { viewers.insert(viewer) }
            }
            return viewers
        }
    }
}
