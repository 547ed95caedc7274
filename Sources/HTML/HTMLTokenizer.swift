/// Splits an HTML fragment into tags, text, comments and doctypes.
///
/// Shared by ``HTMLSource`` and ``HTMLWellFormedness``. It is deliberately small: it knows the
/// void elements and the raw-text elements (whose content is not markup), reports what it cannot
/// make sense of as ``Problem``s, and always makes progress, so any input tokenizes.
///
/// ```swift
/// var tokenizer = HTMLTokenizer(bytes)
/// while let token = tokenizer.next() { ... }
/// ```
struct HTMLTokenizer: Sendable {
    /// One token; `range` indexes the source bytes.
    struct Token: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case text
            /// `name` is lowercased; `selfClosing` is true for `<name ... />`.
            case startTag(name: String, selfClosing: Bool)
            case endTag(name: String)
            case comment
            case doctype
        }

        var kind: Kind
        var range: Range<Int>
    }

    /// Something the tokenizer had to guess at, such as a stray `<` or an unquoted attribute value.
    struct Problem: Sendable, Equatable {
        /// The byte offset where the problem starts.
        var offset: Int
        var message: String
    }

    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Elements whose content is text up to their end tag, never markup.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    let bytes: [UInt8]
    private(set) var position = 0
    private(set) var problems: [Problem] = []
    /// Set after the start tag of a raw-text element: the next token is its content.
    private var openRawTextElement: String?

    /// Creates a tokenizer over a fragment's UTF-8 bytes.
    /// - Parameters:
    ///   - bytes: The fragment to tokenize.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Tokenizes a whole fragment.
    /// - Parameters:
    ///   - bytes: The fragment to tokenize.
    static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], problems: [Problem]) {
        var tokenizer = HTMLTokenizer(bytes)
        var tokens: [Token] = []
        while let token = tokenizer.next() {
            tokens.append(token)
        }
        return (tokens, tokenizer.problems)
    }

    /// Returns the next token, or `nil` at the end of the input.
    mutating func next() -> Token? {
        guard position < bytes.count else {
            return nil
        }
        if let element = openRawTextElement {
            openRawTextElement = nil
            let end = rawTextEnd(of: element)
            if end > position {
                defer { position = end }
                return Token(kind: .text, range: position..<end)
            }
        }
        if startsMarkup(at: position) {
            return readMarkup()
        }
        let start = position
        repeat {
            if bytes[position] == UInt8(ascii: "<") {
                problems.append(Problem(offset: position, message: "stray '<' in text; write it as &lt;"))
            }
            position += 1
            while position < bytes.count && bytes[position] != UInt8(ascii: "<") {
                position += 1
            }
        } while position < bytes.count && !startsMarkup(at: position)
        return Token(kind: .text, range: start..<position)
    }

    // MARK: - Markup

    /// Whether the `<` at `index` opens a tag, an end tag, a comment or a declaration.
    private func startsMarkup(at index: Int) -> Bool {
        guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else {
            return false
        }
        let next = bytes[index + 1]
        if Self.isLetter(next) || next == UInt8(ascii: "!") {
            return true
        }
        return next == UInt8(ascii: "/") && index + 2 < bytes.count && Self.isLetter(bytes[index + 2])
    }

    private mutating func readMarkup() -> Token {
        let start = position
        if bytes[start + 1] == UInt8(ascii: "!") {
            return readDeclaration()
        }
        if bytes[start + 1] == UInt8(ascii: "/") {
            return readEndTag()
        }
        return readStartTag()
    }

    /// Reads `<!-- … -->` or `<!DOCTYPE …>`.
    private mutating func readDeclaration() -> Token {
        let start = position
        if matches("<!--", at: start) {
            if let close = find("-->", from: start + 4) {
                position = close + 3
            } else {
                problems.append(Problem(offset: start, message: "unterminated comment"))
                position = bytes.count
            }
            return Token(kind: .comment, range: start..<position)
        }
        let isDoctype = matches("<!doctype", at: start, ignoringCase: true)
        if !isDoctype {
            let message = "unexpected '<!'; only comments and the doctype may use it"
            problems.append(Problem(offset: start, message: message))
        }
        if let close = bytes[start...].firstIndex(of: UInt8(ascii: ">")) {
            position = close + 1
        } else {
            problems.append(Problem(offset: start, message: "unterminated declaration"))
            position = bytes.count
        }
        return Token(kind: isDoctype ? .doctype : .comment, range: start..<position)
    }

    /// Reads `</name>`.
    private mutating func readEndTag() -> Token {
        let start = position
        position += 2
        let name = readName()
        skipWhitespace()
        if position < bytes.count && bytes[position] != UInt8(ascii: ">") {
            problems.append(Problem(offset: position, message: "unexpected content in end tag </\(name)>"))
        }
        while position < bytes.count && bytes[position] != UInt8(ascii: ">") && !startsMarkup(at: position) {
            position += 1
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ">") {
            position += 1
        } else {
            problems.append(Problem(offset: start, message: "unterminated end tag </\(name)>"))
        }
        return Token(kind: .endTag(name: name), range: start..<position)
    }

    /// Reads `<name attributes>` or `<name attributes/>`, checking that attribute values are quoted.
    private mutating func readStartTag() -> Token {
        let start = position
        position += 1
        let name = readName()
        var selfClosing = false
        var terminated = false
        attributes: while position < bytes.count {
            skipWhitespace()
            guard position < bytes.count else {
                break
            }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                terminated = true
                break attributes
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: ">"):
                position += 2
                selfClosing = true
                terminated = true
                break attributes
            case UInt8(ascii: "<"):
                // Most likely a tag that was never closed; let the `<` start the next token.
                break attributes
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "/"):
                problems.append(Problem(offset: position, message: "unexpected character in tag <\(name)>"))
                position += 1
            default:
                readAttribute(in: name)
            }
        }
        if !terminated {
            problems.append(Problem(offset: start, message: "unterminated tag <\(name)>"))
        }
        if !selfClosing && Self.rawTextElements.contains(name) {
            openRawTextElement = name
        }
        return Token(kind: .startTag(name: name, selfClosing: selfClosing), range: start..<position)
    }

    /// Reads `name`, `name="value"` or `name='value'`; reports unquoted or unterminated values.
    private mutating func readAttribute(in tag: String) {
        let nameStart = position
        while position < bytes.count && !Self.endsAttributeName(bytes[position]) {
            position += 1
        }
        let name = Self.lowercased(bytes[nameStart..<position])
        skipWhitespace()
        guard position < bytes.count && bytes[position] == UInt8(ascii: "=") else {
            return
        }
        position += 1
        skipWhitespace()
        guard position < bytes.count else {
            problems.append(Problem(offset: nameStart, message: "attribute '\(name)' in <\(tag)> has no value"))
            return
        }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let close = bytes[(position + 1)...].firstIndex(of: quote) else {
                problems.append(Problem(offset: position, message: "unterminated value of attribute '\(name)'"))
                position = bytes.count
                return
            }
            position = close + 1
            if position < bytes.count && !Self.endsAttributeValue(bytes[position]) {
                problems.append(Problem(offset: position, message: "missing space after attribute '\(name)'"))
            }
            return
        }
        if quote == UInt8(ascii: ">") {
            problems.append(Problem(offset: nameStart, message: "attribute '\(name)' in <\(tag)> has no value"))
            return
        }
        problems.append(Problem(offset: position, message: "unquoted value of attribute '\(name)' in <\(tag)>"))
        while position < bytes.count && !Self.isWhitespace(bytes[position]) && bytes[position] != UInt8(ascii: ">") {
            position += 1
        }
    }

    // MARK: - Scanning helpers

    /// Reads a tag name and returns it lowercased.
    private mutating func readName() -> String {
        let start = position
        while position < bytes.count && Self.isNameCharacter(bytes[position]) {
            position += 1
        }
        return Self.lowercased(bytes[start..<position])
    }

    private mutating func skipWhitespace() {
        while position < bytes.count && Self.isWhitespace(bytes[position]) {
            position += 1
        }
    }

    /// Where the content of a raw-text element ends: at its `</name`, or at the end of the input.
    private func rawTextEnd(of element: String) -> Int {
        var index = position
        while let candidate = find("</", from: index) {
            let nameEnd = candidate + 2 + element.utf8.count
            if matches(element, at: candidate + 2, ignoringCase: true)
                && (nameEnd == bytes.count || !Self.isNameCharacter(bytes[nameEnd]))
            {
                return candidate
            }
            index = candidate + 2
        }
        return bytes.count
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if matches(needle, at: index) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func matches(_ literal: String, at start: Int, ignoringCase: Bool = false) -> Bool {
        var index = start
        for expected in literal.utf8 {
            guard index < bytes.count else {
                return false
            }
            let actual = ignoringCase ? Self.lowercased(bytes[index]) : bytes[index]
            if actual != (ignoringCase ? Self.lowercased(expected) : expected) {
                return false
            }
            index += 1
        }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }

    private static func endsAttributeName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func endsAttributeValue(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.lazy.map { lowercased($0) }, as: UTF8.self)
    }
}
