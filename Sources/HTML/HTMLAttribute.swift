/// One attribute of an element: a static name and a value that is escaped when rendered.
///
/// Attribute names are `StaticString`s because they are never user input. Values are written
/// double-quoted, with `&`, `"`, `'` and `<` escaped. The element functions also take an optional
/// attribute, which renders nothing when it is `nil`.
///
/// ```swift
/// html.element(.a, .href(post.url), .ariaCurrent("page"), text: post.title)
/// html.void(.input, .type(.checkbox), .name("done"), .when(isDone, .checked))
/// html.element(.div, .class("like"), elementID.map(HTMLAttribute.id)) { html in ... }
/// ```
public struct HTMLAttribute: Sendable {
    /// What an attribute renders after its name.
    @usableFromInline
    internal enum Value: Sendable {
        /// ` name="escaped text"`
        case text(String)
        /// ` name="constant"`: a value chosen by this module, written as is.
        case constant(StaticString)
        /// ` name="42"`
        case integer(Int)
        /// ` name`: a boolean attribute that is present.
        case flag
        /// Nothing at all.
        case omitted
    }

    /// The attribute name, such as `aria-label`.
    public let name: StaticString

    @usableFromInline
    internal let value: Value

    @inlinable
    internal init(_ name: StaticString, _ value: Value) {
        self.name = name
        self.value = value
    }

    /// An attribute with a text value; the value is escaped when rendered.
    ///
    /// Use this for attributes without a named constructor, such as `data-` attributes.
    /// ```swift
    /// html.element(.button, .custom("data-post", post.id), text: "Like")
    /// ```
    /// - Parameters:
    ///   - name: The attribute name.
    ///   - value: Any text, including user input.
    @inlinable
    public static func custom(_ name: StaticString, _ value: String) -> HTMLAttribute {
        HTMLAttribute(name, .text(value))
    }

    /// An attribute whose value is a decimal number (`data-count="12345"`), written without a `String`.
    @inlinable
    public static func custom(_ name: StaticString, integer value: Int) -> HTMLAttribute {
        HTMLAttribute(name, .integer(value))
    }

    /// An attribute whose value is `true` or `false` (`data-liked="true"`).
    @inlinable
    public static func custom(_ name: StaticString, boolean value: Bool) -> HTMLAttribute {
        HTMLAttribute(name, .constant(value ? "true" : "false"))
    }

    /// The given attribute when `condition` is true; otherwise an attribute that renders nothing.
    /// ```swift
    /// html.element(.option, .value(id), .when(id == selectedID, .selected), text: label)
    /// ```
    /// - Parameters:
    ///   - condition: Whether the attribute is present.
    ///   - attribute: The attribute to render when present.
    @inlinable
    public static func when(_ condition: Bool, _ attribute: HTMLAttribute) -> HTMLAttribute {
        condition ? attribute : HTMLAttribute(attribute.name, .omitted)
    }
}
