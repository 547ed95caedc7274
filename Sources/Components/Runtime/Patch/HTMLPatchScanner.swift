import HTML

#if canImport(Glibc)
    import Glibc
#endif

/// Splits markup this module rendered into start tags, end tags, text and other markup (comments, the
/// doctype), by byte offsets and without allocating: what `HTMLPatch` walks two renders with. Attribute
/// values are quoted here, so a `>` inside one does not end its tag; the content of a raw-text element
/// (`script`, `style`, `textarea`, `title`) is one text token.
struct HTMLPatchScanner {
    enum Kind: Equatable {
        /// `name` is the tag name's byte range; `opens` is false for a void element or `<x/>`.
        case start(name: Range<Int>, opens: Bool)
        case end
        case text
        case other
    }

    struct Token {
        var kind: Kind
        var range: Range<Int>

        /// The same token `delta` bytes further on (in other bytes that hold it there).
        func shifted(by delta: Int) -> Token {
            switch kind {
            case .start(let name, let opens):
                Token(kind: .start(name: name.shifted(by: delta), opens: opens), range: range.shifted(by: delta))
            default:
                Token(kind: kind, range: range.shifted(by: delta))
            }
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// After the start tag of a raw-text element: its name, whose end tag ends the text.
    private var rawText: Range<Int>?
    /// Whether a token ran to the end of the input without its end (a tag's `>`, a comment's `-->`, a raw
    /// text's end tag): bytes after these would have gone on with it.
    private(set) var ranOut = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The most bytes past a token's end that its scan reads: a text token looks at the two bytes after
    /// it (`<` and what follows), a raw text at its end tag's `</` and name (`textarea`, the longest).
    static let lookahead = 16

    /// Where the next token starts.
    var offset: Int { position }

    /// Goes on from where `other` is, `delta` bytes further on in these bytes, which hold what `other`
    /// just scanned there (and `lookahead` past it): the same place, and the same raw-text element open
    /// if the token scanned opened one.
    mutating func follow(_ other: HTMLPatchScanner, shiftedBy delta: Int) {
        position = other.position + delta
        rawText = other.rawText?.shifted(by: delta)
    }

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")

    mutating func next() -> Token? {
        guard position < bytes.count else { return nil }
        let start = position
        if let name = rawText {
            rawText = nil
            let end = endOfRawText(named: name) ?? bytes.count
            ranOut = ranOut || end == bytes.count
            if end > start {
                position = end
                return Token(kind: .text, range: start..<end)
            }
        }
        guard bytes[start] == Self.lessThan, start + 1 < bytes.count, Self.opensMarkup(bytes[start + 1]) else {
            // Text runs to the next `<` that opens markup (found with memchr: most of a render is text
            // and tags that are the same in both renders).
            var index = start + 1
            while let next = find(Self.lessThan, from: index, to: bytes.count) {
                if next + 1 < bytes.count && Self.opensMarkup(bytes[next + 1]) {
                    index = next
                    position = index
                    return Token(kind: .text, range: start..<index)
                }
                index = next + 1
            }
            position = bytes.count
            return Token(kind: .text, range: start..<bytes.count)
        }
        let ended = endOfTag(from: start + 1)
        let end = ended ?? bytes.count
        ranOut = ranOut || ended == nil
        position = end
        switch bytes[start + 1] {
        case Self.slash:
            return Token(kind: .end, range: start..<end)
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            return Token(kind: .other, range: start..<end)
        default:
            var nameEnd = start + 1
            while nameEnd < end && Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = (start + 1)..<nameEnd
            let selfClosing = end - start >= 2 && bytes[end - 2] == Self.slash
            let void = Self.isVoid(bytes, name)
            if !void && !selfClosing && Self.isRawText(bytes, name) {
                rawText = name
            }
            return Token(kind: .start(name: name, opens: !void && !selfClosing), range: start..<end)
        }
    }

    /// Past the `>` that ends the tag whose name starts at `index`; `nil` when the input ends first.
    private func endOfTag(from index: Int) -> Int? {
        if index + 2 < bytes.count && bytes[index] == UInt8(ascii: "!") && bytes[index + 1] == UInt8(ascii: "-")
            && bytes[index + 2] == UInt8(ascii: "-")
        {
            var at = index + 3  // a comment ends at -->
            while at + 2 < bytes.count {
                if bytes[at] == UInt8(ascii: "-") && bytes[at + 1] == UInt8(ascii: "-")
                    && bytes[at + 2] == Self.greaterThan
                {
                    return at + 3
                }
                at += 1
            }
            return nil
        }
        // The first `>` outside a quoted value, in one pass: eight bytes at a time up to the next `>`,
        // `"` or `'` (`firstSpecial`), a quote's value skipped to its closing quote (found with memchr),
        // so each byte of the tag is read once.
        var at = index
        while let special = firstSpecial(from: at) {
            let byte = bytes[special]
            if byte == Self.greaterThan {
                return special + 1
            }
            guard let closing = find(byte, from: special + 1, to: bytes.count) else { return nil }
            at = closing + 1
        }
        return nil
    }

    /// The index of the first `>`, `"` or `'` from `start` on: a word of eight bytes is compared with all
    /// three at once (a byte equal to one of them is a zero byte after an exclusive or, and the lowest
    /// zero byte of a word is found exactly), the last few bytes one by one.
    private func firstSpecial(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var at = start
        while at + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            let found =
                Self.zeroBytes(word ^ Self.everyByte(Self.greaterThan))
                | Self.zeroBytes(word ^ Self.everyByte(UInt8(ascii: "\"")))
                | Self.zeroBytes(word ^ Self.everyByte(UInt8(ascii: "'")))
            if found != 0 {
                return at + found.trailingZeroBitCount / 8
            }
            at += 8
        }
        while at < bytes.count {
            switch bytes[at] {
            case Self.greaterThan, UInt8(ascii: "\""), UInt8(ascii: "'"): return at
            default: at += 1
            }
        }
        return nil
    }

