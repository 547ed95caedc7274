/// The forms in markup this module rendered, each with its action and its hidden fields: what a
/// self-managed root's taps will post, read from the root's own render (so a component says nothing
/// more than the forms it renders).
///
/// ```swift
/// HTMLForms.find(in: bytes)   // [Form(action: "/components/rating/rate", hidden: [("post", "p1"), ("stars", "4")])]
/// ```
package enum HTMLForms {
    package struct Form: Sendable, Equatable {
        /// The `action` attribute, decoded.
        package var action: String
        /// The `<input type="hidden">` fields inside it, in order, names and values decoded.
        package var hidden: [(name: String, value: String)]

        package init(action: String, hidden: [(name: String, value: String)]) {
            self.action = action
            self.hidden = hidden
        }

        package static func == (lhs: Form, rhs: Form) -> Bool {
            lhs.action == rhs.action && lhs.hidden.elementsEqual(rhs.hidden) { $0 == $1 }
        }
    }

    /// Every form in `bytes`, in document order (forms do not nest).
    package static func find(in bytes: UnsafeBufferPointer<UInt8>) -> [Form] {
        var forms: [Form] = []
        var scanner = HTMLPatchScanner(bytes)
        var open: Form?
        while let token = scanner.next() {
            switch token.kind {
            case .start(let name, _):
                if HTMLPatchScanner.named(bytes, name, "form") {
                    if let form = open { forms.append(form) }
                    open = Form(action: attribute("action", of: token.range, in: bytes) ?? "", hidden: [])
                } else if open != nil, HTMLPatchScanner.named(bytes, name, "input"),
                    attribute("type", of: token.range, in: bytes)?.lowercased() == "hidden",
                    let field = attribute("name", of: token.range, in: bytes)
                {
                    open!.hidden.append((field, attribute("value", of: token.range, in: bytes) ?? ""))
                }
            case .end:
                if open != nil, isFormEnd(token.range, in: bytes) {
                    forms.append(open!)
                    open = nil
                }
            case .text, .other:
                break
            }
        }
        if let form = open { forms.append(form) }
        return forms
    }

    private static func attribute(_ wanted: String, of tag: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String?
    {
        for attribute in HTMLStartTag.ranges(in: bytes, tag) where HTMLStartTag.name(bytes, attribute.name) == wanted {
            return attribute.value.map { HTMLStartTag.value(bytes, $0) } ?? ""
        }
        return nil
    }

    /// Whether the end tag at `range` is `</form>`.
    private static func isFormEnd(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return name.lowercased().hasPrefix("</form")
    }
}
