import HTTPCore
import Testing

@Suite struct FormFieldsTests {
    private func decode(_ text: String) throws -> FormFields {
        try FormFields(decoding: Array(text.utf8))
    }

    @Test func decodesPairs() throws {
        let form = try decode("post=p1&liked=true&return_to=%2Ffeed")
        #expect(form["post"] == "p1")
        #expect(form["liked"] == "true")
        #expect(form["return_to"] == "/feed")
        #expect(form["missing"] == nil)
    }

    @Test func plusIsSpaceAndEncodedPlusIsPlus() throws {
        let form = try decode("q=a+b&r=a%2Bb")
        #expect(form["q"] == "a b")
        #expect(form["r"] == "a+b")
    }

    @Test func multiByteUTF8() throws {
        #expect(try decode("n=%E5%A4%A7V%20%F0%9F%91%8D")["n"] == "大V 👍")
    }

    @Test func emptyPairsAndBareNames() throws {
        let form = try decode("&&a&b=&=c&")
        #expect(form["a"] == "")
        #expect(form["b"] == "")
        #expect(form[""] == "c")
        #expect(try decode("").isEmpty)
    }

    @Test func aFieldGivenTwiceIsRefusedNotSilentlyTheFirst() {
        let error = #expect(throws: HTTPError.self) { try decode("uid=ada&uid=tim") }
        #expect(error?.status == .badRequest)
        #expect(error?.message == "The field \"uid\" is given more than once; send it once.")
        #expect(throws: HTTPError.self) { try decode("a=1&b=2&a=1") }
    }

    @Test(arguments: ["%00", "%01", "%1F", "%7F", "a%08b", "%1B%5B31m"])
    func controlCharactersAreRefusedNamingTheField(_ value: String) {
        let error = #expect(throws: HTTPError.self) { try decode("post=" + value) }
        #expect(error?.status == .badRequest)
        #expect(error?.message.hasPrefix("The value of field \"post\" holds the control character U+00") == true)
        #expect(throws: HTTPError.self) { try decode(value + "=x") }
    }

    /// Control characters sent as raw bytes, not escaped: the plain-text path checks them as it copies.
    @Test func rawControlBytesAreRefusedLikeEscapedOnes() {
        for (body, prefix) in [
            ("post=a\u{01}b", "The value of field \"post\" holds the control character U+0001"),
            ("post=\u{7F}", "The value of field \"post\" holds the control character U+007F"),
            ("po\u{1B}st=1", "A field name holds the control character U+001B"),
        ] {
            let error = #expect(throws: HTTPError.self) { try decode(body) }
            #expect(error?.message.hasPrefix(prefix) == true, "\(body)")
        }
    }

    /// The name is checked after both parts decode: a malformed escape in the value is what is reported.
    @Test func aMalformedValueIsReportedBeforeAControlCharacterInTheName() {
        let error = #expect(throws: HTTPError.self) { try decode("a%01=%zz") }
        #expect(error?.message.contains("%01") == false)
        #expect(error?.message.contains("control character") == false)
    }

    /// Names of other lengths are skipped by the duplicate check, names of the same length compared, past
    /// the 64 the ASCII mask covers, and non-ASCII names compared as Swift compares them (the Kelvin
    /// sign is the letter K).
    @Test func aNameGivenTwiceIsFoundWhateverItsLengthOrPlace() throws {
        let many = (0..<100).map { "f\($0)=\($0)" }.joined(separator: "&")
        let form = try decode(many + "&g=1&gg=2&ggg=3")
        #expect(form["f99"] == "99")
        #expect(form["gg"] == "2")
        for body in [many + "&f70=again", many + "&f3=again", "K=1&%E2%84%AA=2", "%C3%A9=1&e%CC%81=2", "ab=1&a%62=2"] {
            let error = #expect(throws: HTTPError.self, "\(body.suffix(20))") { try decode(body) }
            #expect(error?.message.hasSuffix("is given more than once; send it once.") == true)
        }
    }

    @Test func tabsAndLineBreaksAreText() throws {
        #expect(try decode("note=a%09b%0D%0Ac")["note"] == "a\tb\r\nc")
    }

