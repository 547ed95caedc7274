import Basics
import Components
import Dispatch
import SQLite
import Synchronization

/// Writes every stateful component's committed changes to the state database after commits, coalescing
/// bursts: a commit schedules a write (at most one every `interval`), and every commit until it runs rides
/// along, in one transaction. A crash loses at most the commits of one `interval`.
///
/// Each store's lock is held only to take its changes (`ComponentState.takeChanges()`); the database is
/// written outside them, so taps do not wait for the disk. A write that fails (a full or read-only disk)
/// is logged and its changes are put back in front of what changed since, so nothing in memory is lost and
/// the next write, one `interval` later, catches up.
///
/// - Important: Writes happen on a Dispatch queue of their own, never on a server thread nor on the
///   cooperative pool (where `flush()`, which blocks, could otherwise wait for a write that cannot start).
///   Call `flush()` before exiting.
package final class StatePersister: Sendable {
    private struct State {
        var dirty = false
        /// A write is scheduled on the queue and has not finished.
        var scheduled = false
        var lastWrite: ContinuousClock.Instant?
        var lastError: String?
        /// Writes that failed since the last that succeeded.
        var failures = 0
        /// Writes that took changes and went to the database (for tests: a write is under way).
        var started = 0
        /// `close()` was called: the database is closed and nothing more is written.
        var closed = false
    }

    package let database: StateDatabase
    /// The states by their components' catalogue names (`like`, `follow`).
    let states: [String: any ComponentState]
    /// The least time from one scheduled write to the next.
    package let interval: Duration
    private let state = Mutex(State())
    /// Held while a write runs: a write and a `flush()` never overlap.
    private let writing = Mutex(())
    private let writer = DispatchQueue(label: "StatePersister")

    /// Saves `states` to `database` from now on: their changes after every commit to any of them.
    ///
    /// - Parameter interval: The least time between two writes after commits (a crash loses at most the
    ///   commits of that long; `flush()` writes at once).
    package init(database: StateDatabase, states: [String: any ComponentState], interval: Duration = .seconds(1)) {
        self.database = database
        self.states = states
        self.interval = interval
        for state in states.values {
            _ = state.takeChanges()  // starts the recording; what was restored is in the database already
            state.observeCommits { [weak self] in self?.commitHappened() }  // the persister holds the states
        }
    }

    /// Notes that the committed state changed; schedules a write unless one is scheduled.
    package func commitHappened() {
        let now = ContinuousClock.now
        let delay = state.withLock { state -> Duration? in
            state.dirty = true
            if state.scheduled { return nil }
            state.scheduled = true
            guard let last = state.lastWrite else { return .zero }
            return max(.zero, interval - (now - last))
        }
        if let delay {
            schedule(after: delay)
        }
    }

    /// Writes now if anything is unwritten (after a write that is running); returns when the database is
    /// current, or the write failed (see `lastError`).
    package func flush() {
        writeIfDirty()
    }

    /// How many writes have taken changes and gone to the database: for tests, which thereby know that a
    /// write is under way.
    package var writesStarted: Int {
        state.withLock { $0.started }
    }

    /// The last write error, if the last write failed.
    package var lastError: String? {
        state.withLock { $0.lastError }
    }

    private func schedule(after delay: Duration) {
        writer.asyncAfter(deadline: .now() + .nanoseconds(Int(delay.wholeNanoseconds))) {
            self.writeIfDirty()
            let again = self.state.withLock { state -> Bool in
                state.lastWrite = .now
                state.scheduled = state.dirty
                return state.dirty
            }
            if again {
                self.schedule(after: self.interval)
            }
        }
    }

    /// Writes what is left and closes the database (SQLite folds its write-ahead log into the file and
    /// removes it); nothing is written after. Calling it again does nothing.
    package func close() {
        writeIfDirty()
        writing.withLock { _ in
            let first = state.withLock { state in
                defer { state.closed = true }
                return !state.closed
            }
            if first {
                database.close()
            }
        }
    }

    private func writeIfDirty() {
        writing.withLock { _ in
            let proceed = state.withLock { state -> Bool in
                defer { state.dirty = false }
                return state.dirty && !state.closed
            }
            guard proceed else { return }
            let changes = states.mapValues { $0.takeChanges() }
            guard changes.values.contains(where: { !$0.isEmpty }) else { return }
            state.withLock { $0.started += 1 }
            do throws(SQLiteError) {
                try database.write(changes)
                state.withLock { state in
                    if state.failures > 0 {
                        StandardError.write("saved the state again after \(state.failures) failed write(s)\n")
                    }
                    state.lastError = nil
                    state.failures = 0
                }
            } catch {
                for (name, change) in changes where !change.isEmpty {
                    states[name]?.putBack(change)
                }
                let first = state.withLock { state -> Bool in
                    state.lastError = error.message
                    state.failures += 1
                    state.dirty = true  // try again at the next write
                    return state.failures == 1
                }
                if first {
                    StandardError.write("could not save the state (trying again): \(error.message)\n")
                }
            }
        }
    }
}
