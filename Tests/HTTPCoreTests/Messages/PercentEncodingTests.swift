import HTTPCore
import Testing

@Suite struct PercentEncodingTests {
    @Test func pathSegmentEncoding() {
        #expect(PercentEncoding.encodePathSegment("ada") == "ada")
        #expect(PercentEncoding.encodePathSegment("a b/c?d#e") == "a%20b%2Fc%3Fd%23e")
        #expect(PercentEncoding.encodePathSegment("..") == "..")
        #expect(PercentEncoding.encodePathSegment("大") == "%E5%A4%A7")
    }

    @Test func queryValueEncoding() {
        #expect(PercentEncoding.encodeQueryValue("a b&c=d+e") == "a%20b%26c%3Dd%2Be")
    }

    @Test func decodeRoundTrip() throws {
        for text in ["", "plain", "a b/c", "<>&\"'", "大V 👍", "%", "+"] {
            let encoded = PercentEncoding.encodePathSegment(text)
            #expect(try PercentEncoding.decode(encoded.utf8, plusAsSpace: false) == text)
        }
    }

    @Test func plusOnlyBecomesSpaceWhenAsked() throws {
        #expect(try PercentEncoding.decode("a+b".utf8, plusAsSpace: false) == "a+b")
        #expect(try PercentEncoding.decode("a+b".utf8, plusAsSpace: true) == "a b")
    }

    @Test func errorsSayWhere() {
        #expect(throws: PercentEncoding.DecodingError.malformedEscape(offset: 2)) {
            try PercentEncoding.decode("ab%x1".utf8, plusAsSpace: false)
        }
        #expect(throws: PercentEncoding.DecodingError.invalidUTF8) {
            try PercentEncoding.decode("%FE".utf8, plusAsSpace: false)
        }
    }
}
