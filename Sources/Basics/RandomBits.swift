import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Unpredictable 64-bit values from the kernel's generator, fetched a block at a time.
///
/// ```swift
/// let id = RandomBits.shared.next()
/// ```
///
/// `SystemRandomNumberGenerator` makes one system call per value; a server minting an id for every
/// first visit would pay a system call per request. This asks the kernel for `blockSize` values at once and hands them out under a lock; the values are the kernel's, so they are as
/// unpredictable as `SystemRandomNumberGenerator`'s.
package final class RandomBits: Sendable {
    private struct Block {
        var values: [UInt64]
        var next: Int
    }

    /// One source for the whole process.
    package static let shared = RandomBits()

    private let block: Mutex<Block>
    private let blockSize: Int

    /// - Parameter blockSize: Values fetched per system call (at least 1).
    package init(blockSize: Int = 512) {
        self.blockSize = max(1, blockSize)
        block = Mutex(Block(values: [], next: 0))
    }

    /// The next value.
    package func next() -> UInt64 {
        block.withLock { block in
            if block.next == block.values.count {
                block.values = Self.fetch(count: blockSize)
                block.next = 0
            }
            defer { block.next += 1 }
            return block.values[block.next]
        }
    }

    /// `count` values from the kernel: one read of `/dev/urandom` (Glibc's module has no `getrandom`),
    /// or the system generator where that cannot be read.
    private static func fetch(count: Int) -> [UInt64] {
        var values = [UInt64](repeating: 0, count: count)
        #if canImport(Glibc)
            let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                let filled = values.withUnsafeMutableBytes { bytes -> Bool in
                    var offset = 0
                    while offset < bytes.count {
                        let read = Glibc.read(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if read < 0 && errno == EINTR { continue }
                        guard read > 0 else { return false }
                        offset += read
                    }
                    return true
                }
                if filled { return values }
            }
        #endif
        var generator = SystemRandomNumberGenerator()
        for index in values.indices { values[index] = generator.next() }
        return values
    }
}
