extension HTMLAttribute {
    /// `charset="…"` on `<meta>`.
    /// - Parameters:
    ///   - value: The encoding; use `utf-8`.
    @inlinable
    public static func charset(_ value: String) -> HTMLAttribute {
        HTMLAttribute("charset", .text(value))
    }

    /// `content="…"` on `<meta>`.
    /// ```swift
    /// html.void(.meta, .name("viewport"), .content("width=device-width, initial-scale=1"))
    /// ```
    /// - Parameters:
    ///   - value: The metadata value.
    @inlinable
    public static func content(_ value: String) -> HTMLAttribute {
        HTMLAttribute("content", .text(value))
    }

    /// `rel="…"` on `<link>` or `<a>`.
    /// - Parameters:
    ///   - value: The relationship, such as `stylesheet`.
    @inlinable
    public static func rel(_ value: String) -> HTMLAttribute {
        HTMLAttribute("rel", .text(value))
    }

    /// The boolean attribute `defer` on `<script>`: run the script after the document is parsed.
    @inlinable
    public static var `defer`: HTMLAttribute {
        HTMLAttribute("defer", .flag)
    }
}
