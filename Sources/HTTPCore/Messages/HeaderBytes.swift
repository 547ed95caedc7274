/// The bytes of a header list: one buffer with room to grow, shared by copies until one of them changes
/// it. A field is written with one copy of its name and one of its value, where an array's
/// `append(contentsOf:)` cost a tap about a hundred instructions a part.
///
/// ```swift
/// var bytes = HeaderBytes()
/// bytes.appendField(name, value)  // name, NUL, value, NUL
/// bytes.withUnsafeBufferPointer { $0.count }
/// ```
///
/// Unchecked `Sendable`: a buffer is written only by a holder that holds it alone
/// (`isKnownUniquelyReferenced`), so a buffer other threads may read is never written again.
struct HeaderBytes: @unchecked Sendable {
    private var storage: Storage?

    private struct Counts {
        var count: Int
        var capacity: Int
    }

    private final class Storage: ManagedBuffer<Counts, UInt8> {
        static func make(capacity: Int) -> Storage {
            let made = create(minimumCapacity: capacity) { _ in Counts(count: 0, capacity: capacity) }
            return unsafeDowncast(made, to: Storage.self)
        }
    }

    init() {}

    // The counts are read and written through `withUnsafeMutablePointerToHeader`: `header`, a class's
    // stored property, would check exclusive access at run time on every use.

    var count: Int {
        storage?.withUnsafeMutablePointerToHeader { $0.pointee.count } ?? 0
    }

    private var capacity: Int {
        storage?.withUnsafeMutablePointerToHeader { $0.pointee.capacity } ?? 0
    }

    /// Makes room for `total` bytes in all.
    mutating func reserveCapacity(_ total: Int) {
        if total > capacity {
            moveToStorage(capacity: total)
        }
    }

    /// Appends `name`, a NUL, `value` and a NUL.
    mutating func appendField(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
        appendWriting(name.count + value.count + 2) { next in
            var next = next
            if let base = name.baseAddress {
                next.initialize(from: base, count: name.count)
            }
            next += name.count
            next.initialize(to: 0)
            next += 1
            if let base = value.baseAddress {
                next.initialize(from: base, count: value.count)
            }
            (next + value.count).initialize(to: 0)
        }
    }

    /// Appends bytes as they are (another list's fields).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        appendWriting(bytes.count) { $0.initialize(from: source, count: bytes.count) }
    }

    /// Appends `added` bytes that `write` initializes from the pointer it is given, in storage this list
    /// holds alone with room for them (grown by doubling).
    private mutating func appendWriting(_ added: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        let start = count
        let end = start + added
        let capacity = capacity
        if end > capacity || !isKnownUniquelyReferenced(&storage) {
            moveToStorage(capacity: Swift.max(end, 2 * capacity, 128))
        }
        storage.unsafelyUnwrapped.withUnsafeMutablePointers { counts, elements in
            write(elements + start)
            counts.pointee.count = end
        }
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try storage.withUnsafeMutablePointers { counts, elements in
            try body(UnsafeBufferPointer(start: elements, count: counts.pointee.count))
        }
    }

    /// Moves the bytes to new storage of `capacity` bytes (at least their count).
    private mutating func moveToStorage(capacity: Int) {
        let moved = Storage.make(capacity: Swift.max(capacity, count))
        if let storage {
            storage.withUnsafeMutablePointers { counts, from in
                moved.withUnsafeMutablePointers { movedCounts, to in
                    to.initialize(from: from, count: counts.pointee.count)
                    movedCounts.pointee.count = counts.pointee.count
                }
            }
        }
        storage = moved
    }
}
