import HTTPCore

/// The property of `fuzz-form`, on arbitrary bytes as they arrive in a query string or a form body:
/// decoding never crashes and throws only 400; a decoded form decodes the same from an `ArraySlice` and
/// re-encodes (`FormFields.encoded`) to a string that decodes to the same fields, byte for byte; a
/// percent-decoded value (with and without `+` as space) re-encodes through either encoder to bytes that
/// need no escaping and decodes back; a malformed escape is reported at the offset of its `%`.
package enum FormProperty: FuzzProperty {
    /// Checks the property on `bytes`: a description of the first violation, or nil if it holds.
    package static func check(_ bytes: [UInt8]) -> String? {
        checkRoundTrip(bytes) ?? checkPercentDecoding(bytes, plusAsSpace: true)
            ?? checkPercentDecoding(bytes, plusAsSpace: false)
    }

    static func checkRoundTrip(_ bytes: [UInt8]) -> String? {
        let form: FormFields
        do {
            form = try FormFields(decoding: bytes)
        } catch {
            return error.status == .badRequest ? nil : "decoding threw \(error.status), not 400"
        }
        // The same bytes as a slice that does not start at index 0 must decode the same.
        let shifted = ([0] + bytes).dropFirst()
        guard let fromSlice = try? FormFields(decoding: shifted), fieldBytes(fromSlice) == fieldBytes(form) else {
            return "decoding an ArraySlice differs from decoding the Array"
        }
        let encoded = form.encoded
        let again: FormFields
        do {
            again = try FormFields(decoding: Array(encoded.utf8))
        } catch {
            return "the re-encoded form \(encoded) does not decode: \(error)"
        }
        guard again == form, fieldBytes(again) == fieldBytes(form) else {
            return "the re-encoded form \(encoded) decodes to different fields"
        }
        return nil
    }

    static func checkPercentDecoding(_ bytes: [UInt8], plusAsSpace: Bool) -> String? {
        let decoded: String
        do {
            decoded = try PercentEncoding.decode(bytes, plusAsSpace: plusAsSpace)
        } catch {
            switch error {
            case .malformedEscape(let offset):
                guard bytes.indices.contains(offset), bytes[offset] == UInt8(ascii: "%") else {
                    return "malformedEscape(offset: \(offset)) does not point at a %"
                }
            case .invalidUTF8:
                break
            }
            return nil
        }
        for encoded in [PercentEncoding.encodeQueryValue(decoded), PercentEncoding.encodePathSegment(decoded)] {
            guard encoded.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "+") }) else {
                return "encoding produced a byte that needs escaping: \(encoded)"
            }
            guard let back = try? PercentEncoding.decode(Array(encoded.utf8), plusAsSpace: plusAsSpace),
                back.utf8.elementsEqual(decoded.utf8)
            else {
                return "\(encoded) does not decode back to the value it encodes"
            }
        }
        return nil
    }

    static func fieldBytes(_ form: FormFields) -> [[UInt8]] {
        form.fields.flatMap { [Array($0.name.utf8), Array($0.value.utf8)] }
    }
}
