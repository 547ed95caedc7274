import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The patches between pairs of renders already compared, so that the same two renders (a button shown
/// again in the same state, on another page or for another viewer) are compared once. An entry is used only
/// when both renders are byte for byte the ones it was made from; when the memo is full (by entries or by
/// bytes) it starts over. Renders larger than `largestPair` are compared every time and not kept: a memo
/// is for the small roots shown again and again, and a large one (a long comment thread) would hold its
/// bytes twice for little gain.
final class HTMLPatchMemo: Sendable {
    static let shared = HTMLPatchMemo()

    private struct Entry: Sendable {
        var from: [UInt8]
        var to: [UInt8]
        /// The encoded patch, or `nil` when the renders have no patch.
        var encoded: String?
    }

    let capacity: Int
    /// The most bytes (both renders) the memo keeps in all.
    let byteCapacity: Int
    /// The largest pair of renders kept, in bytes.
    let largestPair: Int
    private let entries = Mutex<(entries: [Int: Entry], bytes: Int)>(([:], 0))

    init(capacity: Int = 1024, byteCapacity: Int = 2 << 20, largestPair: Int = 8 << 10) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.largestPair = largestPair
    }

    /// The renders' bytes kept now.
    var bytes: Int {
        entries.withLock { $0.bytes }
    }

    /// The encoded patch from `from` to `to` (`nil`: they have no patch), made by `make` unless known.
    func encoded(
        from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>, make: () -> String?
    ) -> String? {
        let size = from.count + to.count
        guard size <= largestPair else { return make() }
        let key = Self.hash(UnsafeRawBufferPointer(from), Self.hash(UnsafeRawBufferPointer(to), 0))
        let known = entries.withLock { memo -> String?? in
            guard let entry = memo.entries[key], Self.same(entry.from, from), Self.same(entry.to, to) else {
                return nil
            }
            return .some(entry.encoded)
        }
        if let known { return known }
        let encoded = make()
        entries.withLock { memo in
            if memo.entries.count >= capacity || memo.bytes + size > byteCapacity {
                memo.entries.removeAll(keepingCapacity: true)
                memo.bytes = 0
            }
            if let earlier = memo.entries.updateValue(
                Entry(from: Array(from), to: Array(to), encoded: encoded), forKey: key)
            {
                memo.bytes -= earlier.from.count + earlier.to.count
            }
            memo.bytes += size
        }
        return encoded
    }

    /// A quick hash, eight bytes at a time: an entry is used only after its bytes compare equal, so the
    /// hash need only spread different renders apart.
    static func hash(_ raw: UnsafeRawBufferPointer, _ seed: Int) -> Int {
        do {
            var hash = UInt64(bitPattern: Int64(seed)) ^ 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
            return Int(bitPattern: UInt(hash ^ (hash >> 32)))
        }
    }

    static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count
            && a.withUnsafeBufferPointer { x in x.count == 0 || memcmp(x.baseAddress!, b.baseAddress!, x.count) == 0 }
    }

    var count: Int {
        entries.withLock { $0.entries.count }
    }
}
