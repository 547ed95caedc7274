@_spi(Runtime) import Basics
import HTTPCore

/// The person looking at the pages, kept in the `viewer` cookie: 64 bits, all that like and follow state
/// holds per viewer.
///
/// A cookie the server minted is `v` and 16 lowercase hexadecimal digits: those are the 64 bits. Any
/// other valid value (1–64 of `A–Z a–z 0–9 - _`, handy in tests and `curl -b viewer=alice`) names the
/// viewer whose bits are its 64-bit FNV-1a hash, so the same value is always the same viewer. Anything
/// else is no viewer, and gets a fresh one.
public struct Viewer: Sendable, Hashable, Comparable, CustomStringConvertible {
    package static let cookieName = "viewer"

    /// The viewer's 64 bits.
    package let bits: UInt64

    package init(bits: UInt64) {
        self.bits = bits
    }

    /// The viewer a cookie value names, or `nil` when the value is not valid (see `isValid`).
    package init?(id: String) {
        var id = id
        guard let viewer = id.withUTF8(Viewer.init(utf8:)) else { return nil }
        self = viewer
    }

    /// The viewer an id's UTF-8 bytes name, as `init(id:)` reads it, with no string made.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let minted = Self.mintedBits(bytes) {
            bits = minted
        } else if Self.isValid(bytes) {
            bits = FNV1a(bytes).value
        } else {
            return nil
        }
    }

    /// The viewer as the server writes it (cookies it mints, events, the state file): `v` and 16
    /// lowercase hexadecimal digits.
    package var id: String {
        String(unsafeUninitializedCapacity: Self.idByteCount) { buffer in
            writeID(to: buffer)
            return Self.idByteCount
        }
    }

    /// The length of `id` in bytes.
    package static let idByteCount = 17

    /// Appends `id`'s bytes, without a `String` in between (the state file writes a million of them).
    package func appendID(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.idByteCount) { buffer in
            writeID(to: buffer)
            bytes.append(contentsOf: buffer)
        }
    }

    /// Writes `id`'s bytes at the start of `buffer`, which must have room for `idByteCount`.
    package func writeID(to buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= Self.idByteCount)
        buffer[0] = UInt8(ascii: "v")
        for index in 1..<Self.idByteCount {
            let digit = UInt8(truncatingIfNeeded: bits >> UInt64(4 * (Self.idByteCount - 1 - index))) & 0xF
            buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
        }
    }

    public var description: String { id }

    /// In the order of their bits, as the state file lists them.
    public static func < (lhs: Viewer, rhs: Viewer) -> Bool {
        lhs.bits < rhs.bits
    }

    /// A new random viewer (the kernel's randomness, fetched in blocks: no system call per viewer).
    package static func random() -> Viewer {
        Viewer(bits: RandomBits.shared.next())
    }

    /// The viewer of requests without a valid cookie where no middleware assigned one.
    public static let anonymous = Viewer(id: "anonymous")!

    /// Values are 1–64 characters of `A–Z a–z 0–9 - _`: anything else in a cookie is replaced.
    package static func isValid(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { isValid($0) }
    }

    private static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.count <= 64
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    return true
                default:
                    return false
                }
            }
    }

    /// The bits of a minted value: `v` and exactly 16 lowercase hexadecimal digits.
    private static func mintedBits(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count == 17, bytes[0] == UInt8(ascii: "v") else { return nil }
        var bits: UInt64 = 0
        for byte in bytes[1...] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            bits = bits << 4 | UInt64(digit)
        }
        return bits
    }
}

extension HTTPRequest {
    /// The viewer of this request. `ViewerCookie` middleware makes sure there is one; without it,
    /// a request with no valid cookie is `Viewer.anonymous`.
    package var viewer: Viewer {
        cookies[Viewer.cookieName].flatMap(Viewer.init(id:)) ?? .anonymous
    }

    /// Whether `ViewerCookie` minted this request's viewer (the response sets the cookie): a viewer no
    /// store has heard of yet.
    package var hasNewViewer: Bool {
        cookies.assignedNames.contains(Viewer.cookieName)
    }
}
