import Synchronization

/// The state behind every self-managed toggle of one kind (all like buttons, all follow buttons): the
/// committed membership, the taps in flight (an optimistic overlay), one-time messages, and the turn
/// queue that keeps one viewer's taps on one target in order.
///
/// An optimistic state lives beside the committed one and is dropped on failure, which restores exactly
/// the prior state without arithmetic; the committed count is always base + members (`Membership`).
///
/// ```swift
/// let likes = ToggleStore(baseCounts: ["p1": 10])
/// let key = ToggleStore.Key(viewer: "v1", target: "p1")
/// let (prior, optimistic) = likes.begin(key, on: true)!   // shown at once
/// let committed = likes.finish(key, on: true, succeeded: false, leaving: nil)   // == prior: rolled back
/// ```
///
/// - Important: Thread-safe. Every method is one critical section.
public final class ToggleStore: ComponentState {
    /// A viewer and a target: the unit taps are serialised on.
    public struct Key: Hashable, Sendable {
        public var viewer: Viewer
        public var target: String

        public init(viewer: Viewer, target: String) {
            self.viewer = viewer
            self.target = target
        }
    }

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

    private struct Storage {
        var membership: Membership
        var pending: [Key: ToggleState] = [:]
        var flashes: FlashMessages<Key>
        /// The committed changes not yet taken by the state database, recorded once something takes them
        /// (without `--state` nothing does, and nothing is kept).
        var journal = StateChanges()
        var journaling = false
    }

