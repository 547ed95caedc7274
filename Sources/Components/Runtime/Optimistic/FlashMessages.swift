/// One-time messages for the next page a viewer sees: the outcome of a tap or send made without script,
/// which the redirected-to page shows once (a toggle's failure, a comment's kept text and its error).
///
/// Only a viewer who comes back can take their message, and many never do (a client without cookies is
/// a new viewer on every request), so the messages are bounded: at most `limits.capacity` (the oldest
/// go first) and none older than `limits.maxAge`.
struct FlashMessages<Key: Hashable, Flash> {
    private struct Entry {
        var flash: Flash
        var stamp: Int
        var time: ContinuousClock.Instant
    }

    private var messages: [Key: Entry] = [:]
    /// Every message set, oldest first from `head`; entries whose stamp no longer matches (replaced or
    /// taken) are skipped, and dropped when the queue is compacted.
    private var order: [(key: Key, stamp: Int)] = []
    private var head = 0
    private var nextStamp = 0
    let limits: FlashLimits

    init(limits: FlashLimits) {
        self.limits = limits
    }

    var isEmpty: Bool { messages.isEmpty }
    var count: Int { messages.count }

    /// Leaves `flash` for `key`, replacing any earlier one, then drops what is over the limits.
    mutating func set(_ flash: Flash, for key: Key, now: ContinuousClock.Instant) {
        nextStamp += 1
        messages[key] = Entry(flash: flash, stamp: nextStamp, time: now)
        order.append((key, nextStamp))
        prune(now: now)
    }

    /// Leaves `flash` for `key` in place of any earlier message; `nil` forgets the earlier one.
    mutating func replace(with flash: Flash?, for key: Key, now: ContinuousClock.Instant) {
        if let flash {
            set(flash, for: key, now: now)
        } else if !messages.isEmpty {
            messages.removeValue(forKey: key)
        }
    }

    /// Returns and forgets the message for `key`, unless it is older than the age limit.
    mutating func take(for key: Key, now: ContinuousClock.Instant) -> Flash? {
        guard !messages.isEmpty, let entry = messages.removeValue(forKey: key) else { return nil }
        return now - entry.time > limits.maxAge ? nil : entry.flash
    }

    mutating func removeAll() {
        messages = [:]
        order = []
        head = 0
    }

    /// Drops the oldest messages while there are more than the capacity or they are too old, and keeps
    /// the queue at most about twice the number of messages.
    private mutating func prune(now: ContinuousClock.Instant) {
        while head < order.count {
            let (key, stamp) = order[head]
            guard let entry = messages[key], entry.stamp == stamp else {
                head += 1  // replaced or taken since
                continue
            }
            guard messages.count > limits.capacity || now - entry.time > limits.maxAge else { break }
            messages[key] = nil
            head += 1
        }
        if order.count - head > 2 * messages.count + 64 {
            order = order[head...].filter { messages[$0.key]?.stamp == $0.stamp }
            head = 0
        } else if head > 1024 && head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
