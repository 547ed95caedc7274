import HTTPCore

/// The committed state behind a toggle: for each target (a post, a user), a base count and the set of
/// viewers for whom it is on (who like the post, who follow the user).
///
/// Counts are derived, never adjusted: a target's count is its base plus its members, so that invariant
/// holds at every moment.
///
/// The toggle kind's model (`SelfManagedModel`): a tap asks for a state, on or off.
package struct Membership: Sendable {
    struct Target {
        var base: Int
        var members = MemberSet()
    }

    private(set) var records: [String: Target]

    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers (negative means 0).
    ///   - members: Restored members per target; unknown targets are ignored.
    package init(baseCounts: [String: Int], members: [String: Set<Viewer>] = [:]) {
        records = baseCounts.mapValues { Target(base: max(0, $0)) }
        restore(members)
    }

    /// Replaces the members of the targets `members` names; unknown targets are ignored.
    mutating func restore(_ members: [String: Set<Viewer>]) {
        for (target, viewers) in members where records[target] != nil {
            records[target]!.members = MemberSet(viewers)
        }
    }

    package func contains(_ target: String) -> Bool {
        records[target] != nil
    }

    /// The state `viewer` has committed for `target`, or `nil` for an unknown target.
    func state(of target: String, for viewer: Viewer) -> ToggleState? {
        guard let record = records[target] else { return nil }
        return ToggleState(isOn: record.members.contains(viewer), count: record.base + record.members.count)
    }

    /// Commits `isOn` for the viewer; returns whether anything changed.
    mutating func commit(_ isOn: Bool, target: String, viewer: Viewer) -> Bool {
        // One lookup, the record changed in place through its index.
        guard let index = records.index(forKey: target) else { return false }
        if isOn {
            return records.values[index].members.insert(viewer)
        }
        return records.values[index].members.remove(viewer)
    }

    /// Every target back to its base: no members.
    mutating func removeAllMembers() {
        for target in records.keys {
            records[target]!.members = MemberSet()
        }
    }
}

extension Membership: SelfManagedModel {
    /// A message to show once on the next render of a viewer's toggle.
    package enum Flash: Sendable, Equatable {
        /// The change failed and was rolled back: the failure message to show.
        case failed(String)
        /// A change to on committed: the next render plays the "on" animation.
        case committed
    }

    package typealias Presentation = ToggleDefinition.Presentation

    package func shown(_ target: String, to viewer: Viewer) -> ToggleState? {
        state(of: target, for: viewer)
    }

    /// A tap on a known target always starts; it sends nothing when it asks for the state the viewer has.
    package func admit(_ desired: Bool, to target: String, by viewer: Viewer) -> OptimisticAdmission<ToggleState> {
        guard let prior = state(of: target, for: viewer) else { return .unknown }
        return .proceeds(prior: prior, optimistic: prior.toggled(to: desired), sends: prior.isOn != desired)
    }

    package mutating func commit(_ desired: Bool, to target: String, by viewer: Viewer) -> Bool {
        commit(desired, target: target, viewer: viewer)
    }

    /// A member is stored as an entry of its target: the viewer, `true`; a viewer who left has none.
    package func record(_ desired: Bool, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if desired {
            journal.write(.bool(true), target: target, viewer: viewer)
        } else {
            journal.remove(target: target, viewer: viewer)
        }
    }

    package mutating func removeAll() {
        removeAllMembers()
    }

    package var targets: Set<String> {
        Set(records.keys)
    }

    /// Each known target's members from what the state database kept (`record`'s encoding), read
    /// straight into its member set: a million members load with no set between.
    package mutating func restore(_ stored: StoredState) {
        stored.forEachTarget { target, entries in
            guard records[target] != nil else { return }
            var members = MemberSet()
            for entry in entries where entry.isTrue {
                if let viewer = entry.viewer { members.insert(viewer) }
            }
            records[target]!.members = members
        }
    }

    /// The state shown.
    package static func committed(_ presentation: Presentation) -> ToggleState {
        presentation.state
    }

    /// The state, its animation once a change to on was saved, and a failure's message.
    package static func present(_ shown: ToggleState, busy: Bool, flash: Flash?, target: String) -> Presentation {
        Presentation(
            state: shown, busy: busy, animated: flash == .committed && shown.isOn, message: flash?.failureMessage)
    }

    /// `{"target": "p1", "on": true, "count": 13, "pending": false}`.
    package static func json(_ shown: ToggleState, target: String, pending: Bool) -> JSONValue {
        .object([
            ("target", .string(target)), ("on", .bool(shown.isOn)), ("count", .int(shown.count)),
            ("pending", .bool(pending)),
        ])
    }
}

extension Membership.Flash {
    /// The text of a failure, `nil` for a commit.
    package var failureMessage: String? {
        if case .failed(let text) = self { text } else { nil }
    }
}

extension Membership {
    /// The members of each target as the state database keeps them (`record`'s encoding).
    package static func stored(_ members: [String: Set<Viewer>]) -> StoredState {
        StoredState(
            entries: members.mapValues { viewers in
                Dictionary(uniqueKeysWithValues: viewers.map { ($0.id, JSONValue.bool(true)) })
            })
    }

    /// The members of each target in what the state database kept: each entry whose key is a viewer and
    /// whose value is `true`; anything else is skipped.
    package static func members(in stored: StoredState) -> [String: Set<Viewer>] {
        var members: [String: Set<Viewer>] = [:]
        stored.forEachTarget { target, entries in
            var viewers = Set<Viewer>(minimumCapacity: entries.underestimatedCount)
            for entry in entries where entry.isTrue {
                if let viewer = entry.viewer { viewers.insert(viewer) }
            }
            members[target] = viewers
        }
        return members
    }
}