    @Test func malformedEscapesAreRejectedWithAMessage() {
        for bad in ["a=%", "a=%4", "a=%zz", "a=%4g", "%=1"] {
            #expect(throws: HTTPError.self) { try decode(bad) }
        }
        let error = #expect(throws: HTTPError.self) { try decode("post=%zz") }
        #expect(error?.status == .badRequest)
        #expect(error?.message.contains("\"post\"") == true)
    }

    @Test func invalidUTF8IsRejected() {
        for bad in ["a=%C3%28", "a=%FF", "a=%ED%A0%80", "%C0%AF=1"] {
            #expect(throws: HTTPError.self) { try decode(bad) }
        }
    }

    @Test func encodeRoundTrips() throws {
        var form = FormFields()
        form.append("post", "p 1&2=3")
        form.append("name", "大V+")
        #expect(try decode(form.encoded) == form)
    }

    @Test func requestFormRequiresURLEncodedContentType() throws {
        let request = HTTPRequest(
            method: .post, path: "/", headers: ["Content-Type": "application/json"], body: Array("a=1".utf8))
        #expect(throws: HTTPError.self) { try request.formFields() }
        let form = HTTPRequest(
            method: .post, path: "/",
            headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"],
            body: Array("a=1".utf8)
        )
        #expect(try form.formFields()["a"] == "1")
    }

    @Test(arguments: [
        ("application/x-www-form-urlencoded", true), ("Application/X-WWW-Form-URLEncoded", true),
        (" application/x-www-form-urlencoded ;charset=utf-8", true), ("application/x-www-form-urlencoded\t", true),
        ("application/x-www-form-urlencodedx", false), ("application/x-www-form", false), ("", false),
        ("multipart/form-data; boundary=x", false), ("application/json; x=application/x-www-form-urlencoded", false),
    ])
    func contentTypeEssenceIsComparedLeniently(value: String, isForm: Bool) {
        #expect(MediaType.contentType(value, is: "application/x-www-form-urlencoded") == isForm)
        let request = HTTPRequest(method: .post, path: "/", headers: ["Content-Type": value], body: Array("a=1".utf8))
        #expect((try? request.formFields()) != nil || !isForm)
    }

    /// Plain fields are read from the bytes as sent, escaped ones decoded; both read the same.
    @Test func plainAndDecodedFieldsReadAlike() throws {
        let form = try decode("post=p1&te%78t=a+b&return_to=%2Ffeed&liked=true")
        #expect(form.fields.map(\.name) == ["post", "text", "return_to", "liked"])
        #expect(form.fields.map(\.value) == ["p1", "a b", "/feed", "true"])
        #expect(form["text"] == "a b" && form.last("liked") == "true" && form.values(for: "post") == ["p1"])
        #expect(form["tex"] == nil && form["posts"] == nil)
    }

    /// Names that are not ASCII are compared as Swift compares strings, either way round.
    @Test func aNameIsFoundAsSwiftComparesIt() throws {
        #expect(try decode("%E2%84%AA=kelvin")["K"] == "kelvin")
        #expect(try decode("K=letter")["\u{212A}"] == "letter")
        #expect(try decode("%C3%A9=1")["e\u{301}"] == "1")
    }

    /// A form decoded from bytes equals, and hashes as, the same fields built one by one.
    @Test func aDecodedFormEqualsTheSameFieldsBuilt() throws {
        let decoded = try decode("a=1&b=x+y&%C3%A9=%C3%A9")
        var built = FormFields()
        built.append("a", "1")
        built.append("b", "x y")
        built.append("é", "é")
        #expect(decoded == built)
        #expect(decoded.hashValue == built.hashValue)
        built.append("c", "")
        #expect(decoded != built)
        #expect(try decode("b=2&a=1") != decode("a=1&b=2"), "order counts")
    }

    /// `taking(only:)` compares names as the lookups do, for a form's few names and for many.
    @Test func takingOnlyChecksEveryName() throws {
        let form = try decode("post=p1&te%78t=hi")
        #expect(try form.taking(only: ["post", "text"]) == form)
        let error = #expect(throws: HTTPError.self) { try form.taking(only: ["post", "key"]) }
        #expect(error?.message == "Unknown field \"text\": this form takes key, post.")
        let many = Set((0..<20).map { "f\($0)" } + ["post", "text"])
        #expect(try form.taking(only: many) == form)
        #expect(throws: HTTPError.self) { try form.taking(only: many.subtracting(["text"])) }
    }
}
