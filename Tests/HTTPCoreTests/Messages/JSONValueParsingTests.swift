import HTTPCore
import Testing

/// JSON read back: what the server writes parses to the same value, pointers find members, and what is
/// not JSON is an error naming where.
@Suite struct JSONValueParsingTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test func whatTheServerWritesParsesBackToTheSameValue() throws {
        let value = JSONValue.object([
            ("target", .string("p1 \"quoted\" \\ <b> é 😀 \u{202E}\n\t")), ("on", .bool(true)), ("count", .int(-12)),
            ("ratio", .double(0.25)), ("none", .null),
            ("comments", .array([.object([("id", .int(1)), ("text", .string(""))]), .array([])])),
            ("empty", .object([])),
        ])
        #expect(try JSONValue(parsing: value.encoded()) == value)
    }

    @Test func pointersNameMembersAndElements() throws {
        let value = try parse(#" { "a": {"b/c": [10, {"d~e": "x"}]}, "n": 1.5e2 } "#)
        #expect(value["/a/b~1c/0"] == .int(10))
        #expect(value["/a/b~1c/1/d~0e"] == .string("x"))
        #expect(value["/n"] == .double(150))
        #expect(value[""] == value)
        #expect(value["/a/missing"] == nil && value["/a/b~1c/9"] == nil && value["no-slash"] == nil)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        #expect(try parse(#""\u00e9\ud83d\ude00\/\n""#) == .string("é😀/\n"))
        #expect(throws: JSONValue.ParseError.self) { try parse(#""\ud83d""#) }
    }

    @Test func numbersAreReadAsRFC8259WritesThem() throws {
        let read: [(String, JSONValue)] = [
            ("0", .int(0)), ("-0", .int(0)), ("-12", .int(-12)), ("1.5", .double(1.5)), ("2E+2", .double(200)),
            ("5e-1", .double(0.5)), ("[0, 10]", .array([.int(0), .int(10)])),
        ]
        for (text, value) in read {
            #expect(try parse(text) == value, "\(text)")
        }
        for bad in ["007", "-01", "+1", "1.", ".5", "1e", "1e+", "--1", "1-2", "0x1", "[01]", "1.2.3"] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test func whatIsNotJSONIsAnErrorSayingWhere() {
        for bad in ["", "{", "[1,]", #"{"a" 1}"#, "tru", "1 2", "\"unterminated", "\"a\u{1}\"", "-", "{\"a\":}"] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try parse(bad) }
        }
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONValue.ParseError.self) { try parse(deep) }
        do {
            _ = try JSONValue(parsing: Array("[1, x]".utf8))
            Issue.record("x is no value")
        } catch {
            #expect(error.offset == 4)
        }
    }
}
