import HTML

#if canImport(Glibc)
    import Glibc
#endif

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
package struct HTMLPatch: Sendable, Equatable {
    package enum Change: Sendable, Equatable {
        /// Set the attribute of the element at `element` to `value` (decoded text).
        case setAttribute(element: Int, name: String, value: String)
        /// Remove the attribute of the element at `element`.
        case removeAttribute(element: Int, name: String)
        /// Set the text of the element at `element`, whose only content is text.
        case setText(element: Int, text: String)
    }

    /// How many elements both renders have: a script checks this before it applies the changes.
    package var elementCount: Int
    package var changes: [Change]

    package init(elementCount: Int, changes: [Change]) {
        self.elementCount = elementCount
        self.changes = changes
    }

    /// The changes that turn the markup `from` into the markup `to`, or `nil` when the two do not have
    /// the same elements in the same order.
    package init?(from: [UInt8], to: [UInt8]) {
        self.init(from: from, to: to, sharedRunsScannedOnce: true)
    }

    /// The same, with the runs of bytes both renders share scanned once (as always) or, for a test that
    /// checks that this changes nothing, scanned in both as any other part.
    package init?(from: [UInt8], to: [UInt8], sharedRunsScannedOnce: Bool) {
        var changes = ChangeList()
        let elements = from.withUnsafeBufferPointer { old in
            to.withUnsafeBufferPointer { new in
                Self.differences(from: old, to: new, scanningSharedRunsOnce: sharedRunsScannedOnce, into: &changes)
            }
        }
        guard let elements else { return nil }
        self.init(elementCount: elements, changes: changes.changes)
    }

    /// How many bytes from `a`'s `from` on are the same as from `b`'s `at` on (compared eight at a time).
    private static func sameRun(
        _ a: UnsafeBufferPointer<UInt8>, from: Int, _ b: UnsafeBufferPointer<UInt8>, at: Int
    ) -> Int {
        let count = min(a.count - from, b.count - at)
        guard count > 0, let baseA = a.baseAddress, let baseB = b.baseAddress else { return 0 }
        let rawA = UnsafeRawPointer(baseA + from)
        let rawB = UnsafeRawPointer(baseB + at)
        var run = 0
        while run + 8 <= count,
            rawA.loadUnaligned(fromByteOffset: run, as: UInt64.self)
                == rawB.loadUnaligned(fromByteOffset: run, as: UInt64.self)
        {
            run += 8
        }
        while run < count && baseA[from + run] == baseB[at + run] { run += 1 }
        return run
    }

    /// Walks both renders token by token, telling `changes` what differs; a token whose bytes are the same
    /// in both costs a comparison. Where both renders go on with the same bytes for a while (a thread of
    /// comments, between a root whose attributes changed and a composer that did), the tokens of that run
    /// are scanned in the old render alone, and the new one's scanner takes its place after each
    /// (`scanningSharedRunsOnce`; off only for a test that checks that it changes nothing). Returns the
    /// element count, or `nil` when the renders do not have the same elements.
    private static func differences<Sink: HTMLPatchSink>(
        from old: UnsafeBufferPointer<UInt8>, to new: UnsafeBufferPointer<UInt8>, scanningSharedRunsOnce: Bool = true,
        into changes: inout Sink
    ) -> Int? {
        var oldTokens = HTMLPatchScanner(old)
        var newTokens = HTMLPatchScanner(new)
        var elements = 0
        var open: [Int] = []  // the elements open here
        var previousOpened: Int?  // the element whose start tag was the token before, if it opens one
        // The run both scanners are in: it ends at `runEnd` in the old render; the new render holds it
        // `delta` bytes further on. Found again after each token outside it.
        var runEnd = 0
        var delta = 0
        var inRun = false
        // The attributes of the two start tags compared last: their storage serves every tag.
        var before: [HTMLStartTag.Ranges] = []
        var after: [HTMLStartTag.Ranges] = []
        before.reserveCapacity(16)
        after.reserveCapacity(16)
        while true {
            if !inRun && scanningSharedRunsOnce {
                delta = newTokens.offset - oldTokens.offset
                runEnd = oldTokens.offset + sameRun(old, from: oldTokens.offset, new, at: newTokens.offset)
            }
            let oldToken = oldTokens.next()
            // A token is the same in both when every byte its scan read is in the run: its own and the
            // few past its end that finding its end looks at.
            inRun = oldToken.map { $0.range.upperBound + HTMLPatchScanner.lookahead <= runEnd } ?? false
            let newToken: HTMLPatchScanner.Token?
            if inRun, let oldToken {
                newTokens.follow(oldTokens, shiftedBy: delta)
                newToken = oldToken.shifted(by: delta)
            } else {
                newToken = newTokens.next()
            }
            guard let oldToken, let newToken else {
                return oldToken == nil && newToken == nil && open.isEmpty ? elements : nil
            }
            let same = inRun || equal(old, oldToken.range, new, newToken.range)
            let opened = previousOpened
            previousOpened = nil
            switch (oldToken.kind, newToken.kind) {
            case (.start(let oldName, let opens), .start(let newName, let newOpens)):
                guard opens == newOpens, HTMLPatchScanner.sameName(old, oldName, new, newName) else { return nil }
                let element = elements
                elements += 1
                if !same {
                    HTMLStartTag.ranges(in: old, oldToken.range, into: &before)
                    HTMLStartTag.ranges(in: new, newToken.range, into: &after)
                    diffAttributes(old, before, new, after, element: element, into: &changes)
                }
                if opens {
                    open.append(element)
                    previousOpened = element
                }
            case (.end, .end):
                guard same || endTagsMatch(old, oldToken.range, new, newToken.range), !open.isEmpty else { return nil }
                open.removeLast()
            case (.text, .text):
                guard !same else { continue }
                // Only the whole text of an element holding nothing else can be set as its text: the token
                // before opened it, and the next one must close it.
                guard let parent = opened, parent == open.last else { return nil }
                changes.setText(element: parent, text: UnsafeBufferPointer(rebasing: new[newToken.range]))
                let oldNext = oldTokens.next()
                let newNext = newTokens.next()
                guard oldNext?.kind == .end, newNext?.kind == .end, !open.isEmpty else { return nil }
                open.removeLast()
            case (.other, .other):
                guard same else { return nil }
            default:
                return nil
            }
        }
    }

    private static func equal(
        _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
    ) -> Bool {
        guard ra.count == rb.count else { return false }
        guard let baseA = a.baseAddress, let baseB = b.baseAddress else { return ra.isEmpty }
        return memcmp(baseA + ra.lowerBound, baseB + rb.lowerBound, ra.count) == 0
    }

    /// `</name>` and `</name >` close the same element.
    private static func endTagsMatch(
        _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
    ) -> Bool {
        func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
            var end = range.lowerBound + 2
            while end < range.upperBound && bytes[end] != UInt8(ascii: ">") && bytes[end] != UInt8(ascii: " ") {
                end += 1
            }
            return (range.lowerBound + 2)..<end
        }
        return HTMLPatchScanner.sameName(a, name(a, ra), b, name(b, rb))
    }

    /// The attributes that differ between two start tags of one element (`before` and `after`, their
    /// attributes); only those are made strings.
    /// Two renders of one component write an element's attributes in the same order, so they are compared
    /// pairwise first; an attribute one tag has and the other lacks is looked for by name.
    private static func diffAttributes<Sink: HTMLPatchSink>(
        _ old: UnsafeBufferPointer<UInt8>, _ before: [HTMLStartTag.Ranges], _ new: UnsafeBufferPointer<UInt8>,
        _ after: [HTMLStartTag.Ranges], element: Int, into changes: inout Sink
    ) {
        func sameValue(_ a: HTMLStartTag.Ranges, _ b: HTMLStartTag.Ranges) -> Bool {
            equal(old, a.value ?? 0..<0, new, b.value ?? 0..<0) && (a.value == nil) == (b.value == nil)
        }
        func set(_ attribute: HTMLStartTag.Ranges) {
            changes.setAttribute(
                element: element, name: UnsafeBufferPointer(rebasing: new[attribute.name]),
                value: attribute.value.map { UnsafeBufferPointer(rebasing: new[$0]) })
        }
        for (index, attribute) in after.enumerated() {
            if index < before.count, HTMLPatchScanner.sameName(old, before[index].name, new, attribute.name) {
                if !sameValue(before[index], attribute) { set(attribute) }
            } else if let match = before.first(where: { HTMLPatchScanner.sameName(old, $0.name, new, attribute.name) })
            {
                if !sameValue(match, attribute) { set(attribute) }
            } else {
                set(attribute)
            }
        }
        for (index, attribute) in before.enumerated()
        where !(index < after.count && HTMLPatchScanner.sameName(old, attribute.name, new, after[index].name))
            && !after.contains(where: { HTMLPatchScanner.sameName(old, attribute.name, new, $0.name) })
        {
            changes.removeAttribute(element: element, name: UnsafeBufferPointer(rebasing: old[attribute.name]))
        }
    }

    /// The patch as one line of text for an attribute: fields separated by `|` (a `|` or `\` in a field
    /// is written `\|` or `\\`). The first field is the element count; then each change is three fields:
    /// the element's index, `=name` (set), `-name` (remove) or `:` (text), and the value.
    ///
    /// `9|0|=class|like like--animated|8|:|12.3K`
    package var encoded: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + changes.count * 24)
        Self.appendDecimal(elementCount, to: &bytes)
        for change in changes {
            bytes.append(UInt8(ascii: "|"))
            switch change {
            case .setAttribute(let element, let name, let value):
                Self.appendDecimal(element, to: &bytes)
                bytes.append(contentsOf: "|=".utf8)
                Self.appendEscaped(name, to: &bytes)
                bytes.append(UInt8(ascii: "|"))
                Self.appendEscaped(value, to: &bytes)
            case .removeAttribute(let element, let name):
                Self.appendDecimal(element, to: &bytes)
                bytes.append(contentsOf: "|-".utf8)
                Self.appendEscaped(name, to: &bytes)
                bytes.append(UInt8(ascii: "|"))
            case .setText(let element, let text):
                Self.appendDecimal(element, to: &bytes)
                bytes.append(contentsOf: "|:|".utf8)
                Self.appendEscaped(text, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `HTMLPatch(from:to:)?.encoded`, written straight into the encoded form: no change is made a value,
    /// no field that needs no decoding a string. Nothing is kept: a caller that shows the same two renders
    /// again keeps what it makes (a self-managed root is kept whole, `OptimisticMemo`).
    package static func encoded(from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>) -> String? {
        var encoder = Encoder()
        guard let elements = differences(from: from, to: to, into: &encoder) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + encoder.bytes.count)
        appendDecimal(elements, to: &bytes)
        bytes.append(contentsOf: encoder.bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The patch that `encoded` wrote, or `nil` for text that is not one.
    package init?(encoded: String) {
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

    fileprivate static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    fileprivate static func appendEscaped(_ field: String, to bytes: inout [UInt8]) {
        appendEscaped(field.utf8, to: &bytes)
    }

    fileprivate static func appendEscaped(_ field: some Sequence<UInt8>, to bytes: inout [UInt8]) {
        for byte in field {
            if byte == UInt8(ascii: "|") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
    }
}

/// Where `HTMLPatch.differences` puts what it finds, as the render's bytes: a name as written, a value or
/// text still with its character references.
protocol HTMLPatchSink {
    mutating func setAttribute(element: Int, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?)
    mutating func removeAttribute(element: Int, name: UnsafeBufferPointer<UInt8>)
    mutating func setText(element: Int, text: UnsafeBufferPointer<UInt8>)
}

extension HTMLPatch {
    /// The changes as values (`HTMLPatch(from:to:)`): names lowercased, values and texts decoded.
    fileprivate struct ChangeList: HTMLPatchSink {
        var changes: [Change] = []

        mutating func setAttribute(
            element: Int, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?
        ) {
            changes.append(
                .setAttribute(
                    element: element, name: HTMLStartTag.name(name, 0..<name.count),
                    value: value.map { HTMLEntities.decode($0) } ?? ""))
        }

        mutating func removeAttribute(element: Int, name: UnsafeBufferPointer<UInt8>) {
            changes.append(.removeAttribute(element: element, name: HTMLStartTag.name(name, 0..<name.count)))
        }

        mutating func setText(element: Int, text: UnsafeBufferPointer<UInt8>) {
            changes.append(.setText(element: element, text: HTMLEntities.decode(text)))
        }
    }

    /// The changes in the encoded form (`encoded`), without the element count that leads it.
    fileprivate struct Encoder: HTMLPatchSink {
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(96)
        }

        mutating func setAttribute(
            element: Int, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?
        ) {
            start(element, "|=")
            appendName(name)
            bytes.append(UInt8(ascii: "|"))
            if let value { appendDecoded(value) }
        }

        mutating func removeAttribute(element: Int, name: UnsafeBufferPointer<UInt8>) {
            start(element, "|-")
            appendName(name)
            bytes.append(UInt8(ascii: "|"))
        }

        mutating func setText(element: Int, text: UnsafeBufferPointer<UInt8>) {
            start(element, "|:|")
            appendDecoded(text)
        }

        private mutating func start(_ element: Int, _ kind: StaticString) {
            bytes.append(UInt8(ascii: "|"))
            HTMLPatch.appendDecimal(element, to: &bytes)
            bytes.append(contentsOf: UnsafeBufferPointer(start: kind.utf8Start, count: kind.utf8CodeUnitCount))
        }

        /// A name as `HTMLStartTag.name` makes it: lowercased (ASCII in place, anything else as a string).
        private mutating func appendName(_ name: UnsafeBufferPointer<UInt8>) {
            guard name.allSatisfy({ $0 < 0x80 }) else {
                HTMLPatch.appendEscaped(HTMLStartTag.name(name, 0..<name.count), to: &bytes)
                return
            }
            HTMLPatch.appendEscaped(
                name.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, to: &bytes)
        }

        /// Text as `HTMLEntities.decode` makes it; as it is when it holds no `&`.
        private mutating func appendDecoded(_ text: UnsafeBufferPointer<UInt8>) {
            guard let base = text.baseAddress, !text.isEmpty else { return }
            if memchr(base, Int32(UInt8(ascii: "&")), text.count) == nil {
                HTMLPatch.appendEscaped(text, to: &bytes)
            } else {
                HTMLPatch.appendEscaped(HTMLEntities.decode(text), to: &bytes)
            }
        }
    }
}
