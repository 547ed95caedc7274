/// The name of a void element: one that has no content and no closing tag.
///
/// Tag names are `StaticString`s: they come from code, never from input.
///
/// ```swift
/// html.void(.img, .src(url), .alt(""))
/// ```
public struct HTMLVoidTag: Sendable {
    /// The tag name, such as `img`.
    public let name: StaticString

    /// Creates a tag for a void element that has no constant below.
    /// - Parameters:
    ///   - name: The lowercase tag name.
    @inlinable
    public init(_ name: StaticString) {
        self.name = name
    }
}

extension HTMLVoidTag {
    /// `<meta>`
    @inlinable public static var meta: HTMLVoidTag { HTMLVoidTag("meta") }
    /// `<link>`
    @inlinable public static var link: HTMLVoidTag { HTMLVoidTag("link") }
    /// `<img>`
    @inlinable public static var img: HTMLVoidTag { HTMLVoidTag("img") }
    /// `<input>`
    @inlinable public static var input: HTMLVoidTag { HTMLVoidTag("input") }
    /// `<br>`
    @inlinable public static var br: HTMLVoidTag { HTMLVoidTag("br") }
    /// `<hr>`
    @inlinable public static var hr: HTMLVoidTag { HTMLVoidTag("hr") }
    /// `<source>`
    @inlinable public static var source: HTMLVoidTag { HTMLVoidTag("source") }
}
