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
@_spi(Runtime) public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Generations {
        @usableFromInline var young: [Key: Value] = [:]
        @usableFromInline var old: [Key: Value] = [:]
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0
        /// The young generation's weight (see `weigh`).
        @usableFromInline var youngBytes = 0
        /// The old generation's weight.
        @usableFromInline var oldBytes = 0
        /// The hashes of keys that missed once and were not admitted (`Admission.onSecondMiss`).
        @usableFromInline var missedOnce: Set<Int> = []

        @usableFromInline init() {}
    }

    /// Which keys that miss a cache may keep.
    public enum Admission: Sendable {
        /// Every key.
        case always
        /// A key that missed before, among the last `window` keys that missed once (a key seen once is
        /// noted, not kept): so that a stream of keys that never come back within the cache's reach costs
        /// no store and evicts nothing that does come back.
        case onSecondMiss(window: Int)
    }

    /// What a lookup found: the value, or whether the key may be kept now (`Admission`).
    public enum Lookup {
        case hit(Value)
        case miss(admitted: Bool)
    }

    /// The most entries kept at once.
    public let capacity: Int
    /// Which keys that miss `lookUpAdmitting` lets the caller keep.
    public let admission: Admission
    /// The most bytes kept at once, as `weigh` counts them; `Int.max` when entries are not weighed.
    public let byteCapacity: Int
    @usableFromInline let weigh: (@Sendable (Value) -> Int)?
    @usableFromInline let generations = Mutex(Generations())

    /// - Parameter capacity: The most entries kept at once (at least 2).
    public init(capacity: Int, admission: Admission = .always) {
        self.capacity = max(2, capacity)
        self.byteCapacity = .max
        self.weigh = nil
        self.admission = admission
    }

    /// A cache bounded by bytes too: at most `byteCapacity` bytes as `weigh` counts a value, and no value
    /// heavier than a sixty-fourth of it (such a value is not kept).
    public init(
        capacity: Int, byteCapacity: Int, admission: Admission = .always, weigh: @escaping @Sendable (Value) -> Int
    ) {
        self.capacity = max(2, capacity)
        self.byteCapacity = max(2, byteCapacity)
        self.weigh = weigh
        self.admission = admission
    }

    // Inlinable, so that callers in other modules get code specialised for their key and value types
    // (the generic code looks up type metadata on every call). Public to the runtime's SPI, not `package`:
    // this toolchain does not inline or specialise `@inlinable package` code in another module.

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
        generations.withLock { found(key, in: &$0) }
    }

    /// The value kept for `key` if `isCurrent` says it still is; one that is not is dropped, and the
    /// lookup counts as a miss.
    @inlinable
    public func lookUp(_ key: Key, ifCurrent isCurrent: (Value) -> Bool) -> Value? {
        generations.withLock { generations in
            guard let value = found(key, in: &generations) else { return nil }
            guard isCurrent(value) else {
                generations.hits -= 1
                generations.misses += 1
                if let dropped = generations.young.removeValue(forKey: key), let weigh {
                    generations.youngBytes -= weigh(dropped)
                }
                return nil
            }
            return value
        }
    }

    /// The value kept for `key`; on a miss, whether the cache's `admission` lets it keep one now (a key
    /// not admitted is noted, in the same critical section, so that its next miss is).
    @inlinable
    public func lookUpAdmitting(_ key: Key) -> Lookup {
        generations.withLock { generations in
            if let value = found(key, in: &generations) {
                return .hit(value)
            }
            guard case .onSecondMiss(let window) = admission else { return .miss(admitted: true) }
            let hash = key.hashValue
            if generations.missedOnce.remove(hash) != nil {
                return .miss(admitted: true)
            }
            if generations.missedOnce.count >= max(1, window) {
                generations.missedOnce.removeAll(keepingCapacity: true)
            }
            generations.missedOnce.insert(hash)
            return .miss(admitted: false)
        }
    }

    /// The value for `key`, counted as a hit or a miss; a hit in the old generation moves to the young.
    @inlinable
    func found(_ key: Key, in generations: inout Generations) -> Value? {
        if let value = generations.young[key] {
            generations.hits += 1
            return value
        }
        guard let value = generations.old.removeValue(forKey: key) else {
            generations.misses += 1
            return nil
        }
        generations.hits += 1
        generations.oldBytes -= weigh?(value) ?? 0
        Self.insert(
            value, for: key, into: &generations, capacity: capacity, weight: weigh?(value) ?? 0,
            byteCapacity: byteCapacity, weigh: weigh)
        return value
    }

    /// Keeps `value` for `key`.
    @inlinable
    public func store(_ value: Value, for key: Key) {
        let weight = weigh?(value) ?? 0
        guard weight <= byteCapacity / 64 || weigh == nil else { return }
        generations.withLock {
            Self.insert(
                value, for: key, into: &$0, capacity: capacity, weight: weight, byteCapacity: byteCapacity,
                weigh: weigh)
        }
    }

    /// Whether an entry for `key` is kept; not a lookup (nothing is counted or moved).
    public func contains(_ key: Key) -> Bool {
        generations.withLock { $0.young[key] != nil || $0.old[key] != nil }
    }

    /// Forgets the entry for `key`, if there is one.
    public func remove(_ key: Key) {
        generations.withLock { generations in
            if let dropped = generations.young.removeValue(forKey: key) {
                generations.youngBytes -= weigh?(dropped) ?? 0
            }
            if let dropped = generations.old.removeValue(forKey: key) {
                generations.oldBytes -= weigh?(dropped) ?? 0
            }
        }
    }

    /// Forgets every entry; the counts of lookups go on (`statistics`).
    public func removeAll() {
        generations.withLock { generations in
            generations.young = [:]
            generations.old = [:]
            generations.youngBytes = 0
            generations.oldBytes = 0
            generations.missedOnce = []
        }
    }

    /// Entries kept, and lookups that found one or not since the cache was made.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        generations.withLock { ($0.young.count + $0.old.count, $0.hits, $0.misses) }
    }

    /// The bytes kept now, as `weigh` counts them (0 when entries are not weighed): at most `byteCapacity`.
    public var bytes: Int {
        generations.withLock { $0.youngBytes + $0.oldBytes }
    }

    /// Puts `value` in the young generation, which first becomes the old one (and the old one is dropped)
    /// when it holds half the entries or half the bytes the cache may keep. Inlinable, as its callers are:
    /// left generic, each call looked up the dictionaries' type metadata.
    @inlinable
    static func insert(
        _ value: Value, for key: Key, into generations: inout Generations, capacity: Int, weight: Int,
        byteCapacity: Int, weigh: (@Sendable (Value) -> Int)?
    ) {
        // A key the young generation holds (a page kept again after a refresh) is replaced where it is,
        // with one lookup: a key is in one generation at most, so the old one need not be asked.
        if let index = generations.young.index(forKey: key) {
            if let weigh {
                generations.youngBytes -= weigh(generations.young.values[index])
            }
            generations.young.values[index] = value
            generations.youngBytes += weight
            return
        }
        if generations.young.count >= capacity / 2 || generations.youngBytes + weight > byteCapacity / 2 {
            generations.old = generations.young
            generations.oldBytes = generations.youngBytes
            generations.young = [:]
            generations.young.reserveCapacity(capacity / 2)
            generations.youngBytes = 0
        }
        generations.young[key] = value
        generations.youngBytes += weight
        if let earlier = generations.old.removeValue(forKey: key), let weigh {
            generations.oldBytes -= weigh(earlier)
        }
    }
}
