#if canImport(Glibc)
    import Glibc
#endif

/// Everything a bodiless message says, as bytes: for a request its method, target, HTTP version and every
/// header in the order sent; for a response its status and every header. Two messages with equal
/// fingerprints are the same message, byte for byte.
///
/// ```swift
/// var print = MessageFingerprint()
/// print.append("GET"); print.append("/feed"); print.append("HTTP/1.1")
/// print.append("Cookie"); print.append("viewer=v1")
/// print.finish()
/// reused.lookUp(print)
/// ```
///
/// Each part is written after its length, so the parts cannot run into each other ("ab" then "c" is
/// not "a" then "bc"). `finish()` hashes the bytes once; a hash table sees only that hash, and equality
/// compares the bytes.
struct MessageFingerprint: Hashable, Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var hash: UInt64 = 0

    init() {
        bytes.reserveCapacity(512)
    }

    /// The fingerprint of a response without a body: its status, then each header's name and value.
    ///
    /// Every bodiless answer (a tap's `303`) passes here, so its bytes are written at once into storage of
    /// their exact size, the same bytes `append` would write part by part.
    init(status: Int, headers: HTTPHeaders) {
        // A three-digit status (any HTTPStatus in use) is written without making a string of it.
        let text = (100...999).contains(status) ? nil : String(status)
        var total = 4 + (text?.utf8.count ?? 3)
        headers.forEachField { name, value in total += 8 + name.count + value.count }
        let written = [UInt8](unsafeUninitializedCapacity: total) { storage, initialized in
            var writer = PartWriter(storage)
            if var text {
                text.withUTF8 { writer.write(UnsafeRawBufferPointer($0)) }
            } else {
                let digits: (UInt8, UInt8, UInt8) = (
                    UInt8(truncatingIfNeeded: 0x30 + status / 100),
                    UInt8(truncatingIfNeeded: 0x30 + status / 10 % 10), UInt8(truncatingIfNeeded: 0x30 + status % 10)
                )
                withUnsafeBytes(of: digits) { writer.write($0) }
            }
            headers.forEachField { name, value in
                writer.write(UnsafeRawBufferPointer(name))
                writer.write(UnsafeRawBufferPointer(value))
            }
            initialized = writer.offset
        }
        self.init(written: written)
    }

    /// The fingerprint of parts already written as `append` writes them.
    private init(written: [UInt8]) {
        bytes = written
        finish()
    }

    /// Writes parts as `append` does (the length, then the bytes) into storage made big enough for them.
    private struct PartWriter {
        let storage: UnsafeMutableBufferPointer<UInt8>
        var offset = 0

        init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
            self.storage = storage
        }

        mutating func write(_ part: UnsafeRawBufferPointer) {
            precondition(offset + 4 + part.count <= storage.count, "a part beyond the counted size")
            let base = UnsafeMutableRawPointer(storage.baseAddress!)
            base.storeBytes(
                of: UInt32(truncatingIfNeeded: part.count).littleEndian, toByteOffset: offset, as: UInt32.self)
            if let source = part.baseAddress, part.count > 0 {
                (base + offset + 4).copyMemory(from: source, byteCount: part.count)
            }
            offset += 4 + part.count
        }

        mutating func write(_ part: String) {
            var part = part
            part.withUTF8 { write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Appends one part: its length (four bytes, little-endian), then its bytes.
    mutating func append(_ part: UnsafeRawBufferPointer) {
        let count = UInt32(truncatingIfNeeded: part.count)
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(UInt8(truncatingIfNeeded: count >> 16))
        bytes.append(UInt8(truncatingIfNeeded: count >> 24))
        bytes.append(contentsOf: part)
    }

    mutating func append(_ part: String) {
        var part = part
        part.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Computes the hash; call it once, after the last part.
    mutating func finish() {
        hash = bytes.withUnsafeBytes(Self.hash)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.hash == rhs.hash, lhs.bytes.count == rhs.bytes.count else { return false }
        guard !lhs.bytes.isEmpty else { return true }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    /// A 64-bit hash of `bytes`, eight at a time (not meant to resist crafted collisions: a table of these
    /// is small and bounded, and equality compares the bytes).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count {
                tail |= UInt64(bytes[index]) << UInt64((index - offset) * 8)
            }
            state = mix(state, tail)
        }
        state ^= state >> 33
        state &*= 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        return state
    }

    @inline(__always)
    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        var value = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
        return value
    }
}
