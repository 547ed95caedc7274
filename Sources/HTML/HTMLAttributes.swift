/// Attributes rendered once, escaped like every attribute, to be added to an element later (see
/// `HTMLBuffer.render(_:decoratingRoot:)`): ` name="value"` for each, in order.
///
/// ```swift
/// let added = HTMLAttributes(.custom("data-key", "like p1"))
/// ```
package struct HTMLAttributes: Sendable, Equatable {
    /// The escaped bytes, each attribute with its leading space.
    let bytes: [UInt8]

    /// The attributes given, in order; `nil`s and `.when(false, …)` attributes are left out.
    package init(_ attributes: HTMLAttribute?...) {
        self.init(attributes)
    }

    /// The attributes of `attributes`, in order; `nil`s are left out.
    package init(_ attributes: [HTMLAttribute?]) {
        var html = HTMLBuffer(capacity: 128)
        for attribute in attributes {
            html.append(attribute)
        }
        bytes = html.bytes
    }

    /// No attributes.
    package static let none = HTMLAttributes([])
}
