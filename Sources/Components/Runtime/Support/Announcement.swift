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
}
