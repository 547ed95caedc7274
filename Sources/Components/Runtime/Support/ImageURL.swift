/// Which image URLs a component may show: `http:` and `https:` URLs, root-relative paths (`/public/…`,
/// not `//host`), and `data:image/…`. Anything else (`javascript:`, `vbscript:`, `data:text/html`, relative
/// paths, URLs with spaces or control characters) is refused. The gallery checks an `.imageURL` preview
/// parameter with it; a component shows a placeholder instead of a refused URL.
package enum ImageURL {
    /// Whether `url` may be shown as an image: see the type's rules; at most 8 KiB.
    package static func isAllowed(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= 8192,
                !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
            else {
                return false
            }
            if hasPrefix(bytes, "https://") { return bytes.count > 8 }
            if hasPrefix(bytes, "http://") { return bytes.count > 7 }
            if hasPrefix(bytes, "data:image/") { return true }
            return bytes[0] == UInt8(ascii: "/") && (bytes.count == 1 || bytes[1] != UInt8(ascii: "/"))
        }
    }

    /// Whether `bytes` starts with the lowercase ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        return prefix.withUTF8Buffer { expected in
            for index in 0..<expected.count {
                let byte = bytes[index]
                let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if lowered != expected[index] { return false }
            }
            return true
        }
    }
}
