import CLibFuzzer
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes form and percent decoding with arbitrary bytes, as they arrive in a query string or a form body.
// Properties: nothing crashes; a decoded form re-encodes (`FormFields.encoded`) to a string that decodes
// to the same fields, byte for byte; a decoded value re-encodes through either encoder and decodes back;
// a malformed escape is reported at the offset of its `%`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkFormRoundTrip(bytes)
    checkPercentDecoding(bytes, plusAsSpace: true)
    checkPercentDecoding(bytes, plusAsSpace: false)
    return 0
}

func checkFormRoundTrip(_ bytes: [UInt8]) {
    let form: FormFields
    do {
        form = try FormFields(decoding: bytes)
    } catch {
        guard error.status == .badRequest else { fail("decoding threw \(error.status), not 400", bytes) }
        return
    }
    // The same bytes as a slice that does not start at index 0 must decode the same.
    let shifted = ([0] + bytes).dropFirst()
    guard let fromSlice = try? FormFields(decoding: shifted), fieldBytes(fromSlice) == fieldBytes(form) else {
        fail("decoding an ArraySlice differs from decoding the Array", bytes)
    }
    let encoded = form.encoded
    let again: FormFields
    do {
        again = try FormFields(decoding: Array(encoded.utf8))
    } catch {
        fail("the re-encoded form \(encoded) does not decode: \(error)", bytes)
    }
    guard again == form, fieldBytes(again) == fieldBytes(form) else {
        fail("the re-encoded form \(encoded) decodes to different fields", bytes)
    }
}

func checkPercentDecoding(_ bytes: [UInt8], plusAsSpace: Bool) {
    let decoded: String
    do {
        decoded = try PercentEncoding.decode(bytes, plusAsSpace: plusAsSpace)
    } catch {
        switch error {
        case .malformedEscape(let offset):
            guard bytes.indices.contains(offset), bytes[offset] == UInt8(ascii: "%") else {
                fail("malformedEscape(offset: \(offset)) does not point at a %", bytes)
            }
        case .invalidUTF8:
            break
        }
        return
    }
    for encoded in [PercentEncoding.encodeQueryValue(decoded), PercentEncoding.encodePathSegment(decoded)] {
        guard encoded.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "+") }) else {
            fail("encoding produced a byte that needs escaping: \(encoded)", bytes)
        }
        guard let back = try? PercentEncoding.decode(Array(encoded.utf8), plusAsSpace: plusAsSpace),
            back.utf8.elementsEqual(decoded.utf8)
        else {
            fail("\(encoded) does not decode back to the value it encodes", bytes)
        }
    }
}

func fieldBytes(_ form: FormFields) -> [[UInt8]] {
    form.fields.flatMap { [Array($0.name.utf8), Array($0.value.utf8)] }
}

func fail(_ message: String, _ input: [UInt8]) -> Never {
    fatalError("fuzz-form: \(message); input \(input)")
}

// SwiftPM renames this file's top-level code (to fuzz_form_main) and makes it the executable's main, so
// libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
