extension HTMLBuffer {
    /// How ``appendEscaped(_:mode:)`` treats special characters.
    @usableFromInline
    internal enum EscapeMode: Sendable {
        /// Text content: escapes `&`, `<` and `>`.
        case text
        /// A double-quoted attribute value: escapes `&`, `"`, `'` and `<`.
        case attribute
    }

    /// Appends `<name`.
    @usableFromInline
    internal mutating func openStartTag(_ name: StaticString) {
        appendByte(UInt8(ascii: "<"))
        appendStatic(name)
    }

    /// Appends the `>` that ends a start tag.
    @usableFromInline
    internal mutating func closeStartTag() {
        appendByte(UInt8(ascii: ">"))
    }

    /// Appends `</name>`.
    @usableFromInline
    internal mutating func endTag(_ name: StaticString) {
        appendByte(UInt8(ascii: "<"))
        appendByte(UInt8(ascii: "/"))
        appendStatic(name)
        appendByte(UInt8(ascii: ">"))
    }

    /// Appends one attribute with its leading space, or nothing if it is omitted.
    @usableFromInline
    internal mutating func append(_ attribute: HTMLAttribute) {
        switch attribute.value {
        case .omitted:
            return
        case .flag:
            appendByte(UInt8(ascii: " "))
            appendStatic(attribute.name)
        case .text(let value):
            openAttributeValue(attribute.name)
            appendEscaped(value, mode: .attribute)
            appendByte(UInt8(ascii: "\""))
        case .constant(let value):
            openAttributeValue(attribute.name)
            appendStatic(value)
            appendByte(UInt8(ascii: "\""))
        case .integer(let value):
            openAttributeValue(attribute.name)
            appendDecimal(value)
            appendByte(UInt8(ascii: "\""))
        }
    }

    /// Appends ` name="`.
    private mutating func openAttributeValue(_ name: StaticString) {
        appendByte(UInt8(ascii: " "))
        appendStatic(name)
        appendByte(UInt8(ascii: "="))
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends the bytes of a static string unchanged.
    @usableFromInline
    internal mutating func appendStatic(_ string: StaticString) {
        string.withUTF8Buffer { appendBytes($0) }
    }

    /// Appends an integer in decimal, without going through `String`.
    internal mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            appendByte(UInt8(ascii: "-"))
        }
        var remaining = value.magnitude
        var digitCount = 1
        var probe = remaining
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        if count + digitCount > capacity {
            grow(toAtLeast: count + digitCount)
        }
        count += digitCount
        var index = count - 1
        repeat {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            index -= 1
        } while remaining > 0
    }

    /// Appends a string, escaping the characters special in `mode`.
    ///
    /// Scans the UTF-8 bytes directly: every special character is ASCII, and ASCII bytes never occur
    /// inside a multi-byte UTF-8 sequence, so runs between specials are copied in bulk.
    @usableFromInline
    internal mutating func appendEscaped(_ string: String, mode: EscapeMode) {
        // `withUTF8` also serves small strings (kept inline, so they have no contiguous storage to
        // borrow) from a stack copy, where `utf8.withContiguousStorageIfAvailable` would give up.
        var string = string
        string.withUTF8 { appendEscaped($0, mode: mode) }
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, mode: EscapeMode) {
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            // Every special character is at or below `>` (0x3E); most bytes skip the switch.
            if byte > UInt8(ascii: ">") {
                continue
            }
            let entity: StaticString
            switch (byte, mode) {
            case (UInt8(ascii: "&"), _): entity = "&amp;"
            case (UInt8(ascii: "<"), _): entity = "&lt;"
            case (UInt8(ascii: ">"), .text): entity = "&gt;"
            case (UInt8(ascii: "\""), .attribute): entity = "&quot;"
            case (UInt8(ascii: "'"), .attribute): entity = "&#39;"
            default: continue
            }
            if runStart < index {
                appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            appendStatic(entity)
            runStart = index + 1
        }
        if runStart < utf8.count {
            appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }
}
