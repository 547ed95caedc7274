import Basics
import Dispatch
import HTTPCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the toggle stores' committed state to their file after commits, coalescing bursts: while one write
/// runs, further commits only mark the state dirty, and one more write follows.
///
/// - Important: Writes happen on a Dispatch queue of their own, never on a server thread nor on the
///   cooperative pool (where `flush()`, which blocks, could otherwise wait for a write that cannot start).
///   Call `flush()` before exiting.
public final class ToggleStatePersister: Sendable {
    private struct State {
        var dirty = false
        var writing = false
        var lastError: String?
    }

    let file: ToggleStateFile
    /// The stores by section name (`like`, `follow`).
    let stores: [String: ToggleStore]
    private let state = Mutex(State())
    private let writer = DispatchQueue(label: "ToggleStatePersister")

    /// Saves `stores` to `file` from now on: after every commit to any of them.
    public init(file: ToggleStateFile, stores: [String: ToggleStore]) {
        self.file = file
        self.stores = stores
        for store in stores.values {
            store.observeCommits { [weak self] in self?.commitHappened() }  // the persister holds the stores
        }
    }

    /// Notes that the committed state changed; starts a write unless one is running.
    public func commitHappened() {
        let start = state.withLock { state -> Bool in
            state.dirty = true
            if state.writing { return false }
            state.writing = true
            return true
        }
        if start {
            writer.async { self.writeWhileDirty() }
        }
    }

    /// Writes now if anything is unwritten; returns when the file is current.
    public func flush() {
        while true {
            let start = state.withLock { state -> Bool in
                if state.writing || !state.dirty { return false }
                state.writing = true
                return true
            }
            if start {
                writeWhileDirty()
            }
            if state.withLock({ !$0.writing && !$0.dirty }) { return }
            usleepAWhile()
        }
    }

    /// The last write error, if the last write failed.
    public var lastError: String? {
        state.withLock { $0.lastError }
    }

    private func writeWhileDirty() {
        while true {
            let proceed = state.withLock { state -> Bool in
                guard state.dirty else {
                    state.writing = false
                    return false
                }
                state.dirty = false
                return true
            }
            guard proceed else { return }
            let sections = stores.mapValues { $0.members() }
            do {
                try file.write(sections)
                state.withLock { $0.lastError = nil }
            } catch {
                StandardError.write("could not save the state: \(error.message)\n")
                state.withLock { $0.lastError = error.message }
            }
        }
    }

    private func usleepAWhile() {
        var request = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        nanosleep(&request, nil)
    }
}
