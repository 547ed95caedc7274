import CLibFuzzer
import HTML

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes HTML escaping with arbitrary text (made valid UTF-8 as a Swift String always is).
// Properties: escaped text contains no `<` or `>`; an escaped attribute value contains no `"`, `'` or `<`;
// both unescape back to the input; `<p>` + escaped text + `</p>`, and the same with a `title` attribute,
// are well formed by `HTMLWellFormedness.check`. Also: checking and indenting the raw input as markup
// (`HTMLWellFormedness.check`, `HTMLSource.indented`, which the gallery shows) never crashes.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let string = String(decoding: bytes, as: UTF8.self)
    let input = Array(string.utf8)
    _ = HTMLWellFormedness.check(bytes)
    _ = HTMLSource.indented(bytes)

    var text = HTMLBuffer()
    text.text(string)
    guard !text.bytes.contains(UInt8(ascii: "<")), !text.bytes.contains(UInt8(ascii: ">")) else {
        fail("escaped text contains < or >", input)
    }
    guard unescaped(text.bytes) == input else { fail("escaped text does not unescape to the input", input) }

    var attribute = HTMLBuffer()
    attribute.element(.p, .title(string)) { _ in }
    let prefix = Array(#"<p title=""#.utf8)
    let suffix = Array(#""></p>"#.utf8)
    let rendered = attribute.bytes
    guard rendered.count >= prefix.count + suffix.count, rendered.starts(with: prefix),
        rendered.suffix(suffix.count).elementsEqual(suffix)
    else {
        fail("the element with a title renders as \(String(decoding: rendered, as: UTF8.self))", input)
    }
    let value = Array(rendered[prefix.count..<(rendered.count - suffix.count)])
    let forbidden: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<")]
    guard !value.contains(where: forbidden.contains) else { fail("the attribute value contains \" ' or <", input) }
    guard unescaped(value) == input else { fail("the attribute value does not unescape to the input", input) }

    let paragraph = Array("<p>".utf8) + text.bytes + Array("</p>".utf8)
    let problems = HTMLWellFormedness.check(paragraph)
    guard problems.isEmpty else { fail("<p>text</p> is not well formed: \(problems)", input) }

    var titled = HTMLBuffer()
    titled.element(.p, .title(string), text: string)
    let titledProblems = HTMLWellFormedness.check(titled.bytes)
    guard titledProblems.isEmpty else { fail("<p title>text</p> is not well formed: \(titledProblems)", input) }
    return 0
}

/// Reverses the escaping: the five entities the buffer writes, back to their characters.
func unescaped(_ bytes: [UInt8]) -> [UInt8] {
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

func fail(_ message: String, _ input: [UInt8]) -> Never {
    fatalError("fuzz-html: \(message); input \(input)")
}

// SwiftPM renames this file's top-level code (to fuzz_html_main) and makes it the executable's main, so
// libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
