/// What changes between two renders of one component root that have the same elements: the attributes
/// and texts that differ, each at an element's index. A self-managed root carries the patch to its
/// optimistic next state, so that a browser script can show that state at once without knowing the
/// component.
///
/// ```swift
/// let patch = HTMLPatch(from: committed.renderedBytes, to: optimistic.renderedBytes)  // nil: not the same elements
/// html.raw(committed.renderedBytes, addingToRoot: .custom("data-optimistic", patch!.encoded))
/// ```
///
/// Elements are numbered in document order, the root 0, as `[root, ...root.querySelectorAll('*')]` lists
/// them in a browser. A text change is the whole text of an element whose only content is that text.
/// Two renders whose tags differ (an element more or less, another name, text where there was none)
/// have no patch.
public struct HTMLPatch: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// Set the attribute of the element at `element` to `value` (decoded text).
        case setAttribute(element: Int, name: String, value: String)
        /// Remove the attribute of the element at `element`.
        case removeAttribute(element: Int, name: String)
        /// Set the text of the element at `element`, whose only content is text.
        case setText(element: Int, text: String)
    }

    /// How many elements both renders have: a script checks this before it applies the changes.
    public var elementCount: Int
    public var changes: [Change]

    public init(elementCount: Int, changes: [Change]) {
        self.elementCount = elementCount
        self.changes = changes
    }

    /// The changes that turn the markup `from` into the markup `to`, or `nil` when the two do not have
    /// the same elements in the same order.
    public init?(from: [UInt8], to: [UInt8]) {
        let before = HTMLTokenizer.tokenize(from).tokens
        let after = HTMLTokenizer.tokenize(to).tokens
        guard before.count == after.count else { return nil }
        var changes: [Change] = []
        var elements = 0
        var open: [(element: Int, token: Int)] = []  // the elements open at this token, and their start tags
        for index in before.indices {
            let old = before[index]
            let new = after[index]
            switch (old.kind, new.kind) {
            case (.startTag(let name, let selfClosing), .startTag(let newName, let newSelfClosing))
            where name == newName && selfClosing == newSelfClosing:
                let element = elements
                elements += 1
                if !Self.equal(from, old.range, to, new.range) {
                    Self.diffAttributes(
                        HTMLStartTag(from[old.range]), HTMLStartTag(to[new.range]), element: element, into: &changes)
                }
                if !selfClosing && !HTMLTokenizer.voidElements.contains(name) {
                    open.append((element, index))
                }
            case (.endTag(let name), .endTag(let newName)) where name == newName:
                guard !open.isEmpty else { return nil }
                open.removeLast()
            case (.text, .text):
                guard !Self.equal(from, old.range, to, new.range) else { continue }
                // Only the whole text of an element holding nothing else can be set as its text.
                guard let parent = open.last, parent.token == index - 1, index + 1 < before.count,
                    case .endTag = before[index + 1].kind
                else { return nil }
                changes.append(.setText(element: parent.element, text: HTMLEntities.decode(to[new.range])))
            case (.comment, .comment), (.doctype, .doctype):
                guard Self.equal(from, old.range, to, new.range) else { return nil }
            default:
                return nil
            }
        }
        self.init(elementCount: elements, changes: changes)
    }

    private static func equal(_ a: [UInt8], _ ra: Range<Int>, _ b: [UInt8], _ rb: Range<Int>) -> Bool {
        ra.count == rb.count && a[ra].elementsEqual(b[rb])
    }

    private static func diffAttributes(
        _ old: HTMLStartTag, _ new: HTMLStartTag, element: Int, into changes: inout [Change]
    ) {
        for (name, value) in new.attributes where old.value(of: name) != value {
            changes.append(.setAttribute(element: element, name: name, value: value))
        }
        for (name, _) in old.attributes where new.value(of: name) == nil {
            changes.append(.removeAttribute(element: element, name: name))
        }
    }

    /// The patch as one line of text for an attribute: fields separated by `|` (a `|` or `\` in a field
    /// is written `\|` or `\\`). The first field is the element count; then each change is three fields:
    /// the element's index, `=name` (set), `-name` (remove) or `:` (text), and the value.
    ///
    /// `9|0|=class|like like--animated|8|:|12.3K`
    public var encoded: String {
        var fields = [String(elementCount)]
        for change in changes {
            switch change {
            case .setAttribute(let element, let name, let value):
                fields += [String(element), "=" + name, value]
            case .removeAttribute(let element, let name):
                fields += [String(element), "-" + name, ""]
            case .setText(let element, let text):
                fields += [String(element), ":", text]
            }
        }
        return fields.map(Self.escaped).joined(separator: "|")
    }

    /// The patch that `encoded` wrote, or `nil` for text that is not one.
    public init?(encoded: String) {
        var fields: [String] = []
        var field = ""
        var escaping = false
        for character in encoded {
            if escaping {
                field.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "|" {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        guard !escaping, let count = Int(fields[0]), (fields.count - 1) % 3 == 0 else { return nil }
        var changes: [Change] = []
        var index = 1
        while index < fields.count {
            guard let element = Int(fields[index]), element >= 0, element < count,
                let kind = fields[index + 1].first
            else { return nil }
            let name = String(fields[index + 1].dropFirst())
            switch kind {
            case "=" where !name.isEmpty:
                changes.append(.setAttribute(element: element, name: name, value: fields[index + 2]))
            case "-" where !name.isEmpty: changes.append(.removeAttribute(element: element, name: name))
            case ":" where name.isEmpty: changes.append(.setText(element: element, text: fields[index + 2]))
            default: return nil
            }
            index += 3
        }
        self.init(elementCount: count, changes: changes)
    }

    private static func escaped(_ field: String) -> String {
        guard field.contains(where: { $0 == "|" || $0 == "\\" }) else { return field }
        var result = ""
        for character in field {
            if character == "|" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