    /// `byte` in each of a word's eight bytes.
    private static func everyByte(_ byte: UInt8) -> UInt64 {
        0x0101_0101_0101_0101 &* UInt64(byte)
    }

    /// The high bit of each zero byte of `word` set, and of no byte below the lowest zero one (above it a
    /// bit may be set wrongly, which finding the lowest never reads).
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The index of the first `byte` in `start..<end`, found with `memchr`.
    private func find(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Where `</name` starts after the raw text; `nil` when the input ends first.
    private func endOfRawText(named name: Range<Int>) -> Int? {
        var at = position
        while at + 1 < bytes.count {
            if bytes[at] == Self.lessThan && bytes[at + 1] == Self.slash
                && Self.sameName(bytes, name, bytes, (at + 2)..<min(bytes.count, at + 2 + name.count))
            {
                return at
            }
            at += 1
        }
        return nil
    }

    private static func opensMarkup(_ byte: UInt8) -> Bool {
        byte == slash || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || isLetter(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    /// Whether two names are the same, ignoring ASCII case.
    static func sameName(
        _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
    ) -> Bool {
        guard ra.count == rb.count else { return false }
        for offset in 0..<ra.count where a[ra.lowerBound + offset] | 0x20 != b[rb.lowerBound + offset] | 0x20 {
            return false
        }
        return true
    }

    /// Whether the tag name at `name` is `word` (lowercase letters), ignoring ASCII case.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ word: StaticString) -> Bool {
        matches(bytes, name, word)
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ word: StaticString) -> Bool {
        guard name.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for offset in 0..<name.count where bytes[name.lowerBound + offset] | 0x20 != letters[offset] {
            return false
        }
        return true
    }

    private static func isVoid(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        switch name.count {
        case 2: matches(bytes, name, "br") || matches(bytes, name, "hr")
        case 3: matches(bytes, name, "img") || matches(bytes, name, "col") || matches(bytes, name, "wbr")
        case 4:
            matches(bytes, name, "link") || matches(bytes, name, "meta") || matches(bytes, name, "area")
                || matches(bytes, name, "base")
        case 5: matches(bytes, name, "input") || matches(bytes, name, "embed") || matches(bytes, name, "track")
        case 6: matches(bytes, name, "source")
        default: false
        }
    }

    static func isRawText(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        matches(bytes, name, "script") || matches(bytes, name, "style") || matches(bytes, name, "textarea")
            || matches(bytes, name, "title")
    }
}

extension Range<Int> {
    fileprivate func shifted(by delta: Int) -> Range<Int> {
        (lowerBound + delta)..<(upperBound + delta)
    }
}
