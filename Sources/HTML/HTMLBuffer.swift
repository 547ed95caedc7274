/// A growing buffer of UTF-8 bytes that HTML is rendered into.
///
/// Text appended with ``text(_:)`` is always escaped; the only way to append markup unescaped is
/// ``raw(_:)`` with an explicitly named ``HTMLRaw`` value.
///
/// ```swift
/// var html = HTMLBuffer()
/// html.element(.p, .class("greeting"), text: "Fish & chips")
/// // <p class="greeting">Fish &amp; chips</p>
/// ```
///
/// - Important: `HTMLBuffer` is a value type: render one page into one buffer on one task, then hand
///   its ``bytes`` to the response.
public struct HTMLBuffer: Sendable {
    /// The rendered UTF-8 bytes so far.
    ///
    /// Read-only outside this module; the setter is `internal` rather than `private` only so the
    /// writing primitives in `HTMLBuffer+Writing.swift` can append.
    public internal(set) var bytes: [UInt8]

    /// Creates an empty buffer.
    /// - Parameters:
    ///   - capacity: The number of bytes to reserve up front, so small pages render without regrowing.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends text, escaping `&`, `<` and `>`.
    ///
    /// Quotes are left alone: they are harmless in text content.
    /// - Parameters:
    ///   - string: Any text, including user input.
    public mutating func text(_ string: String) {
        appendEscaped(string, mode: .text)
    }

    /// Appends markup without escaping it.
    /// - Parameters:
    ///   - markup: Markup that the caller vouches for; see ``HTMLRaw``.
    public mutating func raw(_ markup: HTMLRaw) {
        switch markup.storage {
        case .string(let string):
            bytes.append(contentsOf: string.utf8)
        case .bytes(let rawBytes):
            bytes.append(contentsOf: rawBytes)
        }
    }

    /// Appends the HTML5 document type declaration, `<!DOCTYPE html>`.
    public mutating func doctype() {
        appendStatic("<!DOCTYPE html>")
    }

    /// Renders a component into this buffer.
    /// - Parameters:
    ///   - component: The component to render.
    @inlinable
    public mutating func render(_ component: some HTMLComponent) {
        component.render(into: &self)
    }
}
