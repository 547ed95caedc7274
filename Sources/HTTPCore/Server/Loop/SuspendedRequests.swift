import Synchronization

/// The deferred requests whose connections are suspended until their work answers, so that a stopping
/// server whose grace period has run out answers them itself instead of waiting for work that may never
/// end (a service that hangs, a test's gate left closed).
///
/// ```swift
/// suspended.add(state, handle)                  // as the connection is suspended (under its hand-over lock)
/// suspended.remove(state)                       // when the work's own answer resumes it
/// suspended.answerAll(with: .plainError(busy))  // shutdown, once the grace period is over
/// ```
final class SuspendedRequests: Sendable {
    private struct Entry: Sendable {
        let state: RequestState
        let handle: ConnectionHandle
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    /// Requests answered by `answerAll` whose work has not ended yet.
    private let abandoned = Atomic<Int>(0)

    /// Notes a request whose connection is being suspended.
    func add(_ state: RequestState, _ handle: ConnectionHandle) {
        entries.withLock { $0[ObjectIdentifier(state)] = Entry(state: state, handle: handle) }
    }

    /// Forgets a request whose work answered it.
    func remove(_ state: RequestState) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(state)) }
    }

    /// Notes that the work of a request answered by `answerAll` has ended (its answer was dropped).
    func abandonedWorkEnded() {
        abandoned.subtract(1, ordering: .releasing)
    }

    /// Deferred work still running for requests that `answerAll` answered.
    var abandonedCount: Int {
        abandoned.load(ordering: .acquiring)
    }

    /// Answers every request still waiting for its work with `response` and resumes its connection; the
    /// work's own answer, if it ever comes, is dropped. Returns how many were answered.
    @discardableResult
    func answerAll(with response: HTTPResponse) -> Int {
        let waiting = entries.withLock { entries in
            defer { entries.removeAll() }
            return Array(entries.values)
        }
        var answered = 0
        for entry in waiting {
            let instead = entry.state.handoff.withLock { handoff in
                guard handoff.answerInstead(response) else { return false }
                abandoned.add(1, ordering: .releasing)
                return true
            }
            if instead {
                entry.handle.resume()
                answered += 1
            }
        }
        return answered
    }
}
