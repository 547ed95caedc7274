import Foundation
import HTML
import Testing

/// The properties of the fuzz target `fuzz-html` (`Sources/Fuzz/fuzz-html`), checked on every
/// `swift test`: on its seeds (`Tests/Fuzz/Seeds/fuzz-html`), on inputs that once crashed the fuzzer,
/// and on a fixed set of mutations of the seeds. `scripts/fuzz` explores further.
@Suite struct FuzzRegressionTests {
    /// Inputs the fuzzer crashed on: each stays here once fixed. None found so far.
    static let crashes: [[UInt8]] = []

    @Test func seedsExist() {
        #expect(Self.seeds().count >= 5)
    }

    @Test func escapingHoldsOnSeedsCrashesAndMutations() {
        let seeds = Self.seeds()
        var generator = MutationGenerator(state: 0x5EED)
        var inputs = seeds + Self.crashes
        for seed in seeds {
            for _ in 0..<100 {
                inputs.append(Self.mutate(seed, using: &generator))
            }
        }
        for input in inputs {
            #expect(HTMLEscapingProperty.problems(input) == [], "input \(input)")
        }
    }

    @Test func theUnescaperUndoesEachEntity() {
        #expect(
            HTMLEscapingProperty.unescaped(Array("&amp;lt; &lt;&gt;&quot;&#39;&x".utf8)) == Array("&lt; <>\"'&x".utf8))
    }

    static func seeds() -> [[UInt8]] {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds/fuzz-html")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
        }
    }

    /// Bytes that matter to escaping and to the well-formedness check.
    static let interesting: [UInt8] = Array("<>&\"'=/!-;#x ".utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xA9, 0xE5, 0xFF]

    static func mutate(_ seed: [UInt8], using generator: inout MutationGenerator) -> [UInt8] {
        var bytes = seed
        for _ in 0...Int.random(in: 0..<4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            let byte =
                Bool.random(using: &generator)
                ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes.insert(byte, at: position)
            case 1 where position < bytes.count: bytes[position] = byte
            default: if position < bytes.count { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    /// SplitMix64, so the mutations are the same on every run.
    struct MutationGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }
}

/// `fuzz-html`: escaped text has no `<` or `>`; an escaped attribute value has no `"`, `'` or `<`; both
/// unescape to the input; `<p>` + escaped text + `</p>`, also with a `title`, is well formed. Checking
/// and indenting the raw input as markup must not crash (there is nothing else to check there).
enum HTMLEscapingProperty {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let string = String(decoding: bytes, as: UTF8.self)
        let input = Array(string.utf8)
        var problems: [String] = []
        _ = HTMLWellFormedness.check(bytes)
        _ = HTMLSource.indented(bytes)

        var text = HTMLBuffer()
        text.text(string)
        if text.bytes.contains(UInt8(ascii: "<")) || text.bytes.contains(UInt8(ascii: ">")) {
            problems.append("escaped text contains < or >")
        }
        if unescaped(text.bytes) != input { problems.append("escaped text does not unescape to the input") }

        var attribute = HTMLBuffer()
        attribute.element(.p, .title(string)) { _ in }
        let prefix = Array(#"<p title=""#.utf8)
        let suffix = Array(#""></p>"#.utf8)
        let rendered = attribute.bytes
        if rendered.count >= prefix.count + suffix.count, rendered.starts(with: prefix),
            rendered.suffix(suffix.count).elementsEqual(suffix)
        {
            let value = Array(rendered[prefix.count..<(rendered.count - suffix.count)])
            if value.contains(where: [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<")].contains) {
                problems.append("the attribute value contains \" ' or <")
            }
            if unescaped(value) != input { problems.append("the attribute value does not unescape to the input") }
        } else {
            problems.append("the title renders as \(String(decoding: rendered, as: UTF8.self))")
        }

        problems += HTMLWellFormedness.check(Array("<p>".utf8) + text.bytes + Array("</p>".utf8))
        var titled = HTMLBuffer()
        titled.element(.p, .title(string), text: string)
        problems += HTMLWellFormedness.check(titled.bytes)
        return problems
    }

    /// Reverses the escaping: the five entities the buffer writes, back to their characters.
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
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
