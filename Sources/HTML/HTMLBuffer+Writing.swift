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
        appendFramed(UInt8(ascii: "<"), name, nil, nil)
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
        appendFramed(UInt8(ascii: "/"), name, UInt8(ascii: ">"), nil)
    }

    /// Appends `lead`, the bytes of `name`, then `first` and `second` when given, reserving room once:
    /// tags and attribute names are the most frequent appends, and one capacity check for the whole
    /// run costs less than one per byte.
    @inline(__always)
    private mutating func appendFramed(_ lead: UInt8, _ name: StaticString, _ first: UInt8?, _ second: UInt8?) {
        let length = name.utf8CodeUnitCount
        let needed = count + length + 3
        if needed > capacity {
            grow(toAtLeast: needed)
        }
        base[count] = lead
        var position = count + 1
        if name.hasPointerRepresentation {
            (base + position).update(from: name.utf8Start, count: length)
        } else {
            name.withUTF8Buffer { (base + position).update(from: $0.baseAddress!, count: $0.count) }
        }
        position += length
        if let first {
            base[position] = first
            position += 1
        }
        if let second {
            base[position] = second
            position += 1
        }
        count = position
    }

    /// Appends one attribute with its leading space, or nothing if it is `nil` or omitted.
    @usableFromInline
    internal mutating func append(_ attribute: HTMLAttribute?) {
        guard let attribute else { return }
        switch attribute.value {
        case .omitted:
            return
        case .flag:
            appendFramed(UInt8(ascii: " "), attribute.name, nil, nil)
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
        appendFramed(UInt8(ascii: " "), name, UInt8(ascii: "="), UInt8(ascii: "\""))
    }

    /// Appends the bytes of a static string unchanged.
    @usableFromInline
    internal mutating func appendStatic(_ string: StaticString) {
        if string.hasPointerRepresentation {
            appendBytes(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
        } else {
            string.withUTF8Buffer { appendBytes($0) }
        }
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
        // Every special character is below 64: one bit per byte value says which need an entity, so
        // most bytes cost a comparison and a shift.
        let special: UInt64 =
            switch mode {
            case .text: 1 << 0x26 | 1 << 0x3C | 1 << 0x3E  // & < >
            case .attribute: 1 << 0x26 | 1 << 0x3C | 1 << 0x22 | 1 << 0x27  // & < " '
            }
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            if byte >= 64 || (special &>> UInt64(byte)) & 1 == 0 {
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
