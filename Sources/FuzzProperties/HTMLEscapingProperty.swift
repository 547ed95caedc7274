import HTML

/// The property of `fuzz-html`, on arbitrary text (made valid UTF-8 as a Swift `String` always is):
/// escaped text contains no `<` or `>`; an escaped attribute value contains no `"`, `'` or `<`; both
/// unescape back to the input; `<p>` + escaped text + `</p>`, and the same with a `title` attribute, are
/// well formed by `HTMLWellFormedness.check`. Checking and indenting the raw input as markup
/// (`HTMLWellFormedness.check`, `HTMLSource.indented`, which the gallery shows) must not crash (there is
/// nothing else to check there).
package enum HTMLEscapingProperty: FuzzProperty {
    /// Checks the property on `bytes`: a description of the first violation, or nil if it holds.
    package static func check(_ bytes: [UInt8]) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        let input = Array(string.utf8)
        _ = HTMLWellFormedness.check(bytes)
        _ = HTMLSource.indented(bytes)

        var text = HTMLBuffer()
        text.text(string)
        guard !text.bytes.contains(UInt8(ascii: "<")), !text.bytes.contains(UInt8(ascii: ">")) else {
            return "escaped text contains < or >"
        }
        guard unescaped(text.bytes) == input else { return "escaped text does not unescape to the input" }

        var attribute = HTMLBuffer()
        attribute.element(.p, .title(string)) { _ in }
        let prefix = Array(#"<p title=""#.utf8)
        let suffix = Array(#""></p>"#.utf8)
        let rendered = attribute.bytes
        guard rendered.count >= prefix.count + suffix.count, rendered.starts(with: prefix),
            rendered.suffix(suffix.count).elementsEqual(suffix)
        else {
            return "the element with a title renders as \(String(decoding: rendered, as: UTF8.self))"
        }
        let value = Array(rendered[prefix.count..<(rendered.count - suffix.count)])
        let forbidden: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<")]
        guard !value.contains(where: forbidden.contains) else { return "the attribute value contains \" ' or <" }
        guard unescaped(value) == input else { return "the attribute value does not unescape to the input" }

        let paragraph = Array("<p>".utf8) + text.bytes + Array("</p>".utf8)
        let problems = HTMLWellFormedness.check(paragraph)
        guard problems.isEmpty else { return "<p>text</p> is not well formed: \(problems)" }

        var titled = HTMLBuffer()
        titled.element(.p, .title(string), text: string)
        let titledProblems = HTMLWellFormedness.check(titled.bytes)
        guard titledProblems.isEmpty else { return "<p title>text</p> is not well formed: \(titledProblems)" }
        return nil
    }

    /// Reverses the escaping: the five entities the buffer writes, back to their characters.
    package static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        let entities: [(String, UInt8)] = [
            ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
            ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'")),
        ]
        var result: [UInt8] = []
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (entity, character) in entities where bytes[index...].starts(with: entity.utf8) {
                    result.append(character)
                    index += entity.utf8.count
                    continue outer
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
