@_spi(Runtime) import Basics

#if canImport(Glibc)
    import Glibc
#endif

/// How many elements the bytes a root left out for the browser held when last counted (`HTMLKeptRun`),
/// kept per root with a copy of those bytes: a thread one comment longer begins with the bytes of the
/// thread before it, so only the new comment's bytes are scanned, and the thread's are compared with
/// `memcmp`. A count is kept only for bytes that end where a token does (`HTMLKeptRun.count`), so the
/// count of what follows adds up to the count of the whole; what is kept is checked against the bytes
/// every time, so it is never stale, and one memo serves every component and app of the process
/// (`shared`, reported as `held`). At most `byteLimit` bytes are kept (`BoundedCache`).
package final class HeldElementCounts: Sendable {
    /// The process's memo: what each component's roots left out, by a key that names the component.
    package static let shared = HeldElementCounts()

    private struct Counted: Sendable {
        var bytes: [UInt8]
        var formsUnder: String
        var elements: Int
    }

    private let kept: BoundedCache<String, Counted>

    package init(limit: Int = 256, byteLimit: Int = 4 << 20) {
        kept = BoundedCache(capacity: max(2, limit), byteCapacity: max(64, byteLimit)) { $0.bytes.count + 64 }
    }

    /// `HTMLKeptRun.elements(in:formsUnder:)` of `bytes`, counted from what was kept under `key` when
    /// `bytes` begin with it.
    package func elements(in bytes: UnsafeBufferPointer<UInt8>, formsUnder prefix: String, key: String) -> Int? {
        var start = 0
        var before = 0
        if let known = kept.lookUp(key), known.formsUnder == prefix, Self.begins(bytes, with: known.bytes) {
            start = known.bytes.count
            before = known.elements
        }
        let rest = HTMLKeptRun.count(in: UnsafeBufferPointer(rebasing: bytes[start...]), formsUnder: prefix)
        guard let elements = rest.elements.map({ before + $0 }) else { return nil }
        if rest.endsAtAToken && start < bytes.count {
            kept.store(Counted(bytes: Array(bytes), formsUnder: prefix, elements: elements), for: key)
        }
        return elements
    }

    /// Whether `bytes` begin with `known`.
    private static func begins(_ bytes: UnsafeBufferPointer<UInt8>, with known: [UInt8]) -> Bool {
        guard !known.isEmpty else { return true }
        guard known.count <= bytes.count, let base = bytes.baseAddress else { return false }
        return known.withUnsafeBytes { memcmp(base, $0.baseAddress!, known.count) == 0 }
    }

    /// The counts kept, and the lookups that found one to count on from or not.
    package var statistics: (kept: Int, hits: Int, misses: Int) {
        let (kept, hits, misses) = kept.statistics
        return (kept, hits, misses)
    }

    /// Reports what is kept in `caches` as `name`, once.
    package func report(in caches: Caches, as name: String) {
        caches.reportOnce(kept, as: name)
    }
}
