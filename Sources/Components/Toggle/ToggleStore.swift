/// The state behind every self-managed toggle of one kind (all like buttons, all follow buttons): the
/// kit's optimistic core (`OptimisticStore`) over a `Membership`, with the toggle's words. The core keeps
/// the taps in flight (an optimistic overlay), one-time messages, and the turn queue that keeps one
/// viewer's taps on one target in order; the committed count is always base + members.
///
/// ```swift
/// let likes = ToggleStore(baseCounts: ["p1": 10])
/// let key = ToggleStore.Key(viewer: "v1", target: "p1")
/// let (prior, optimistic) = likes.begin(key, on: true)!   // shown at once
/// let committed = likes.finish(key, on: true, succeeded: false, leaving: nil)   // == prior: rolled back
/// ```
///
/// - Important: Thread-safe. Every method is one critical section.
public final class ToggleStore: OptimisticComponentState {
    /// A viewer and a target: the unit taps are serialised on.
    public typealias Key = OptimisticKey

    /// A message to show once on the next render of a viewer's component.
    public enum Flash: Sendable, Equatable {
        case failed(String)
        case committed
    }

    /// What a page shows a viewer for a target.
    public struct View: Sendable, Equatable {
        public var state: ToggleState
        public var busy: Bool
    }

    /// What a component shows a viewer: `View`, and what its last tap without script left for them.
    public struct Presentation: Sendable, Hashable {
        public var state: ToggleState
        public var busy: Bool
        /// Play the "on" animation: a change to on was just saved.
        public var animated: Bool
        /// The message of a tap that failed.
        public var message: String?

        public init(state: ToggleState, busy: Bool = false, animated: Bool = false, message: String? = nil) {
            self.state = state
            self.busy = busy
            self.animated = animated
            self.message = message
        }

        /// What a tap on this shows at once: the state toggled, in flight, and animated when it turns on.
        public var optimisticNext: Presentation {
            Presentation(state: state.toggled(to: !state.isOn), busy: true, animated: !state.isOn)
        }
    }

    /// The committed membership, the taps in flight, the messages: the kit's optimistic core.
    let core: OptimisticStore<Membership>
    public var optimisticCore: any OptimisticCore { core }

    /// Serialises taps per viewer and target.
    public var turns: TurnQueue<Key> { core.turns }

    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers.
    ///   - members: The viewers for whom each target is on (restored from a state file); unknown targets
    ///     are ignored.
    ///   - flashLimits: How many one-time messages wait, and for how long.
    ///   - clock: The time messages are stamped and aged with (tests pass their own).
    public init(
        baseCounts: [String: Int], members: [String: Set<Viewer>] = [:], flashLimits: FlashLimits = FlashLimits(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        core = OptimisticStore(
            Membership(baseCounts: baseCounts, members: members), flashLimits: flashLimits, clock: clock)
    }

    public func contains(_ target: String) -> Bool {
        core.read { $0.contains(target) }
    }

    /// The committed state, or `nil` for an unknown target.
    public func committed(_ target: String, viewer: Viewer) -> ToggleState? {
        core.committed(target, viewer: viewer)
    }

    /// What the viewer sees: the optimistic state while a tap is in flight, the committed one otherwise.
    public func view(_ target: String, viewer: Viewer) -> View? {
        core.view(target, viewer: viewer).map { View(state: $0.shown, busy: $0.busy) }
    }

    /// What the viewer sees now and, unless a tap is in flight, the message left for them (which is
    /// forgotten): one critical section for a page render.
    public func viewTakingFlash(_ target: String, viewer: Viewer) -> (view: View, flash: Flash?)? {
        core.viewTakingFlash(target, viewer: viewer).map { (View(state: $0.shown, busy: $0.busy), $0.flash) }
    }

    /// What the viewer's component shows now, as `viewTakingFlash` finds it: the state, whether a tap is
    /// in flight, and the outcome of their last tap without script (its animation or its message), once.
    public func presentation(_ target: String, viewer: Viewer) -> Presentation? {
        guard let (view, flash) = viewTakingFlash(target, viewer: viewer) else { return nil }
        return Presentation(
            state: view.state, busy: view.busy, animated: flash == .committed && view.state.isOn,
            message: flash?.failureMessage)
    }

    /// Starts a tap: records the optimistic state and returns it with the prior one.
    ///
    /// - Returns: `nil` for an unknown target.
    public func begin(_ key: Key, on desired: Bool) -> (prior: ToggleState, optimistic: ToggleState)? {
        guard case .proceeds(let prior, let optimistic, _) = core.begin(key, desired) else { return nil }
        return (prior, optimistic)
    }

    /// Ends a tap: commits `on` when it succeeded, drops the optimistic state either way, and, in the same
    /// critical section, replaces whatever one-time message waits for `key` with `flash` (`nil`: none
    /// waits after it). Returns the committed state. A tap that began before a `reset()` commits nothing.
    public func finish(_ key: Key, on: Bool, succeeded: Bool, leaving flash: Flash? = nil) -> ToggleState {
        core.finish(key, on, succeeded: succeeded, leaving: flash) ?? ToggleState(isOn: false, count: 0)
    }

    /// Leaves `flash` for the viewer's next render of the target, replacing any earlier one (for tests; a
    /// tap leaves its message with `finish(_:on:succeeded:leaving:)`).
    func setFlash(_ flash: Flash, for key: Key) {
        core.leave(flash, for: key)
    }

    /// Returns and forgets the flash for `key` (for tests; a page takes it with `viewTakingFlash`).
    func takeFlash(for key: Key) -> Flash? {
        core.takeFlash(for: key)
    }

    /// Every target's base, count and members, read in one critical section (for tests).
    func snapshot() -> [String: (base: Int, count: Int, members: Set<Viewer>)] {
        core.read { membership in
            membership.targets.mapValues {
                (base: $0.base, count: $0.base + $0.members.count, members: Set($0.members.all))
            }
        }
    }

    /// Replaces the committed members of the targets `members` names (from a state file); unknown targets
    /// are ignored.
    public func restore(_ members: [String: Set<Viewer>]) {
        core.update { $0.restore(members) }
    }

    /// Restores the members the state database kept.
    public func restore(_ stored: StoredState) {
        restore(Membership.members(in: stored))
    }

    /// The targets that exist.
    public var targets: Set<String> {
        core.read { Set($0.targets.keys) }
    }

    /// Every target's members, for the state file: taken in one short critical section (the shards are
    /// shared, not copied), read after it.
    public func members() -> [String: MemberSet] {
        core.read { $0.targets.mapValues(\.members) }
    }

}

extension ToggleStore.Flash {
    /// The text of a failure, `nil` for a commit.
    public var failureMessage: String? {
        if case .failed(let text) = self { text } else { nil }
    }
}
