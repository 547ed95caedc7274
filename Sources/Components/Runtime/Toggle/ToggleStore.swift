/// The state behind every self-managed toggle of one kind (all like buttons, all follow buttons): the
/// kit's generic store over a `Membership`. The core keeps the taps in flight (an optimistic overlay),
/// one-time messages, and the turn queue that keeps one viewer's taps on one target in order; the
/// committed count is always base + members.
///
/// ```swift
/// let likes = ToggleStore(baseCounts: ["p1": 10])
/// let key = ToggleStore.Key(viewer: "v1", target: "p1")
/// let (prior, optimistic) = likes.begin(key, on: true)!   // shown at once
/// let committed = likes.finish(key, on: true, succeeded: false, leaving: nil)   // == prior: rolled back
/// ```
package typealias ToggleStore = SelfManagedStore<Membership>

extension SelfManagedStore where Model == Membership {
    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers.
    ///   - members: The viewers for whom each target is on (restored from a state file); unknown targets
    ///     are ignored.
    ///   - flashLimits: How many one-time messages wait, and for how long.
    ///   - clock: The time messages are stamped and aged with (tests pass their own).
    package convenience init(
        baseCounts: [String: Int], members: [String: Set<Viewer>] = [:], flashLimits: FlashLimits = FlashLimits(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.init(Membership(baseCounts: baseCounts, members: members), flashLimits: flashLimits, clock: clock)
    }

    /// Starts a tap: records the optimistic state and returns it with the prior one.
    ///
    /// - Returns: `nil` for an unknown target.
    package func begin(_ key: Key, on desired: Bool) -> (prior: ToggleState, optimistic: ToggleState)? {
        guard case .proceeds(let prior, let optimistic, _) = core.begin(key, desired) else { return nil }
        return (prior, optimistic)
    }

    /// Ends a tap: commits `on` when it succeeded, drops the optimistic state either way, and, in the same
    /// critical section, replaces whatever one-time message waits for `key` with `flash` (`nil`: none
    /// waits after it). Returns the committed state. A tap that began before a `reset()` commits nothing.
    package func finish(_ key: Key, on: Bool, succeeded: Bool, leaving flash: Flash? = nil) -> ToggleState {
        core.finish(key, on, succeeded: succeeded, leaving: flash) ?? ToggleState(isOn: false, count: 0)
    }

    /// Every target's base, count and members, read in one critical section (for tests).
    func snapshot() -> [String: (base: Int, count: Int, members: Set<Viewer>)] {
        core.read { membership in
            membership.records.mapValues {
                (base: $0.base, count: $0.base + $0.members.count, members: Set($0.members.all))
            }
        }
    }

    /// Replaces the committed members of the targets `members` names (from a state file); unknown targets
    /// are ignored.
    package func restore(_ members: [String: Set<Viewer>]) {
        core.update { $0.restore(members) }
    }

    /// Every target's members, for the state file: taken in one short critical section (the shards are
    /// shared, not copied), read after it.
    package func members() -> [String: MemberSet] {
        core.read { $0.records.mapValues(\.members) }
    }
}
