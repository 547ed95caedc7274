import Basics

/// What a send asks for: the text, as checked, and the idempotency key the composer carried.
package struct CommentDraft: Sendable, Hashable {
    package var text: String
    package var key: String
    /// When it arrived: the comment's time if it commits.
    package var at: Timestamp

    package init(text: String, key: String, at: Timestamp = .now()) {
        self.text = text
        self.key = key
        self.at = at
    }

    /// The most characters a comment has, as Swift counts `Character`s.
    package static let defaultMaximumLength = 500

    /// The text of a form field as a comment keeps it: line breaks as `\n` (a browser sends `\r\n`).
    package static func normalized(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    /// Why `text` cannot be sent, in words for the person who typed it; `nil` when it can. Refused: empty
    /// once trimmed, longer than `maximumLength` characters, or holding a control character other than
    /// a line break or a tab.
    package static func problem(with text: String, maximumLength: Int = defaultMaximumLength) -> String? {
        if text.allSatisfy(\.isWhitespace) {
            return "Write something before sending: the comment is empty."
        }
        if let control = text.unicodeScalars.first(where: isRefusedControl) {
            return "The comment holds the control character U+\(hex(control.value)), which a comment may not hold."
        }
        let length = text.count
        if length > maximumLength {
            return "A comment has at most \(maximumLength) characters; this one has \(length)."
        }
        return nil
    }

    /// `text` with every refused control character shown as U+FFFD: a draft that was refused for one is
    /// shown back without it reaching markup.
    package static func displayable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRefusedControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isRefusedControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Whether `key` is an idempotency key: 8–64 characters of `A–Z a–z 0–9 - _`.
    package static func isValidKey(_ key: String) -> Bool {
        (8...64).contains(key.utf8.count)
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}
