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
package final class TurnQueue<Key: Hashable & Sendable>: Sendable {
    private struct Line {
        var nextTicket = 0
        var serving = 0
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Turns that finished before their time (dropped unused); skipped when reached.
        var finishedEarly: Set<Int> = []

        mutating func take() -> (ticket: Int, served: Bool) {
            defer { nextTicket += 1 }
            return (nextTicket, nextTicket == serving)
        }

        /// Ends `ticket`'s turn: the continuation of the turn served next, if it waits, and whether the
        /// line is now empty.
        mutating func finish(_ ticket: Int) -> (next: CheckedContinuation<Void, Never>?, empty: Bool) {
            guard ticket == serving else {
                // Dropped before its time: skip it when the line gets there.
                finishedEarly.insert(ticket)
                waiting[ticket] = nil
                return (nil, false)
            }
            serving += 1
            while !finishedEarly.isEmpty, finishedEarly.remove(serving) != nil {
                serving += 1
            }
            if serving >= nextTicket {
                return (nil, true)
            }
            return (waiting.isEmpty ? nil : waiting.removeValue(forKey: serving), false)
        }
    }

    private let lines = Mutex<[Key: Line]>([:])

    package init() {}

    /// Takes the next turn for `key`.
    package func take(_ key: Key) -> Turn {
        turn(ticket(key))
    }

    /// A place in a line as a value, for work that usually ends where it takes it (a tap whose service
    /// answers at once): it must be let go exactly once, by `finish(_:)` or by the `turn(_:)` made of it.
    /// Taking a `Turn` at once costs an object per tap; a ticket costs nothing until it must wait.
    package struct Ticket: Sendable {
        fileprivate let key: Key
        fileprivate let number: Int
        /// Whether it is this ticket's time already: no earlier turn in its line when it was taken.
        package let isServed: Bool
    }

    /// Takes the next place in `key`'s line.
    package func ticket(_ key: Key) -> Ticket {
        // One lookup, the line changed in place. A turn that is served as it is taken (the usual case: no
        // earlier turn in its line) knows so now, as `serving` cannot pass a ticket that is not finished.
        let (number, served) = lines.withLock { $0[key, default: Line()].take() }
        return Ticket(key: key, number: number, isServed: served)
    }

    /// Lets the next turn after `ticket` go (for a ticket not made into a `Turn`).
    package func finish(_ ticket: Ticket) {
        finish(ticket.key, ticket.number)
    }

    /// The turn that holds `ticket` from now on: it waits for it, and lets it go when finished or dropped.
    package func turn(_ ticket: Ticket) -> Turn {
        Turn(queue: self, key: ticket.key, ticket: ticket.number, served: ticket.isServed)
    }

    /// The number of keys with turns taken and not yet finished.
    package var busyKeys: Int {
        lines.withLock { $0.count }
    }

    /// The number of turns of `key` suspended in `wait()` until an earlier one finishes: for tests, which
    /// thereby know that a turn waits (rather than has not started yet).
    package func suspendedTurns(_ key: Key) -> Int {
        lines.withLock { $0[key]?.waiting.count ?? 0 }
    }

    fileprivate func wait(_ key: Key, _ ticket: Int) async {
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
        // One lookup: the line is changed in place through its index, and removed by it when empty.
        let next: CheckedContinuation<Void, Never>? = lines.withLock { lines in
            guard let index = lines.index(forKey: key) else { return nil }
            let (next, empty) = lines.values[index].finish(ticket)
            if empty {
                lines.remove(at: index)
            }
            return next
        }
        next?.resume()
    }

    /// One place in a line.
    package final class Turn: Sendable {
        private let queue: TurnQueue
        private let key: Key
        private let ticket: Int
        /// Served when taken: no earlier turn in the line.
        private let served: Bool
        private let finished = Atomic<Bool>(false)

        fileprivate init(queue: TurnQueue, key: Key, ticket: Int, served: Bool) {
            self.queue = queue
            self.key = key
            self.ticket = ticket
            self.served = served
        }

        /// Whether it is this turn's time already: no earlier turn in its line when it was taken.
        var isServed: Bool { served }

        /// Returns when every earlier turn for the same key has finished: at once, without a lookup or
        /// a suspension, for a turn that was first in its line when taken (the usual case).
        package func wait() async {
            if !served {
                await queue.wait(key, ticket)
            }
        }

        /// Lets the next turn go. Calling it again does nothing.
        package func finish() {
            if !finished.exchange(true, ordering: .acquiringAndReleasing) {
                queue.finish(key, ticket)
            }
        }

        deinit {
            finish()
        }
    }
}
