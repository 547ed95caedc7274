/// Checks that rendered HTML is well formed, for tests and for the preview gallery.
package enum HTMLWellFormedness {
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
    package static func check(_ bytes: [UInt8]) -> [String] {
        var tokenizer = HTMLTokenizer(bytes)
        let lines = LineIndex(bytes)
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
                    let location = lines.location(of: inner.offset)
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
        return ordered.map { "\(lines.location(of: $0.element.offset)): \($0.element.message)" }
    }
}

/// Where each line of a document starts, found once, so that every problem's line and column is a
/// binary search rather than a rescan of the document.
private struct LineIndex {
    /// Offsets of the first byte of each line; the first line starts at 0.
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
    }

    /// `line L, column C` for a byte offset; both count from 1 and columns count bytes.
    func location(of offset: Int) -> String {
        // The last line start at or before `offset`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return "line \(low + 1), column \(offset - starts[low] + 1)"
    }
}
