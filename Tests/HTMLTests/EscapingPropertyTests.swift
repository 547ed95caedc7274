import Basics
import HTML
import HTTPCore
import Testing

@Suite("Escaping properties")
struct EscapingPropertyTests {
    static let alphabet: [String] = [
        "<", ">", "&", "\"", "'", "a", "Z", " ", "=", "/", ";", "#", "大", "😀", "é", "\n",
    ]

    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...64, using: &generator)
            return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
    }

    @Test func escapedTextNeverContainsAngleBrackets() {
        for string in Self.randomStrings(count: 2_000, seed: 42) {
            var html = HTMLBuffer()
            html.text(string)
            #expect(!html.bytes.contains(UInt8(ascii: "<")), "\(string)")
            #expect(!html.bytes.contains(UInt8(ascii: ">")), "\(string)")
            #expect(String(decoding: html.bytes, as: UTF8.self) == referenceEscape(string, attribute: false))
        }
    }

    @Test func escapedAttributeValuesNeverContainQuotesOrLessThan() {
        for string in Self.randomStrings(count: 2_000, seed: 7) {
            var html = HTMLBuffer()
            html.void(.input, .value(string))
            // Strip `<input value="` and `">` to look at the value alone.
            let value = html.bytes.dropFirst(#"<input value=""#.utf8.count).dropLast(2)
            #expect(!value.contains(UInt8(ascii: "\"")), "\(string)")
            #expect(!value.contains(UInt8(ascii: "'")), "\(string)")
            #expect(!value.contains(UInt8(ascii: "<")), "\(string)")
            #expect(String(decoding: value, as: UTF8.self) == referenceEscape(string, attribute: true))
        }
    }

    @Test func escapedTextIsAlwaysWellFormed() {
        for string in Self.randomStrings(count: 500, seed: 2024) {
            var html = HTMLBuffer()
            html.element(.p, .title(string), text: string)
            #expect(HTMLWellFormedness.check(html.bytes) == [], "\(string)")
        }
    }
}
