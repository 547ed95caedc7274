import Basics
import Dispatch
import HTTPCore
import Synchronization

/// Writes every stateful component's committed state to the state file after commits, coalescing bursts: a commit
/// schedules a write (at most one every `interval`), and every commit until it runs rides along.
///
/// The stores' locks are held only to take their members (`ToggleStore.members()`: shared shards, no
/// copy); sorting, encoding and writing happen outside them, so taps do not wait for the file.
///
/// - Important: Writes happen on a Dispatch queue of their own, never on a server thread nor on the
///   cooperative pool (where `flush()`, which blocks, could otherwise wait for a write that cannot start).
///   Call `flush()` before exiting.
public final class ToggleStatePersister: Sendable {
    private struct State {
        var dirty = false
        /// A write is scheduled on the queue and has not finished.
        var scheduled = false
        var lastWrite: ContinuousClock.Instant?
        var lastError: String?
    }

    let file: ToggleStateFile
    /// The states by section name (their components' catalogue names: `like`, `follow`).
    let states: [String: any ComponentState]
    /// The least time from one scheduled write to the next.
    public let interval: Duration
    private let state = Mutex(State())
    /// Held while a write runs: a write and a `flush()` never overlap.
    private let writing = Mutex(())
    private let writer = DispatchQueue(label: "ToggleStatePersister")

    /// Saves `states` to `file` from now on: after every commit to any of them.
    ///
    /// - Parameter interval: The least time between two writes after commits (a crash loses at most the
    ///   commits of that long; `flush()` writes at once).
    public init(file: ToggleStateFile, states: [String: any ComponentState], interval: Duration = .seconds(1)) {
        self.file = file
        self.states = states
        self.interval = interval
        for state in states.values {
            state.observeCommits { [weak self] in self?.commitHappened() }  // the persister holds the states
        }
    }

    /// Notes that the committed state changed; schedules a write unless one is scheduled.
    public func commitHappened() {
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

    /// Writes now if anything is unwritten (after a write that is running); returns when the file is
    /// current.
    public func flush() {
        writeIfDirty()
    }

    /// The last write error, if the last write failed.
    public var lastError: String? {
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

    private func writeIfDirty() {
        writing.withLock { _ in
            let proceed = state.withLock { state -> Bool in
                defer { state.dirty = false }
                return state.dirty
            }
            guard proceed else { return }
            let sections = states.mapValues { $0.members() }
            do throws(ToggleStateFile.Failure) {
                try file.write(sections)
                state.withLock { $0.lastError = nil }
            } catch {
                StandardError.write("could not save the state: \(error.message)\n")
                state.withLock { $0.lastError = error.message }
            }
        }
    }
}
