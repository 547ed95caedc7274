/// A piece of UI that renders itself into an ``HTMLBuffer``.
///
/// ```swift
/// struct Greeting: HTMLComponent {
///     var name: String
///     func render(into html: inout HTMLBuffer) {
///         html.element(.p, text: "Hello, \(name)")
///     }
/// }
/// ```
public protocol HTMLComponent: Sendable {
    /// Appends this component's markup to `html`.
    /// - Parameters:
    ///   - html: The buffer being rendered into.
    func render(into html: inout HTMLBuffer)
}

extension HTMLComponent {
    /// This component rendered on its own, as UTF-8 bytes.
    public var renderedBytes: [UInt8] {
        var html = HTMLBuffer()
        render(into: &html)
        return html.bytes
    }

    /// This component rendered on its own, as a string; handy in tests and previews.
    public var renderedString: String {
        String(decoding: renderedBytes, as: UTF8.self)
    }
}
