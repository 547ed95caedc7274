import Synchronization

/// A thread-safe map that keeps at most `capacity` entries, for values that are costly to make and
/// cheap to keep, such as rendered pages keyed on everything they were rendered from.
///
/// ```swift
/// let pages = BoundedCache<PageKey, [UInt8]>(capacity: 256)
/// let bytes = pages.value(for: key) { render(key) }
/// ```
///
/// Entries live in two generations: new entries go into the young one; when it holds half the
/// capacity it becomes the old one and the previous old one is dropped. A hit in the old generation
/// moves the entry back into the young one, so entries in use stay and the rest age out, with no
/// per-entry bookkeeping. Only use it for a pure function of the key: whatever the value was made
/// from must be in the key.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Generations {
        @usableFromInline var young: [Key: Value] = [:]
        @usableFromInline var old: [Key: Value] = [:]
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0

        @usableFromInline init() {}
    }

    /// The most entries kept at once.
    public let capacity: Int
    @usableFromInline let generations = Mutex(Generations())

    /// - Parameter capacity: The most entries kept at once (at least 2).
    public init(capacity: Int) {
        self.capacity = max(2, capacity)
    }

    // Inlinable, so that callers in other modules get code specialised for their key and value types
    // (the generic code looks up type metadata on every call).

    /// The value for `key`, made by `make` (outside the lock) and kept when it is not there yet.
    @inlinable
    public func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let value = lookUp(key) {
            return value
        }
        let value = try make()
        store(value, for: key)
        return value
    }

    /// The value kept for `key`, if any.
    @inlinable
    public func lookUp(_ key: Key) -> Value? {
        generations.withLock { generations in
            if let value = generations.young[key] {
                generations.hits += 1
                return value
            }
            guard let value = generations.old.removeValue(forKey: key) else {
                generations.misses += 1
                return nil
            }
            generations.hits += 1
            Self.insert(value, for: key, into: &generations, capacity: capacity)
            return value
        }
    }

    /// Keeps `value` for `key`.
    @inlinable
    public func store(_ value: Value, for key: Key) {
        generations.withLock { Self.insert(value, for: key, into: &$0, capacity: capacity) }
    }

    /// Forgets every entry; the counts of lookups go on (`statistics`).
    public func removeAll() {
        generations.withLock { generations in
            generations.young = [:]
            generations.old = [:]
        }
    }

    /// Entries kept, and lookups that found one or not since the cache was made.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        generations.withLock { ($0.young.count + $0.old.count, $0.hits, $0.misses) }
    }

    @usableFromInline
    static func insert(_ value: Value, for key: Key, into generations: inout Generations, capacity: Int) {
        if generations.young.count >= capacity / 2 && generations.young[key] == nil {
            generations.old = generations.young
            generations.young = [:]
            generations.young.reserveCapacity(capacity / 2)
        }
        generations.young[key] = value
        generations.old.removeValue(forKey: key)
    }
}
