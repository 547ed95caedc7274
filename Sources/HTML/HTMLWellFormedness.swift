/// Checks that rendered HTML is well formed, for tests and for the preview gallery.
public enum HTMLWellFormedness {
    /// Lists what is wrong with an HTML fragment; an empty list means it is well formed.
    ///
    /// Checks that every non-void element is closed, in the right order, and nothing is left open;
    /// that no `<` in text is mistaken for markup; and that attribute values are quoted. It is
    /// stricter than browsers: optional end tags such as `</li>` and `</p>` are required.
    ///
    /// ```swift
    /// #expect(HTMLWellFormedness.check(page.renderedBytes) == [])
    /// ```
    /// - Parameters:
    ///   - bytes: A UTF-8 HTML fragment or document.
    /// - Returns: One message per problem, in document order, each starting with its line and column.
    public static func check(_ bytes: [UInt8]) -> [String] {
        var tokenizer = HTMLTokenizer(bytes)
        var open: [(name: String, offset: Int)] = []
        var problems: [HTMLTokenizer.Problem] = []

        while let token = tokenizer.next() {
            let offset = token.range.lowerBound
            switch token.kind {
            case .startTag(let name, let selfClosing):
                if HTMLTokenizer.voidElements.contains(name) {
                    break
                }
                if selfClosing {
                    let message = "<\(name)/> is not a void element; close it with </\(name)>"
                    problems.append(.init(offset: offset, message: message))
                } else {
                    open.append((name, offset))
                }
            case .endTag(let name):
                if HTMLTokenizer.voidElements.contains(name) {
                    let message = "</\(name)> closes a void element, which has no end tag"
                    problems.append(.init(offset: offset, message: message))
                } else if open.last?.name == name {
                    open.removeLast()
                } else if let match = open.lastIndex(where: { $0.name == name }) {
                    let inner = open[open.count - 1]
                    let location = Self.location(of: inner.offset, in: bytes)
                    let message = "</\(name)> closes <\(name)> while <\(inner.name)> (\(location)) is still open"
                    problems.append(.init(offset: offset, message: message))
                    open.removeSubrange(match...)
                } else {
                    problems.append(.init(offset: offset, message: "</\(name)> has no open element to close"))
                }
            case .text, .comment, .doctype:
                break
            }
        }
        for element in open {
            problems.append(.init(offset: element.offset, message: "<\(element.name)> is never closed"))
        }

        let ordered = (tokenizer.problems + problems).enumerated().sorted {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }
        return ordered.map { "\(location(of: $0.element.offset, in: bytes)): \($0.element.message)" }
    }

    /// `line L, column C` for a byte offset; both count from 1 and columns count bytes.
    private static func location(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        for index in 0..<Swift.min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }
}
