/// One-time messages for the next page a viewer sees: the outcome of a tap or send made without script,
/// which the redirected-to page shows once (a toggle's failure, a comment's kept text and its error).
///
/// Only a viewer who comes back can take their message, and many never do (a client without cookies is
/// a new viewer on every request), so the messages are bounded: at most `limits.capacity` (the oldest
/// go first) and none older than `limits.maxAge`.
struct FlashMessages<Key: Hashable, Flash> {
    private struct Entry {
        var flash: Flash
        /// Where the message is in the queue, counted from the first message ever queued.
        var position: Int
        var time: ContinuousClock.Instant
    }

    /// A message in the queue; a replaced or taken one is marked, in place, as gone.
    private struct Queued {
        var key: Key
        var time: ContinuousClock.Instant
        var gone = false
    }

    private var messages: [Key: Entry] = [:]
    /// Every message set, oldest first from `head`, so that the oldest are dropped first without a search.
    /// Marking a message gone where it stands (its entry says where) means passing it costs nothing, and
    /// no message is looked up unless it is dropped.
    private var order: [Queued] = []
    private var head = 0
    /// The position (as `Entry.position` counts) of `order`'s first element.
    private var base = 0
    let limits: FlashLimits

    init(limits: FlashLimits) {
        self.limits = limits
    }

    var isEmpty: Bool { messages.isEmpty }
    var count: Int { messages.count }

    /// Leaves `flash` for `key`, replacing any earlier one, then drops what is over the limits.
    mutating func set(_ flash: Flash, for key: Key, now: ContinuousClock.Instant) {
        let position = base + order.count
        if let earlier = messages.updateValue(Entry(flash: flash, position: position, time: now), forKey: key) {
            markGone(earlier)
        }
        order.append(Queued(key: key, time: now))
        prune(now: now)
    }

    /// Leaves `flash` for `key` in place of any earlier message; `nil` forgets the earlier one.
    mutating func replace(with flash: Flash?, for key: Key, now: ContinuousClock.Instant) {
        if let flash {
            set(flash, for: key, now: now)
        } else if !messages.isEmpty, let earlier = messages.removeValue(forKey: key) {
            markGone(earlier)
        }
    }

    /// Returns and forgets the message for `key`, unless it is older than the age limit.
    mutating func take(for key: Key, now: ContinuousClock.Instant) -> Flash? {
        guard !messages.isEmpty, let entry = messages.removeValue(forKey: key) else { return nil }
        markGone(entry)
        return now - entry.time > limits.maxAge ? nil : entry.flash
    }

    mutating func removeAll() {
        messages = [:]
        base += order.count
        order = []
        head = 0
    }

    private mutating func markGone(_ entry: Entry) {
        let index = entry.position - base
        if index >= head && index < order.count {
            order[index].gone = true
        }
    }

    /// Drops the oldest messages while there are more than the capacity or they are too old, and keeps
    /// the queue at most about twice the number of messages.
    private mutating func prune(now: ContinuousClock.Instant) {
        while head < order.count {
            if order[head].gone {
                head += 1
                continue
            }
            guard messages.count > limits.capacity || now - order[head].time > limits.maxAge else { break }
            messages.removeValue(forKey: order[head].key)
            head += 1
        }
        if order.count - head > 2 * messages.count + 64 {
            compact()
        } else if head > 1024 && head * 2 > order.count {
            order.removeFirst(head)
            base += head
            head = 0
        }
    }

    /// Keeps only the messages not gone, telling each entry where it is now.
    private mutating func compact() {
        base += order.count
        let kept = order[head...].filter { !$0.gone }
        order = []
        order.reserveCapacity(kept.count)
        head = 0
        for queued in kept {
            messages[queued.key]?.position = base + order.count
            order.append(queued)
        }
    }
}
