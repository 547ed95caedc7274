import Synchronization

/// The taps handled, newest last, bounded: the oldest events are dropped beyond `capacity`.
///
/// - Important: Thread-safe; components record from any task, pages read from any thread.
public final class TapEventLog: Sendable {
    package let capacity: Int
    private let state: Mutex<State>

    private struct State {
        /// A ring: once full, each new event overwrites the oldest, at `start` (a tap costs the same
        /// however long the log is; removing the first of an array would move all the others).
        var events: [TapEvent] = []
        var start = 0
        var nextSequence = 1
        /// In the order they were added; a list, not a dictionary, so that a tap takes it with one
        /// retain instead of making an array of a dictionary's values.
        var listeners: [(token: Int, call: @Sendable (TapEvent) -> Void)] = []
        var nextListener = 0
    }

    package init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
        self.state = Mutex(State())
    }

    /// Appends an event, numbering it, and tells the listeners.
    @discardableResult
    package func record(_ event: TapEvent) -> TapEvent {
        var event = event
        let listeners = state.withLock { state in
            event.sequence = state.nextSequence
            state.nextSequence += 1
            if state.events.count < capacity {
                state.events.append(event)
            } else {
                state.events[state.start] = event
                state.start = (state.start + 1) % capacity
            }
            return state.listeners
        }
        for listener in listeners {
            listener.call(event)
        }
        return event
    }

    /// Up to `limit` events, newest first.
    public func recent(limit: Int = .max) -> [TapEvent] {
        state.withLock { state in
            let count = min(max(0, limit), state.events.count)
            var newest: [TapEvent] = []
            newest.reserveCapacity(count)
            var index = state.start + state.events.count - 1  // the newest, before wrapping
            for _ in 0..<count {
                newest.append(state.events[index % state.events.count])
                index -= 1
            }
            return newest
        }
    }

    /// Forgets every event (their numbering goes on, so that a stream's client sees no number twice).
    package func removeAll() {
        state.withLock { state in
            state.events = []
            state.start = 0
        }
    }

    /// The number of events kept.
    public var count: Int {
        state.withLock { $0.events.count }
    }

    /// Calls `listener` for each event recorded from now on, until `removeListener` with the returned token.
    ///
    /// - Important: The listener runs on the recording task; keep it quick and non-blocking.
    package func addListener(_ listener: @escaping @Sendable (TapEvent) -> Void) -> Int {
        state.withLock { state in
            let token = state.nextListener
            state.nextListener += 1
            state.listeners.append((token, listener))
            return token
        }
    }

    package func removeListener(_ token: Int) {
        state.withLock { $0.listeners.removeAll { $0.token == token } }
    }
}
