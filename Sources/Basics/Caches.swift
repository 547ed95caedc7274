import Synchronization

/// Every cache of one app, each a `BoundedCache` bounded by entries and by bytes under a name, so that
/// what they may hold in all is known (`byteCapacity`, the sum of their bounds) and what each holds and
/// has done can be reported (`GET /stats`).
///
/// ```swift
/// let caches = Caches()
/// let pages: BoundedCache<PageKey, [UInt8]>? = caches.make("pages", entries: 128, bytes: 8 << 20) { $0.count }
/// caches.reports   // [Caches.Report(name: "pages", kept: 12, bytes: 420_112, …)]
/// ```
///
/// Made with `keeps: false` (`--render-cache off`), it makes none: every `make` returns `nil`.
package final class Caches: Sendable {
    /// What one cache holds and has done since it was made.
    package struct Report: Sendable, Equatable {
        package var name: String
        /// Entries kept now, and the most it keeps.
        package var kept: Int
        package var capacity: Int
        /// Bytes kept now (as its values are weighed), and the most it keeps.
        package var bytes: Int
        package var byteCapacity: Int
        /// Lookups that found a current entry, and those that did not.
        package var hits: Int
        package var misses: Int
    }

    /// Whether caches are made at all.
    package let keeps: Bool
    private let reporters = Mutex<[@Sendable () -> Report]>([])
    /// The caches made by `shared`, by name.
    private let named = Mutex<[String: any Sendable]>([:])

    package init(keeps: Bool = true) {
        self.keeps = keeps
    }

    /// A cache named `name` of at most `entries` entries and `bytes` bytes as `weigh` counts a value
    /// (a value over a sixty-fourth of `bytes` is not kept), reported from now on; `nil` when this app
    /// keeps nothing.
    package func make<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, entries: Int, bytes: Int, admission: BoundedCache<Key, Value>.Admission = .always,
        weigh: @escaping @Sendable (Value) -> Int
    ) -> BoundedCache<Key, Value>? {
        keeps ? cache(name, entries: entries, bytes: bytes, admission: admission, weigh: weigh) : nil
    }

    /// The same, made whether or not this app keeps renders: for what is not a render (the server's
    /// answers sent again, the files it serves).
    package func cache<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, entries: Int, bytes: Int, admission: BoundedCache<Key, Value>.Admission = .always,
        weigh: @escaping @Sendable (Value) -> Int
    ) -> BoundedCache<Key, Value> {
        let cache = BoundedCache<Key, Value>(capacity: entries, byteCapacity: bytes, admission: admission, weigh: weigh)
        report(cache, as: name)
        return cache
    }

    /// The cache named `name` made by an earlier call of this, or a new one (as `make`): for a cache that
    /// parts of the app that do not know each other share (every page's chrome).
    package func shared<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, entries: Int, bytes: Int, weigh: @escaping @Sendable (Value) -> Int
    ) -> BoundedCache<Key, Value>? {
        guard keeps else { return nil }
        return named.withLock { named in
            if let made = named[name] as? BoundedCache<Key, Value> {
                return made
            }
            let made: BoundedCache<Key, Value> = cache(name, entries: entries, bytes: bytes, weigh: weigh)
            named[name] = made
            return made
        }
    }

    /// Reports `cache`, made elsewhere (a component definition's, which outlives any one app), as `name`.
    package func report<Key: Hashable & Sendable, Value: Sendable>(_ cache: BoundedCache<Key, Value>, as name: String) {
        reporters.withLock { reporters in
            reporters.append {
                let (kept, hits, misses) = cache.statistics
                return Report(
                    name: name, kept: kept, capacity: cache.capacity, bytes: cache.bytes,
                    byteCapacity: cache.byteCapacity, hits: hits, misses: misses)
            }
        }
    }

    /// Reports `cache` as `name` unless `reportOnce` reported a cache under that name before: for a cache
    /// of the whole process that several parts of the app report (`HeldElementCounts.shared`).
    package func reportOnce<Key: Hashable & Sendable, Value: Sendable>(
        _ cache: BoundedCache<Key, Value>, as name: String
    ) {
        let first = named.withLock { named in
            guard named[name] == nil else { return false }
            named[name] = cache
            return true
        }
        if first {
            report(cache, as: name)
        }
    }

    /// Every cache made or reported, in that order.
    package var reports: [Report] {
        reporters.withLock { $0 }.map { $0() }
    }

    /// The most bytes every cache made may hold at once, in all.
    package var byteCapacity: Int {
        reports.reduce(0) { $0 + $1.byteCapacity }
    }
}
