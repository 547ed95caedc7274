@_spi(Runtime) import Basics

/// The handlers of every path without parameters, found by the bytes a request sends for the path: an
/// open-addressed table made once, hashed with FNV-1a.
///
/// A `[String: MethodTable]` hashes each path with SipHash (about a thousand instructions for
/// `/components/like/tap`); FNV-1a over the same bytes costs a fifth of that. The table never changes
/// once made and is at most half full, so a path chosen to collide costs a few comparisons with the
/// table's own paths, never a chain that grows.
///
/// ```swift
/// let paths = LiteralPaths(["/feed": handlers])
/// paths["/feed"]  // handlers
/// ```
struct LiteralPaths: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var path: String
        var handlers: MethodTable
    }

    private let entries: [Entry]
    /// For each slot, the index of its entry in `entries`, or -1 when empty; a power of two in size.
    private let slots: [Int32]
    private let mask: Int

    init(_ paths: [String: MethodTable]) {
        var size = 8
        while size < paths.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var entries: [Entry] = []
        entries.reserveCapacity(paths.count)
        // Sorted, so that the table is laid out the same way on every run.
        for (path, handlers) in paths.sorted(by: { $0.key < $1.key }) {
            let hash = FNV1a(path.utf8).value
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entries.count)
            entries.append(Entry(hash: hash, path: path, handlers: handlers))
        }
        self.entries = entries
        self.slots = slots
        self.mask = size - 1
    }

    /// The handlers of `path`, or `nil` when it is not one of the table's paths.
    subscript(path: String) -> MethodTable? {
        // A native string's bytes are hashed in place; one without contiguous bytes (bridged) through
        // its view.
        let hash = path.utf8.withContiguousStorageIfAvailable { FNV1a($0).value } ?? FNV1a(path.utf8).value
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            guard index >= 0 else { return nil }
            if entries[index].hash == hash && entries[index].path == path {
                return entries[index].handlers
            }
            slot = (slot + 1) & mask
        }
    }

    var count: Int { entries.count }
}
