// The element functions for zero to eight attributes (more: pass an array).
//
// A variadic `HTMLAttribute...` parameter would be an array that the caller allocates on the heap for
// every element; these take the attributes as separate arguments, so rendering allocates nothing per
// element. The `text:` forms are the `content:` forms writing escaped text. Generated; keep them uniform.

extension HTMLBuffer {
    /// An element without attributes whose content is written by a closure.
    @inlinable
    public mutating func element(_ tag: HTMLTag, content: (inout HTMLBuffer) -> Void) {
        openStartTag(tag.name)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element without attributes containing escaped text.
    @inlinable
    public mutating func element(_ tag: HTMLTag, text: String) {
        element(tag) { $0.text(text) }
    }

    /// A void element without attributes.
    @inlinable
    public mutating func void(_ tag: HTMLVoidTag) {
        openStartTag(tag.name)
        closeStartTag()
    }

    /// An element with 1 attribute whose content is written by a closure.
    @inlinable
    public mutating func element(_ tag: HTMLTag, _ a0: HTMLAttribute, content: (inout HTMLBuffer) -> Void) {
        openStartTag(tag.name)
        append(a0)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 1 attribute containing escaped text.
    @inlinable
    public mutating func element(_ tag: HTMLTag, _ a0: HTMLAttribute, text: String) {
        element(tag, a0) { $0.text(text) }
    }

    /// A void element with 1 attribute.
    @inlinable
    public mutating func void(_ tag: HTMLVoidTag, _ a0: HTMLAttribute) {
        openStartTag(tag.name)
        append(a0)
        closeStartTag()
    }

    /// An element with 2 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 2 attributes containing escaped text.
    @inlinable
    public mutating func element(_ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, text: String) {
        element(tag, a0, a1) { $0.text(text) }
    }

    /// A void element with 2 attributes.
    @inlinable
    public mutating func void(_ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        closeStartTag()
    }

    /// An element with 3 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute,
        content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 3 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2) { $0.text(text) }
    }

    /// A void element with 3 attributes.
    @inlinable
    public mutating func void(_ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        closeStartTag()
    }

    /// An element with 4 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 4 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2, a3) { $0.text(text) }
    }

    /// A void element with 4 attributes.
    @inlinable
    public mutating func void(
        _ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        closeStartTag()
    }

    /// An element with 5 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 5 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2, a3, a4) { $0.text(text) }
    }

    /// A void element with 5 attributes.
    @inlinable
    public mutating func void(
        _ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        closeStartTag()
    }

    /// An element with 6 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 6 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2, a3, a4, a5) { $0.text(text) }
    }

    /// A void element with 6 attributes.
    @inlinable
    public mutating func void(
        _ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        closeStartTag()
    }

    /// An element with 7 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute, content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        append(a6)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 7 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2, a3, a4, a5, a6) { $0.text(text) }
    }

    /// A void element with 7 attributes.
    @inlinable
    public mutating func void(
        _ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        append(a6)
        closeStartTag()
    }

    /// An element with 8 attributes whose content is written by a closure.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute, _ a7: HTMLAttribute,
        content: (inout HTMLBuffer) -> Void
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        append(a6)
        append(a7)
        closeStartTag()
        content(&self)
        endTag(tag.name)
    }

    /// An element with 8 attributes containing escaped text.
    @inlinable
    public mutating func element(
        _ tag: HTMLTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute, _ a7: HTMLAttribute, text: String
    ) {
        element(tag, a0, a1, a2, a3, a4, a5, a6, a7) { $0.text(text) }
    }

    /// A void element with 8 attributes.
    @inlinable
    public mutating func void(
        _ tag: HTMLVoidTag, _ a0: HTMLAttribute, _ a1: HTMLAttribute, _ a2: HTMLAttribute, _ a3: HTMLAttribute,
        _ a4: HTMLAttribute, _ a5: HTMLAttribute, _ a6: HTMLAttribute, _ a7: HTMLAttribute
    ) {
        openStartTag(tag.name)
        append(a0)
        append(a1)
        append(a2)
        append(a3)
        append(a4)
        append(a5)
        append(a6)
        append(a7)
        closeStartTag()
    }

}
