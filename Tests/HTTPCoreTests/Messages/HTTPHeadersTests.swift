import Testing

@testable import HTTPCore

@Suite struct HTTPHeadersTests {
    @Test func namesAreCaseInsensitive() {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html")
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["Content-Typo"] == nil)
        headers["content-TYPE"] = "text/plain"
        #expect(headers.count == 1)
        #expect(headers["Content-Type"] == "text/plain")
    }

    @Test func repeatedFieldsAreKept() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        headers.remove("SET-COOKIE")
        #expect(headers.count == 0)
    }

    /// Only ASCII letters fold: bytes 0x20 apart that are not letters (`[` and `{`, `@` and a backtick)
    /// and letters outside ASCII are different names; names of one length are compared byte by byte.
    @Test(arguments: [
        ("Content-Type", "content-type", true), ("HX-REQUEST", "hx-request", true), ("", "", true),
        ("Origin", "Cookie", false), ("Sec-Fetch-Site", "Content-Length", false), ("Host", "Hos", false),
        ("a[", "a{", false), ("x@", "x`", false), ("\u{E9}", "\u{C9}", false), ("Z", "z", true), ("z1", "Z2", false),
    ])
    func namesMatchASCIICaseInsensitively(_ a: String, _ b: String, _ same: Bool) {
        #expect(HTTPHeaders.namesMatch(a, b) == same)
        #expect(HTTPHeaders.namesMatch(b, a) == same)
        var headers = HTTPHeaders()
        headers.add(a, "value")
        #expect((headers[b] != nil) == same)
    }

    @Test func knownNamesAreFoundInAnyCase() {
        var headers = HTTPHeaders()
        headers.add("CONTENT-TYPE", "Application/X-WWW-Form-URLEncoded; charset=utf-8")
        headers.add("hx-request", "TRUE")
        #expect(headers[.contentType] == "Application/X-WWW-Form-URLEncoded; charset=utf-8")
        #expect(headers.value(of: .hxRequest, is: "true"))
        #expect(!headers.value(of: .hxRequest, is: "false"))
        #expect(!headers.value(of: .selfManagedKept, is: "true"), "absent")
        #expect(headers.contains(.contentType) && !headers.contains(.secFetchSite) && !headers.contains(.origin))
        #expect(headers.withValue(of: .hxRequest) { Array($0) } == Array("TRUE".utf8))
        #expect(headers.withValue(of: .cookie) { _ in true } == nil)
        #expect(headers.value(of: .contentType, startsWith: "Application/"))
        #expect(!headers.value(of: .contentType, startsWith: "application/"), "byte for byte")
        #expect(!headers.value(of: .cookie, startsWith: ""), "absent")
    }

    /// Names whose lengths differ by 64 share the bit that says a name of that length is there; each is
    /// still found only by its own name.
    @Test func namesSixtyFourBytesApartAreToldApart() {
        let short = "X-Short"
        let long = short + String(repeating: "a", count: 64)
        var headers = HTTPHeaders()
        headers.add(long, "long")
        #expect(headers[short] == nil)
        headers.add(short.uppercased(), "short")
        #expect(headers[short] == "short" && headers[long] == "long")
    }

    /// Every known name is found by its own spelling and by the name a client sends, and no other.
    @Test(arguments: HTTPHeaders.KnownName.allCases)
    func eachKnownNameIsItsText(_ name: HTTPHeaders.KnownName) {
        let text = name.text.description
        var headers = HTTPHeaders()
        headers.add("X-Other", "no")
        headers.add(text.uppercased(), "yes")
        #expect(headers[name] == "yes")
        #expect(headers[text] == "yes")
        headers.remove(text)
        #expect(headers[name] == nil && headers.count == 1)
    }

    /// Setting a name replaces its first field where it stands and drops the rest; other fields keep
    /// their order.
    @Test func settingReplacesInPlace() {
        var headers: HTTPHeaders = ["A": "1", "Vary": "Cookie", "B": "2"]
        headers.add("vary", "Accept")
        headers["VARY"] = "Origin"
        #expect(headers.map(\.name) == ["A", "VARY", "B"])
        #expect(headers.map(\.value) == ["1", "Origin", "2"])
    }

    /// A copy is a value: changing it leaves the original as it was, though both began with one buffer.
    @Test func copiesDoNotShareChanges() {
        var original = HTTPHeaders()
        original.add("Location", "/feed")
        var copy = original
        copy.add("Set-Cookie", "viewer=v1")
        copy["Location"] = "/elsewhere"
        #expect(original.count == 1 && original["Location"] == "/feed")
        #expect(copy.count == 2 && copy["Location"] == "/elsewhere" && copy[.setCookie] == "viewer=v1")
    }

    /// Equal means the same fields in the same order, byte for byte (names too: reused responses are
    /// matched so).
    @Test func equalityIsFieldForField() {
        let headers: HTTPHeaders = ["Location": "/feed", "Vary": "Cookie"]
        #expect(headers == ["Location": "/feed", "Vary": "Cookie"])
        #expect(headers != ["Vary": "Cookie", "Location": "/feed"])
        #expect(headers != ["location": "/feed", "Vary": "Cookie"])
        #expect(headers != ["Location": "/feed", "Vary": "Cookies"])
        #expect(HTTPHeaders() == HTTPHeaders(minimumCapacity: 8))
    }

    /// Many fields, long values: the bytes grow and every field reads back.
    @Test func manyFieldsReadBack() {
        var headers = HTTPHeaders()
        for index in 0..<300 {
            headers.add("X-Field-\(index)", String(repeating: "v", count: index))
        }
        #expect(headers.count == 300)
        #expect(headers["x-field-299"] == String(repeating: "v", count: 299))
        #expect(headers.values(for: "X-FIELD-0") == [""])
        #expect(Array(headers).last?.name == "X-Field-299")
    }

    /// libmicrohttpd's fields are added as bytes; text that is not UTF-8 reads back repaired, as
    /// `String(cString:)` would have made it.
    @Test func bytesThatAreNotUTF8AreRepairedWhenRead() {
        var headers = HTTPHeaders()
        let name: [UInt8] = Array("X-Raw".utf8)
        let value: [UInt8] = [0x61, 0xFF, 0x62]
        name.withUnsafeBufferPointer { name in
            value.withUnsafeBufferPointer { value in headers.add(name: name, value: value) }
        }
        #expect(headers["x-raw"] == "a\u{FFFD}b")
    }

    /// Each name and value reaches C as a NUL-terminated string.
    @Test func fieldsReachCAsCStrings() {
        let headers: HTTPHeaders = ["Content-Type": "text/html", "Empty": ""]
        var seen: [String] = []
        headers.forEachField { name, value in seen.append(String(cString: name) + "=" + String(cString: value)) }
        #expect(seen == ["Content-Type=text/html", "Empty="])
    }

    /// A block of fields appended at once reads as if each had been added: in order, found by name.
    @Test func aBlockAppendedReadsAsFieldsAdded() {
        var headers: HTTPHeaders = ["Content-Type": "text/html"]
        let block: HTTPHeaders = ["Vary": "Cookie", "Cache-Control": "no-store"]
        headers.append(contentsOf: block)
        headers.append(contentsOf: HTTPHeaders())
        var added: HTTPHeaders = ["Content-Type": "text/html"]
        added.add("Vary", "Cookie")
        added.add("Cache-Control", "no-store")
        #expect(headers == added)
        #expect(headers[.cacheControl] == "no-store" && headers["vary"] == "Cookie")
        #expect(block.count == 2, "the block is unchanged")
    }
}
