/// Markup rendered once around one hole, then reused: each use writes the opening, the content that
/// changes, and the closing.
///
/// The frame is rendered by the builder like any other markup (so everything in it is escaped and its
/// elements are balanced); only the bytes are kept. Use it for parts that never change while the server
/// runs around a small part that does.
///
/// ```swift
/// let button = HTMLFrame { html in
///     html.element(.button, .class("like-button")) { html in
///         html.element(.span, .class("like-count")) { html in html.render(HTMLFrame.hole) }
///     }
/// }
/// button.render(into: &html) { html in html.text(count) }
/// ```
package struct HTMLFrame: Sendable {
    /// Everything before the hole, and everything after it.
    package let opening: [UInt8]
    package let closing: [UInt8]

    /// Renders `markup`, which must render ``hole`` exactly once.
    package init(_ markup: (inout HTMLBuffer) -> Void) {
        var html = HTMLBuffer(capacity: 1024)
        markup(&html)
        let bytes = html.bytes
        // The marker is a comment: escaped text and attribute values never contain "<", so the first
        // match is the hole.
        let marker = Array(Hole.marker.utf8)
        guard let start = Self.firstIndex(of: marker, in: bytes) else {
            assertionFailure("an HTMLFrame's markup must render HTMLFrame.hole")
            opening = bytes
            closing = []
            return
        }
        opening = Array(bytes[..<start])
        closing = Array(bytes[(start + marker.count)...])
    }

    /// Writes the opening, then `content`, then the closing.
    package func render(into html: inout HTMLBuffer, content: (inout HTMLBuffer) -> Void) {
        opening.withUnsafeBufferPointer { html.appendBytes($0) }
        content(&html)
        closing.withUnsafeBufferPointer { html.appendBytes($0) }
    }

    /// Where the content goes, while the frame is rendered.
    package static let hole = Hole()

    package struct Hole: HTMLComponent, Sendable {
        static let marker = "<!--html-frame-hole-->"

        package func render(into html: inout HTMLBuffer) {
            html.raw(HTMLRaw(unsafeMarkup: Self.marker))
        }
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return start
            }
        }
        return nil
    }
}
