extension HTMLAttribute {
    /// `href="…"`
    /// - Parameters:
    ///   - url: The link target.
    @inlinable
    public static func href(_ url: String) -> HTMLAttribute {
        HTMLAttribute("href", .text(url))
    }

    /// `src="…"`
    /// - Parameters:
    ///   - url: The URL of the embedded resource.
    @inlinable
    public static func src(_ url: String) -> HTMLAttribute {
        HTMLAttribute("src", .text(url))
    }

    /// `alt="…"`: the text alternative of an image; pass `""` for a decorative one.
    /// - Parameters:
    ///   - text: The text alternative.
    @inlinable
    public static func alt(_ text: String) -> HTMLAttribute {
        HTMLAttribute("alt", .text(text))
    }

    /// `width="…"` in CSS pixels.
    /// - Parameters:
    ///   - pixels: The intrinsic width.
    @inlinable
    public static func width(_ pixels: Int) -> HTMLAttribute {
        HTMLAttribute("width", .integer(pixels))
    }

    /// `height="…"` in CSS pixels.
    /// - Parameters:
    ///   - pixels: The intrinsic height.
    @inlinable
    public static func height(_ pixels: Int) -> HTMLAttribute {
        HTMLAttribute("height", .integer(pixels))
    }

    /// `loading="lazy"`: defer loading an image or iframe until it nears the viewport.
    @inlinable
    public static var lazyLoading: HTMLAttribute {
        HTMLAttribute("loading", .constant("lazy"))
    }

    /// `decoding="async"`: decode an image off the main thread.
    @inlinable
    public static var asyncDecoding: HTMLAttribute {
        HTMLAttribute("decoding", .constant("async"))
    }

    /// `sandbox="…"` on an `<iframe>`.
    /// - Parameters:
    ///   - permissions: Space-separated allowances such as `allow-scripts`; `""` allows nothing.
    @inlinable
    public static func sandbox(_ permissions: String) -> HTMLAttribute {
        HTMLAttribute("sandbox", .text(permissions))
    }
}
