/// A component's styles, declared beside it (`Bookmark+Styles.swift`) and brought through its module: the
/// app serves every registered component's styles as one stylesheet, `/components.css`, which every page
/// links after the kit's own.
///
/// ```swift
/// extension Bookmark {
///     public static let styles = ComponentStyles("""
///         .bookmark-button[aria-pressed="true"] { background: #fde68a; }
///         """)
/// }
/// ```
public struct ComponentStyles: Sendable, Equatable {
    /// The rules, as CSS text.
    public var css: String

    public init(_ css: String) {
        self.css = css
    }
}
