/// What a self-managed component's answer asks the page's live region to say, sent as htmx sends events
/// from the server: `HX-Trigger: {"announce":"Liked"}`. The kit's browser script announces it; a page on
/// htmx gets an `announce` event with the text as its detail.
///
/// The value is ASCII JSON: every other character is written `\uXXXX`, so that the header's bytes mean
/// the same to every client (a browser reads header bytes as Latin-1).
package enum Announcement {
    package static let header = "HX-Trigger"

    /// `{"announce":"…"}` for `text`.
    package static func headerValue(_ text: String) -> String {
        if let plain = plainHeaderValue(text) { return plain }
        var json = #"{"announce":""#
        for unit in text.utf16 {
            switch unit {
            case 0x22: json += #"\""#
            case 0x5C: json += #"\\"#
            case 0x20..<0x7F: json.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                json += #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return json + #""}"#
    }

    /// The value for a text of printable ASCII without a quote or a backslash (what the kit's own words
    /// are), written in one string; `nil` for a text that needs escapes. Built a character at a time, the
    /// header cost a tap with `HX-Request` about 3,800 instructions.
    private static func plainHeaderValue(_ text: String) -> String? {
        let prefix: StaticString = #"{"announce":""#
        let suffix: StaticString = #""}"#
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return nil }
            let count = prefix.utf8CodeUnitCount + bytes.count + suffix.utf8CodeUnitCount
            return String(unsafeUninitializedCapacity: count) { buffer in
                var end = 0
                func append(_ part: UnsafeBufferPointer<UInt8>) {
                    end += UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: part)
                }
                append(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                append(bytes)
                append(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
                return end
            }
        }
    }
}
