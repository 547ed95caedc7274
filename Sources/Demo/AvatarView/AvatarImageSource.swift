import Components

/// Decides which image an avatar shows: its URL if `ImageURL` allows it, otherwise a placeholder.
public enum AvatarImageSource {
    /// The image shown when there is no acceptable URL.
    public static let placeholder = "/public/avatar-placeholder.svg"

    /// `url` if it is allowed, otherwise the placeholder.
    public static func resolve(_ url: String?) -> String {
        guard let url, isAllowed(url) else { return placeholder }
        return url
    }

    /// Whether an avatar may show `url` (`ImageURL.isAllowed`).
    public static func isAllowed(_ url: String) -> Bool { ImageURL.isAllowed(url) }
}
