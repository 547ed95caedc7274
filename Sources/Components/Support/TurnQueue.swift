import Synchronization

/// Lets work for the same key run one at a time, in the order the turns were taken; work for different
/// keys runs concurrently.
///
/// ```swift
/// let turn = queue.take(key)        // synchronously, where arrival order is known
/// return .deferred {
///     await turn.wait()
///     defer { turn.finish() }
///     …
/// }
/// ```
///
/// A turn that is dropped without `finish()` (say, its work was never run) finishes when released, so
/// a line never stalls.
public final class TurnQueue<Key: Hashable & Sendable>: Sendable {
    private struct Line {
        var nextTicket = 0
        var serving = 0
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Turns that finished before their time (dropped unused); skipped when reached.
        var finishedEarly: Set<Int> = []
    }

    private let lines = Mutex<[Key: Line]>([:])

    public init() {}

    /// Takes the next turn for `key`.
    public func take(_ key: Key) -> Turn {
        let ticket = lines.withLock { lines in
            var line = lines[key] ?? Line()
            let ticket = line.nextTicket
            line.nextTicket += 1
            lines[key] = line
            return ticket
        }
        return Turn(queue: self, key: key, ticket: ticket)
    }

    /// The number of keys with turns taken and not yet finished.
    public var busyKeys: Int {
        lines.withLock { $0.count }
    }

    fileprivate func wait(_ key: Key, _ ticket: Int) async {
        // The usual case, no earlier turn in the line, returns without suspending (a continuation costs
        // an allocation and a task switch).
        if lines.withLock({ $0[key]?.serving == ticket }) {
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lines.withLock { lines in
                if lines[key]?.serving == ticket {
                    return true
                }
                lines[key]?.waiting[ticket] = continuation
                return false
            }
            if ready {
                continuation.resume()
            }
        }
    }

    fileprivate func finish(_ key: Key, _ ticket: Int) {
        let next: CheckedContinuation<Void, Never>? = lines.withLock { lines in
            guard var line = lines[key] else { return nil }
            guard ticket == line.serving else {
                // Dropped before its time: skip it when the line gets there.
                line.finishedEarly.insert(ticket)
                line.waiting[ticket] = nil
                lines[key] = line
                return nil
            }
            line.serving += 1
            while line.finishedEarly.remove(line.serving) != nil {
                line.serving += 1
            }
            if line.serving >= line.nextTicket {
                lines[key] = nil
                return nil
            }
            let continuation = line.waiting.removeValue(forKey: line.serving)
            lines[key] = line
            return continuation
        }
        next?.resume()
    }

    /// One place in a line.
    public final class Turn: Sendable {
        private let queue: TurnQueue
        private let key: Key
        private let ticket: Int
        private let finished = Atomic<Bool>(false)

        fileprivate init(queue: TurnQueue, key: Key, ticket: Int) {
            self.queue = queue
            self.key = key
            self.ticket = ticket
        }

        /// Returns when every earlier turn for the same key has finished.
        public func wait() async {
            await queue.wait(key, ticket)
        }

        /// Lets the next turn go. Calling it again does nothing.
        public func finish() {
            if !finished.exchange(true, ordering: .acquiringAndReleasing) {
                queue.finish(key, ticket)
            }
        }

        deinit {
            finish()
        }
    }
}
