import HTTPCore
import Testing

@Suite struct JSONValueTests {
    private func text(_ value: JSONValue) -> String {
        String(decoding: value.encoded(), as: UTF8.self)
    }

    @Test func encodesScalarsAndContainers() {
        #expect(
            text(.object([("id", .string("p1")), ("count", .int(-12)), ("liked", .bool(true)), ("x", .null)]))
                == #"{"id":"p1","count":-12,"liked":true,"x":null}"#)
        #expect(text(.array([.int(0), .int(1_234_567), .double(0.5)])) == "[0,1234567,0.5]")
        #expect(text(.double(.nan)) == "null")
    }

    @Test func escapesStrings() {
        #expect(text(.string("a\"b\\c\nd\u{1}")) == #""a\"b\\c\nd\u0001""#)
        #expect(text(.string("</script>&")) == #""\u003C/script\u003E\u0026""#)
        #expect(text(.string("大V")) == "\"大V\"")
    }
}