    private let storage: Mutex<Storage>
    /// Bumped, inside the critical section, by every change a viewer could see (see `version`).
    private let changes = Atomic<UInt64>(0)
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let commitObservers = Mutex<[@Sendable () -> Void]>([])
    /// Serialises taps per viewer and target.
    public let turns = TurnQueue<Key>()

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
        storage = Mutex(
            Storage(
                membership: Membership(baseCounts: baseCounts, members: members),
                flashes: FlashMessages(limits: flashLimits)))
        self.clock = clock
    }

    /// A number that grows with every change a viewer could see: a tap beginning or ending, a reset, a
    /// message left or shown. Whatever was rendered from this store after reading version `v` is current
    /// for as long as the version is still `v`, so it may be kept under a key that holds `v`.
    public var version: UInt64 {
        changes.load(ordering: .acquiring)
    }

    /// Notes a change; called inside the critical section that made it.
    private func changed() {
        changes.add(1, ordering: .releasing)
    }

    /// Calls `observer` after every commit that changed the committed state, and after `reset()`.
    public func observeCommits(_ observer: @escaping @Sendable () -> Void) {
        commitObservers.withLock { $0.append(observer) }
    }

    public func contains(_ target: String) -> Bool {
        storage.withLock { $0.membership.contains(target) }
    }

    /// The committed state, or `nil` for an unknown target.
    public func committed(_ target: String, viewer: Viewer) -> ToggleState? {
        storage.withLock { $0.membership.state(of: target, for: viewer) }
    }

    /// What the viewer sees: the optimistic state while a tap is in flight, the committed one otherwise.
    public func view(_ target: String, viewer: Viewer) -> View? {
        storage.withLock { storage in
            guard let committed = storage.membership.state(of: target, for: viewer) else { return nil }
            if let pending = storage.pending[Key(viewer: viewer, target: target)] {
                return View(state: pending, busy: true)
            }
            return View(state: committed, busy: false)
        }
    }

    /// What the viewer sees now and, unless a tap is in flight, the message left for them (which is
    /// forgotten): one critical section for a page render.
    public func viewTakingFlash(_ target: String, viewer: Viewer) -> (view: View, flash: Flash?)? {
        storage.withLock { storage in
            guard let committed = storage.membership.state(of: target, for: viewer) else { return nil }
            let key = Key(viewer: viewer, target: target)
            // Usually nothing is in flight or waiting: then no lookup (hashing the key) is needed.
            if !storage.pending.isEmpty, let pending = storage.pending[key] {
                return (View(state: pending, busy: true), nil)
            }
            let flash = storage.flashes.isEmpty ? nil : storage.flashes.take(for: key, now: clock())
            if flash != nil {
                changed()
            }
            return (View(state: committed, busy: false), flash)
        }
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
        storage.withLock { storage in
            guard let prior = storage.membership.state(of: key.target, for: key.viewer) else { return nil }
            let optimistic = prior.toggled(to: desired)
            storage.pending[key] = optimistic
            changed()
            return (prior, optimistic)
        }
    }

    /// Ends a tap: commits `on` when it succeeded, drops the optimistic state either way, and returns the
    /// committed state. A tap that began before a `reset()` commits nothing. (For tests: a tap leaves a
    /// message too, `finish(_:on:succeeded:leaving:)`.)
    func finish(_ key: Key, on: Bool, succeeded: Bool) -> ToggleState {
        end(key, on: on, succeeded: succeeded, flash: nil)
    }

    /// Ends a tap as `finish(_:on:succeeded:)` does and, in the same critical section, replaces whatever
    /// one-time message waits for `key` with `flash` (`nil`: none waits after it).
    public func finish(_ key: Key, on: Bool, succeeded: Bool, leaving flash: Flash?) -> ToggleState {
        end(key, on: on, succeeded: succeeded, flash: (flash, clock()))
    }

    private func end(
        _ key: Key, on: Bool, succeeded: Bool, flash: (Flash?, now: ContinuousClock.Instant)?
    ) -> ToggleState {
        let (state, changed) = storage.withLock { storage -> (ToggleState, Bool) in
            let wasPending = storage.pending.removeValue(forKey: key) != nil
            let changed =
                succeeded && wasPending && storage.membership.commit(on, target: key.target, viewer: key.viewer)
            if changed && storage.journaling {
                storage.journal.record(on, target: key.target, viewer: key.viewer)
            }
            let state = storage.membership.state(of: key.target, for: key.viewer) ?? ToggleState(isOn: false, count: 0)
            if let (flash, now) = flash {
                storage.flashes.replace(with: flash, for: key, now: now)
            }
            self.changed()
            return (state, changed)
        }
        if changed {
            notifyCommitObservers()
        }
        return state
    }

    /// Back to the start: every target at its base count, no tap in flight (one that is still running
    /// commits nothing when it ends), no message waiting. Tells the commit observers, so that a state
    /// file is rewritten to match.
    public func reset() {
        storage.withLock { storage in
            storage.membership.removeAllMembers()
            storage.journal = StateChanges(reset: storage.journaling)
            storage.pending = [:]
            storage.flashes.removeAll()
            changed()
        }
        notifyCommitObservers()
    }

    /// Leaves `flash` for the viewer's next render of the target, replacing any earlier one (for tests; a
    /// tap leaves its message with `finish(_:on:succeeded:leaving:)`).
    func setFlash(_ flash: Flash, for key: Key) {
        let now = clock()
        storage.withLock { storage in
            storage.flashes.set(flash, for: key, now: now)
            changed()
        }
    }

    /// Returns and forgets the flash for `key` (for tests; a page takes it with `viewTakingFlash`).
    func takeFlash(for key: Key) -> Flash? {
        let now = clock()
        return storage.withLock { storage in
            let flash = storage.flashes.take(for: key, now: now)
            if flash != nil {
                changed()
            }
            return flash
        }
    }

    /// How many one-time messages wait, and how many taps are in flight: both bounded (by
    /// `FlashLimits` and by the server's limit on waiting requests).
    public var waiting: (flashes: Int, pending: Int) {
        storage.withLock { ($0.flashes.count, $0.pending.count) }
    }

    /// Every target's base, count and members, read in one critical section (for tests).
    func snapshot() -> [String: (base: Int, count: Int, members: Set<Viewer>)] {
        storage.withLock { storage in
            storage.membership.targets.mapValues {
                (base: $0.base, count: $0.base + $0.members.count, members: Set($0.members.all))
            }
        }
    }

    /// Replaces the committed members of the targets `members` names (from a state file); unknown targets
    /// are ignored.
    public func restore(_ members: [String: Set<Viewer>]) {
        storage.withLock { storage in
            storage.membership.restore(members)
            changed()
        }
    }

    /// The targets that exist.
    public var targets: Set<String> {
        storage.withLock { Set($0.membership.targets.keys) }
    }

    /// Every target's members, for the state file: taken in one short critical section (the shards are
    /// shared, not copied), read after it.
    public func members() -> [String: MemberSet] {
        storage.withLock { $0.membership.targets.mapValues(\.members) }
    }

    /// The committed changes since the last call (for the state database), forgotten here. The first call
    /// starts the recording: a store nobody takes changes from keeps none.
    public func takeChanges() -> StateChanges {
        storage.withLock { storage in
            storage.journaling = true
            defer { storage.journal = StateChanges() }
            return storage.journal
        }
    }

    /// Changes taken but not written, back before whatever changed since.
    public func putBack(_ changes: StateChanges) {
        storage.withLock { $0.journal = changes.followed(by: $0.journal) }
    }

    private func notifyCommitObservers() {
        for observer in commitObservers.withLock({ $0 }) {
            observer()
        }
    }
}

extension ToggleStore.Flash {
    /// The text of a failure, `nil` for a commit.
    public var failureMessage: String? {
        if case .failed(let text) = self { text } else { nil }
    }
}
