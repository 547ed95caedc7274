import HTML

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
        var attributes: [HTMLStartTag.Ranges] = []  // of the tag read last: one storage for all
        attributes.reserveCapacity(16)
        while let token = scanner.next() {
            switch token.kind {
            case .start(let name, _):
                if HTMLPatchScanner.named(bytes, name, "form") {
                    if let form = open { forms.append(form) }
                    HTMLStartTag.ranges(in: bytes, token.range, into: &attributes)
                    open = Form(action: value(of: "action", in: attributes, bytes) ?? "", hidden: [])
                } else if open != nil, HTMLPatchScanner.named(bytes, name, "input") {
                    HTMLStartTag.ranges(in: bytes, token.range, into: &attributes)
                    guard let type = attributes.first(where: { HTMLPatchScanner.named(bytes, $0.name, "type") }),
                        let kind = type.value, HTMLPatchScanner.named(bytes, kind, "hidden"),
                        let field = value(of: "name", in: attributes, bytes)
                    else { continue }
                    open!.hidden.append((field, value(of: "value", in: attributes, bytes) ?? ""))
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

    /// The value of the attribute `wanted` (lowercase letters) among `attributes`, decoded; `nil` when
    /// there is none. Names are compared as bytes: only the value asked for is made a string.
    private static func value(
        of wanted: StaticString, in attributes: [HTMLStartTag.Ranges], _ bytes: UnsafeBufferPointer<UInt8>
    ) -> String? {
        guard let attribute = attributes.first(where: { HTMLPatchScanner.named(bytes, $0.name, wanted) }) else {
            return nil
        }
        return attribute.value.map { HTMLStartTag.value(bytes, $0) } ?? ""
    }

    /// Whether the end tag at `range` is `</form>`.
    private static func isFormEnd(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        range.count >= 7 && HTMLPatchScanner.named(bytes, range.lowerBound + 2..<range.lowerBound + 6, "form")
    }
}
