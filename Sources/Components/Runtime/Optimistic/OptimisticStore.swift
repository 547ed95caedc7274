import Synchronization

/// The state behind every self-managed component of one kind (all like buttons, all comment boxes),
/// written once for all of them: the committed state (the `Model`), the changes in flight (an optimistic
/// overlay), the one-time messages, the journal for the state database, and the turn queue that keeps one
/// viewer's changes to one target in order.
///
/// An optimistic state lives beside the committed one and is dropped on failure, which restores exactly
/// the prior state without arithmetic.
///
/// ```swift
/// let store = OptimisticStore(Membership(baseCounts: ["p1": 10], members: [:]))
/// let key = OptimisticKey(viewer: "v1", target: "p1")
/// guard case .proceeds(let prior, let optimistic, _) = store.begin(key, true) else { … }  // shown at once
/// let committed = store.finish(key, true, succeeded: false, leaving: nil)   // == prior: rolled back
/// ```
///
/// - Important: Thread-safe. Every method is one critical section.
package final class OptimisticStore<Model: SelfManagedModel>: Sendable {
    private struct Storage {
        var model: Model
        var pending: [OptimisticKey: Model.Shown] = [:]
        var flashes: FlashMessages<OptimisticKey, Model.Flash>
        /// The committed changes not yet taken by the state database, recorded once something takes them
        /// (without `--state` nothing does, and nothing is kept).
        var journal = StateChanges()
        var journaling = false
        /// Each known target's version, made when a render first reads it (see `StateReads`).
        var cells: [String: VersionCell] = [:]
    }

    private let storage: Mutex<Storage>
    /// Bumped, inside the critical section, by every change a viewer could see (see `version`); what a
    /// render that reads the whole store depends on.
    private let whole = VersionCell.make()
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let commitObservers = Mutex<[@Sendable () -> Void]>([])
    /// Serialises changes per viewer and target.
    package let turns = TurnQueue<OptimisticKey>()

    /// - Parameters:
    ///   - model: The committed state to start from.
    ///   - flashLimits: How many one-time messages wait, and for how long.
    ///   - clock: The time messages are stamped and aged with (tests pass their own).
    package init(
        _ model: Model, flashLimits: FlashLimits = FlashLimits(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        storage = Mutex(Storage(model: model, flashes: FlashMessages(limits: flashLimits)))
        self.clock = clock
    }

    /// A number that grows with every change a viewer could see: a change beginning or ending, a reset, a
    /// message left or shown. Whatever was rendered from this store after reading version `v` is current
    /// for as long as the version is still `v`, so it may be kept under a key that holds `v`.
    package var version: UInt64 {
        whole.current
    }

    /// Notes a change to `target`; called inside the critical section that made it.
    private func changed(_ target: String, in storage: borrowing Storage) {
        if !storage.cells.isEmpty {
            storage.cells[target]?.bump()
        }
        whole.bump()
    }

    /// Notes a change to any target (a reset, a restore); called inside the critical section that made it.
    private func changedAll(in storage: borrowing Storage) {
        for cell in storage.cells.values {
            cell.bump()
        }
        whole.bump()
    }

    /// Notes, for a render that records its reads, that it reads `target` as it is now; called inside the
    /// critical section of the read, before anything the read changes. A target the model does not know
    /// is noted as the whole store (it has no version of its own; only a reset or a restore changes it).
    private func noteRead(_ target: String, known: Bool, in storage: inout Storage) {
        guard let recorder = StateReads.recorder else { return }
        guard known else {
            recorder.note(whole, at: whole.current)
            return
        }
        let cell: VersionCell
        if let known = storage.cells[target] {
            cell = known
        } else {
            cell = VersionCell.make()
            storage.cells[target] = cell
        }
        recorder.note(cell, at: cell.current)
    }

    /// Calls `observer` after every commit that changed the committed state, and after `reset()`.
    package func observeCommits(_ observer: @escaping @Sendable () -> Void) {
        commitObservers.withLock { $0.append(observer) }
    }

    /// Reads the committed state, in one critical section.
    package func read<Result>(_ body: (borrowing Model) -> Result) -> Result {
        storage.withLock { storage in
            StateReads.note(whole, at: whole.current)
            return body(storage.model)
        }
    }

    /// Changes the committed state outside any viewer's change (restoring it from the state database), in
    /// one critical section; a change a viewer could see, not one to write.
    package func update<Result>(_ body: (inout Model) -> Result) -> Result {
        storage.withLock { storage in
            defer { changedAll(in: storage) }
            return body(&storage.model)
        }
    }

    /// The committed state `viewer` is shown of `target`, or `nil` for an unknown target.
    package func committed(_ target: String, viewer: Viewer) -> Model.Shown? {
        storage.withLock { storage in
            let shown = storage.model.shown(target, to: viewer)
            noteRead(target, known: shown != nil, in: &storage)
            return shown
        }
    }

    /// What the viewer sees: the optimistic state while a change is in flight (`busy`), the committed one
    /// otherwise; `nil` for an unknown target.
    package func view(_ target: String, viewer: Viewer) -> (shown: Model.Shown, busy: Bool)? {
        storage.withLock { storage in
            let shown = storage.model.shown(target, to: viewer)
            noteRead(target, known: shown != nil, in: &storage)
            guard let committed = shown else { return nil }
            if !storage.pending.isEmpty, let pending = storage.pending[OptimisticKey(viewer: viewer, target: target)] {
                return (pending, true)
            }
            return (committed, false)
        }
    }

    /// What the viewer sees now and, unless a change is in flight, the message left for them (which is
    /// forgotten): one critical section for a render.
    package func viewTakingFlash(
        _ target: String, viewer: Viewer
    ) -> (shown: Model.Shown, busy: Bool, flash: Model.Flash?)? {
        storage.withLock { storage in
            let shown = storage.model.shown(target, to: viewer)
            noteRead(target, known: shown != nil, in: &storage)
            guard let committed = shown else { return nil }
            let key = OptimisticKey(viewer: viewer, target: target)
            // Usually nothing is in flight or waiting: then no lookup (hashing the key) is needed.
            if !storage.pending.isEmpty, let pending = storage.pending[key] {
                return (pending, true, nil)
            }
            let flash = storage.flashes.isEmpty ? nil : storage.flashes.take(for: key, now: clock())
            if flash != nil {
                changed(target, in: storage)
            }
            return (committed, false, flash)
        }
    }

    /// Starts a change, as the model admits it: when it proceeds, its optimistic state is shown from now
    /// until `finish`.
    package func begin(_ key: OptimisticKey, _ change: Model.Change) -> OptimisticAdmission<Model.Shown> {
        storage.withLock { storage in
            let admission = storage.model.admit(change, to: key.target, by: key.viewer)
            if case .proceeds(_, let optimistic, _) = admission {
                storage.pending[key] = optimistic
                changed(key.target, in: storage)
            }
            return admission
        }
    }

    /// Ends a change: commits it when it succeeded, drops the optimistic state either way, and, in the
    /// same critical section, replaces whatever one-time message waits for `key` with `flash` (`nil`: none
    /// waits after it). Returns the committed state. A change that began before a `reset()` commits
    /// nothing.
    package func finish(
        _ key: OptimisticKey, _ change: Model.Change, succeeded: Bool, leaving flash: Model.Flash?
    ) -> Model.Shown? {
        finish(key, change, succeeded: succeeded, leaving: flash, orIfRefused: flash).shown
    }

    /// The same, for a change the model may no longer admit when it would commit it (a comment thread
    /// that filled up while the send was in flight): such a change is refused, which rolls it back as a
    /// failure does, and leaves `refusal` instead of `flash`. Returns the committed state, and whether the
    /// change was refused.
    package func finish(
        _ key: OptimisticKey, _ change: Model.Change, succeeded: Bool, leaving flash: Model.Flash?,
        orIfRefused refusal: Model.Flash?
    ) -> (shown: Model.Shown?, refused: Bool) {
        let now = clock()
        let (shown, committed, refused) = storage.withLock { storage -> (Model.Shown?, Bool, Bool) in
            let wasPending = storage.pending.removeValue(forKey: key) != nil
            var refused = false
            if succeeded && wasPending, case .refused = storage.model.admit(change, to: key.target, by: key.viewer) {
                refused = true
            }
            let committed =
                succeeded && wasPending && !refused && storage.model.commit(change, to: key.target, by: key.viewer)
            if committed && storage.journaling {
                storage.model.record(change, to: key.target, by: key.viewer, in: &storage.journal)
            }
            storage.flashes.replace(with: refused ? refusal : flash, for: key, now: now)
            changed(key.target, in: storage)
            return (storage.model.shown(key.target, to: key.viewer), committed, refused)
        }
        if committed {
            notifyCommitObservers()
        }
        return (shown, refused)
    }

    /// Leaves `flash` for the viewer's next render of the target, replacing any earlier one.
    package func leave(_ flash: Model.Flash, for key: OptimisticKey) {
        let now = clock()
        storage.withLock { storage in
            storage.flashes.set(flash, for: key, now: now)
            changed(key.target, in: storage)
        }
    }

    /// Returns and forgets the message for `key`.
    package func takeFlash(for key: OptimisticKey) -> Model.Flash? {
        let now = clock()
        return storage.withLock { storage in
            let flash = storage.flashes.take(for: key, now: now)
            if flash != nil {
                changed(key.target, in: storage)
            }
            return flash
        }
    }

    /// Back to the start: the base data, nothing in flight (a change still running commits nothing when
    /// it ends), no message waiting. Tells the commit observers, so that the state database is rewritten
    /// to match.
    package func reset() {
        storage.withLock { storage in
            storage.model.removeAll()
            storage.journal = StateChanges(reset: storage.journaling)
            storage.pending = [:]
            storage.flashes.removeAll()
            changedAll(in: storage)
        }
        notifyCommitObservers()
    }

    /// How many one-time messages wait, and how many changes are in flight: both bounded (by
    /// `FlashLimits` and by the server's limit on waiting requests).
    package var waiting: (flashes: Int, pending: Int) {
        storage.withLock { storage in
            StateReads.note(whole, at: whole.current)
            return (storage.flashes.count, storage.pending.count)
        }
    }

    /// The committed changes since the last call (for the state database), forgotten here. The first call
    /// starts the recording: a store nobody takes changes from keeps none.
    package func takeChanges() -> StateChanges {
        storage.withLock { storage in
            storage.journaling = true
            defer { storage.journal = StateChanges() }
            return storage.journal
        }
    }

    /// Changes taken but not written, back before whatever changed since.
    package func putBack(_ changes: StateChanges) {
        storage.withLock { $0.journal = changes.followed(by: $0.journal) }
    }

    private func notifyCommitObservers() {
        for observer in commitObservers.withLock({ $0 }) {
            observer()
        }
    }
}
