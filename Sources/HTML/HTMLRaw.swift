/// Markup that is appended to an ``HTMLBuffer`` without escaping.
///
/// This is the only way to emit unescaped HTML, so every such place is one search away: `HTMLRaw(`.
///
/// ```swift
/// html.raw(HTMLRaw(unsafeMarkup: "<!-- generated -->"))
/// ```
///
/// - Important: Never build an `HTMLRaw` from user input. Use ``HTMLBuffer/text(_:)`` or attributes instead.
public struct HTMLRaw: Sendable {
    @usableFromInline
    internal enum Storage: Sendable {
        case string(String)
        case bytes([UInt8])
    }

    @usableFromInline
    internal let storage: Storage

    /// Wraps markup that will be appended exactly as written.
    /// - Parameters:
    ///   - unsafeMarkup: Trusted markup; it is not escaped.
    public init(unsafeMarkup: String) {
        storage = .string(unsafeMarkup)
    }

    /// Wraps already rendered UTF-8 markup, such as the bytes of another ``HTMLBuffer``.
    /// - Parameters:
    ///   - bytes: Trusted UTF-8 markup; it is not escaped.
    public init(bytes: [UInt8]) {
        storage = .bytes(bytes)
    }

    /// The markup's length in UTF-8 bytes (for a cache's byte budget).
    package var byteCount: Int {
        switch storage {
        case .string(let string): string.utf8.count
        case .bytes(let bytes): bytes.count
        }
    }
}
