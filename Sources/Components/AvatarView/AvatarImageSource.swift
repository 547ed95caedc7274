/// Decides which image URLs an avatar may show.
///
/// Allowed: `http:` and `https:` URLs, root-relative paths (`/public/…`, not `//host`), and
/// `data:image/…`. Anything else (`javascript:`, `vbscript:`, `data:text/html`, relative paths,
/// URLs with spaces or control characters) is never emitted: the placeholder is shown instead.
public enum AvatarImageSource {
    /// The image shown when there is no acceptable URL.
    public static let placeholder = "/public/avatar-placeholder.svg"

    /// `url` if it is allowed, otherwise the placeholder.
    public static func resolve(_ url: String?) -> String {
        guard let url, isAllowed(url) else { return placeholder }
        return url
    }

    public static func isAllowed(_ url: String) -> Bool {
        let bytes = url.utf8
        guard !bytes.isEmpty, bytes.count <= 8192,
            !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else {
            return false
        }
        let lower = url.prefix(16).lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            return bytes.count > (lower.hasPrefix("https://") ? 8 : 7)
        }
        if lower.hasPrefix("data:image/") {
            return true
        }
        return url.hasPrefix("/") && !url.hasPrefix("//")
    }
}
