extension HTMLAttribute {
    /// `id="…"`
    /// - Parameters:
    ///   - value: The element's unique id.
    @inlinable
    public static func id(_ value: String) -> HTMLAttribute {
        HTMLAttribute("id", .text(value))
    }

    /// `class="…"`
    /// ```swift
    /// html.element(.div, .class("card card--compact")) { html in ... }
    /// ```
    /// - Parameters:
    ///   - value: One or more space-separated class names.
    @inlinable
    public static func `class`(_ value: String) -> HTMLAttribute {
        HTMLAttribute("class", .text(value))
    }

    /// `title="…"`: advisory text, usually shown as a tooltip.
    /// - Parameters:
    ///   - value: The advisory text.
    @inlinable
    public static func title(_ value: String) -> HTMLAttribute {
        HTMLAttribute("title", .text(value))
    }

    /// `lang="…"`
    /// - Parameters:
    ///   - value: A language tag such as `en` or `zh-Hans`.
    @inlinable
    public static func lang(_ value: String) -> HTMLAttribute {
        HTMLAttribute("lang", .text(value))
    }

    /// `role="…"`
    /// - Parameters:
    ///   - value: An ARIA role such as `status` or `feed`.
    @inlinable
    public static func role(_ value: String) -> HTMLAttribute {
        HTMLAttribute("role", .text(value))
    }

    /// `tabindex="…"`
    /// - Parameters:
    ///   - value: The focus order; `0` for document order, `-1` for focusable by script only.
    @inlinable
    public static func tabindex(_ value: Int) -> HTMLAttribute {
        HTMLAttribute("tabindex", .integer(value))
    }

    /// `datetime="…"` on `<time>`: the machine-readable date.
    /// - Parameters:
    ///   - value: A valid date or time string, such as `2024-05-01T12:00:00Z`.
    @inlinable
    public static func datetime(_ value: String) -> HTMLAttribute {
        HTMLAttribute("datetime", .text(value))
    }

    /// The boolean attribute `hidden`.
    @inlinable
    public static var hidden: HTMLAttribute {
        HTMLAttribute("hidden", .flag)
    }

    /// `dir="auto"`: the element's direction comes from its own text, isolated from what surrounds it
    /// (text in any script, and a stray bidirectional override, stays inside).
    @inlinable
    public static var dirAuto: HTMLAttribute {
        HTMLAttribute("dir", .constant("auto"))
    }
}
