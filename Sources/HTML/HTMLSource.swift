/// Formats rendered HTML as readable source, for showing a component's markup next to its preview.
package enum HTMLSource {
    /// Pretty-prints an HTML fragment: one element per line, content indented by two spaces.
    ///
    /// - Whitespace-only text is dropped; other text is kept as is, trimmed at both ends.
    /// - An element holding nothing, or one line of text, stays on one line: `<h1>Title</h1>`.
    /// - Void and self-closed elements do not indent what follows.
    /// - `<pre>`, `<textarea>`, `<script>` and `<style>` are kept verbatim, start tag to end tag.
    ///
    /// The result is source to display, not markup: escape it when putting it on a page.
    /// ```swift
    /// HTMLSource.indented(Array("<ul><li>One</li></ul>".utf8))
    /// // <ul>
    /// //   <li>One</li>
    /// // </ul>
    /// ```
    /// - Parameters:
    ///   - bytes: A UTF-8 HTML fragment; malformed input is formatted as well as it can be.
    /// - Returns: The lines joined by `\n`, with no trailing newline.
    package static func indented(_ bytes: [UInt8]) -> String {
        let tokens = HTMLTokenizer.tokenize(bytes).tokens
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var depth = 0

        func appendLine(_ range: Range<Int>) {
            if !output.isEmpty {
                output.append(UInt8(ascii: "\n"))
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
            output.append(contentsOf: bytes[range])
        }

        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .text:
                let trimmed = trimmingWhitespace(token.range, in: bytes)
                if !trimmed.isEmpty {
                    appendLine(trimmed)
                }
            case .comment, .doctype:
                appendLine(token.range)
            case .endTag:
                depth = Swift.max(0, depth - 1)
                appendLine(token.range)
            case .startTag(let name, let selfClosing):
                if selfClosing || HTMLTokenizer.voidElements.contains(name) {
                    appendLine(token.range)
                } else if verbatimElements.contains(name) {
                    let end = matchingEnd(of: name, after: index, in: tokens)
                    appendLine(token.range.lowerBound..<(end.map { tokens[$0].range.upperBound } ?? bytes.count))
                    index = end ?? tokens.count
                } else if let end = inlineEnd(of: name, after: index, in: tokens, bytes: bytes) {
                    appendLine(token.range.lowerBound..<tokens[end].range.upperBound)
                    index = end
                } else {
                    appendLine(token.range)
                    depth += 1
                }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Elements whose content is shown exactly as written.
    private static let verbatimElements: Set<String> = ["pre", "textarea", "script", "style"]

    /// The index of the end tag closing the element started at `start`, counting nested same-name elements.
    private static func matchingEnd(of name: String, after start: Int, in tokens: [HTMLTokenizer.Token]) -> Int? {
        var nesting = 0
        for index in (start + 1)..<tokens.count {
            switch tokens[index].kind {
            case .startTag(name, selfClosing: false):
                nesting += 1
            case .endTag(name):
                if nesting == 0 {
                    return index
                }
                nesting -= 1
            default:
                break
            }
        }
        return nil
    }

    /// The index of the end tag when the element started at `start` is empty or holds one line of text.
    private static func inlineEnd(
        of name: String,
        after start: Int,
        in tokens: [HTMLTokenizer.Token],
        bytes: [UInt8]
    ) -> Int? {
        var index = start + 1
        if index < tokens.count, tokens[index].kind == .text,
            !bytes[tokens[index].range].contains(UInt8(ascii: "\n"))
        {
            index += 1
        }
        guard index < tokens.count, tokens[index].kind == .endTag(name: name) else {
            return nil
        }
        return index
    }

    private static func trimmingWhitespace(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && HTMLTokenizer.isWhitespace(bytes[lower]) {
            lower += 1
        }
        while upper > lower && HTMLTokenizer.isWhitespace(bytes[upper - 1]) {
            upper -= 1
        }
        return lower..<upper
    }
}
