extension HTMLBuffer {
    /// Appends an element whose content is written by a closure, with attributes built at run time.
    /// - Parameters:
    ///   - tag: The element's tag.
    ///   - attributes: The element's attributes, rendered in order; a `nil` one renders nothing.
    ///   - content: Writes the element's content into the buffer.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag,
        _ attributes: [HTMLAttribute?],
        content: (inout HTMLBuffer) -> Void
    ) {
        startTag(tag.name, attributes)
        content(&self)
        endTag(tag.name)
    }

    /// Appends an element with no content, such as `<div id="slot"></div>`.
    /// - Parameters:
    ///   - tag: The element's tag.
    ///   - attributes: The element's attributes, rendered in order; a `nil` one renders nothing.
    @inlinable
    public mutating func element(_ tag: HTMLTag, _ attributes: HTMLAttribute?...) {
        startTag(tag.name, attributes)
        endTag(tag.name)
    }

    /// Appends a void element with attributes built at run time.
    /// - Parameters:
    ///   - tag: The void element's tag.
    ///   - attributes: The element's attributes, rendered in order; a `nil` one renders nothing.
    @inlinable
    public mutating func void(_ tag: HTMLVoidTag, _ attributes: [HTMLAttribute?]) {
        startTag(tag.name, attributes)
    }

    /// Appends `<name attributes>` for the array and variadic forms (the fixed-arity forms in
    /// `HTMLBuffer+FixedArity.swift` write their attributes directly).
    @inlinable
    internal mutating func startTag(_ name: StaticString, _ attributes: [HTMLAttribute?]) {
        openStartTag(name)
        for attribute in attributes {
            append(attribute)
        }
        closeStartTag()
    }
}
