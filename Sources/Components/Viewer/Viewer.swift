import HTTPCore

/// The person looking at the pages: an opaque id kept in the `viewer` cookie. Like state is per viewer.
public struct Viewer: Sendable, Hashable, CustomStringConvertible {
    public static let cookieName = "viewer"

    public let id: String

    /// A viewer for an id that passed `isValid`.
    public init?(id: String) {
        guard Self.isValid(id) else { return nil }
        self.id = id
    }

    public var description: String { id }

    /// A new random viewer: `v` and 16 hexadecimal digits.
    public static func random() -> Viewer {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return Viewer(id: "v" + String(repeating: "0", count: 16 - hex.count) + hex)!
    }

    /// Ids are 1–64 characters of `A–Z a–z 0–9 - _`: anything else in a cookie is replaced.
    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    return true
                default:
                    return false
                }
            }
    }
}

extension HTTPRequest {
    /// The viewer of this request. `ViewerCookie` middleware makes sure there is one; without it,
    /// a request with no valid cookie is an anonymous viewer.
    public var viewer: Viewer {
        cookies[Viewer.cookieName].flatMap(Viewer.init(id:)) ?? Viewer(id: "anonymous")!
    }
}
