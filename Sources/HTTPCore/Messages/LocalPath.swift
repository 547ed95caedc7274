@_spi(Runtime) import HTTPValues

/// Checks redirect targets taken from input, so that a redirect can only stay on this server.
package enum LocalPath {
    /// `candidate` when it is a local path (`/feed`, `/posts/p1?x=1#like-p1`), otherwise `fallback`.
    ///
    /// Refused: anything not starting with a single `/` (`//evil`, `/\evil`, `\\evil`, `https://…`,
    /// `javascript:…`), backslashes anywhere, control characters and spaces, and percent-encoded
    /// forms of `/` and `\` (`/%2Fevil`, `/%5Cevil`) that some clients decode before following.
    package static func validated(_ candidate: String?, fallback: String) -> String {
        guard let candidate, isLocal(candidate) else { return fallback }
        return candidate
    }

    package static func isLocal(_ candidate: String) -> Bool {
        // On the string's own bytes (a stack copy for a small one): a tap checks its return path, and an
        // array made of them was an allocation per tap.
        var candidate = candidate
        return candidate.withUTF8(isLocal(bytes:))
    }

    private static func isLocal(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 2048, bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count > 1 && (bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\")) {
            return false
        }
        for (index, byte) in bytes.enumerated() {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
                return false
            }
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
            {
                let decoded = high << 4 | low
                if decoded == UInt8(ascii: "/") || decoded == UInt8(ascii: "\\") || decoded < 0x20 || decoded == 0x7F
                    || decoded == UInt8(ascii: "%")
                {
                    return false
                }
            }
        }
        return true
    }
}
