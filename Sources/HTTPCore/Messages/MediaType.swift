@_spi(Runtime) import HTTPValues

#if canImport(Glibc)
    import Glibc
#endif

/// Content types for the files this server serves.
package enum MediaType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "woff2": "font/woff2",
        "map": "application/json",
    ]

    /// The content type for a file name by its extension; `application/octet-stream` when unknown.
    package static func forFileName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else {
            return "application/octet-stream"
        }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether a `Content-Type` value names `essence` (lowercase, like `application/json`): the part
    /// before any `;` parameters, compared ASCII case-insensitively, with spaces and tabs ignored.
    package static func contentType(_ value: String, is essence: StaticString) -> Bool {
        var value = value
        return value.withUTF8 { contentType($0, is: essence) }
    }

    /// `contentType(_:is:)` of a value's bytes (a request's header, as it arrived).
    package static func contentType(_ value: UnsafeBufferPointer<UInt8>, is essence: StaticString) -> Bool {
        essence.withUTF8Buffer { expected in
            // Sent exactly as expected (the usual case): one comparison of the bytes.
            if value.count == expected.count
                && (value.isEmpty || memcmp(value.baseAddress!, expected.baseAddress!, value.count) == 0)
            {
                return true
            }
            var next = 0
            for byte in value {
                if byte == UInt8(ascii: ";") { break }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
                guard next < expected.count, expected[next] == ASCII.lowercased(byte) else { return false }
                next += 1
            }
            return next == expected.count
        }
    }
}
