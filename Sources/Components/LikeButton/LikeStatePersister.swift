import Basics
import Dispatch
import HTTPCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the like store's committed state to its file after commits, coalescing bursts: while one write
/// runs, further commits only mark the state dirty, and one more write follows.
///
/// - Important: Writes happen on a Dispatch queue of their own, never on a server thread nor on the
///   cooperative pool (where `flush()`, which blocks, could otherwise wait for a write that cannot start).
///   Call `flush()` before exiting.
public final class LikeStatePersister: Sendable {
    private struct State {
        var dirty = false
        var writing = false
        var lastError: String?
    }

    let file: LikeStateFile
    let likes: LikeStore
    private let state = Mutex(State())
    private let writer = DispatchQueue(label: "LikeStatePersister")

    public init(file: LikeStateFile, likes: LikeStore) {
        self.file = file
        self.likes = likes
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
            let likers = likes.snapshot().mapValues(\.likers)
            do {
                try file.write(likers)
                state.withLock { $0.lastError = nil }
            } catch {
                StandardError.write("could not save like state: \(error.message)\n")
                state.withLock { $0.lastError = error.message }
            }
        }
    }

    private func usleepAWhile() {
        var request = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        nanosleep(&request, nil)
    }
}
