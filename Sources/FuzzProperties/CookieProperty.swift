import HTTPCore

/// The property of `fuzz-cookies`, on arbitrary text as a client may send in its `Cookie` header:
/// `Cookies(header:)` never crashes; every parsed name is non-empty, contains no `;` and no `=`, and has
/// no leading or trailing space or tab; no value contains a `;`.
package enum CookieProperty: FuzzProperty {
    /// Checks the property on `bytes` (decoded as UTF-8): a description of the first violation, or nil.
    package static func check(_ bytes: [UInt8]) -> String? {
        let cookies = Cookies(header: String(decoding: bytes, as: UTF8.self))
        let blanks: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        for (name, value) in cookies.values {
            let utf8 = Array(name.utf8)
            guard let first = utf8.first, let last = utf8.last else { return "an empty name" }
            guard !utf8.contains(UInt8(ascii: ";")) else { return "the name \(name) contains ;" }
            guard !utf8.contains(UInt8(ascii: "=")) else { return "the name \(name) contains =" }
            guard !blanks.contains(first), !blanks.contains(last) else { return "the name \(name) is not trimmed" }
            guard !value.utf8.contains(UInt8(ascii: ";")) else { return "the value \(value) contains ;" }
        }
        return nil
    }
}
