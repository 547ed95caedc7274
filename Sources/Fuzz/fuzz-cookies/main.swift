import CLibFuzzer
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes `Cookies(header:)` with arbitrary text, as a client may send in its `Cookie` header.
// Properties: nothing crashes; every parsed name is non-empty, contains no `;` and no `=`, and has no
// leading or trailing space or tab; no value contains a `;`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let header = String(decoding: bytes, as: UTF8.self)
    let cookies = Cookies(header: header)
    for (name, value) in cookies.values {
        guard !name.isEmpty else { fail("an empty name", header) }
        guard !name.utf8.contains(UInt8(ascii: ";")) else { fail("the name \(name) contains ;", header) }
        guard !name.utf8.contains(UInt8(ascii: "=")) else { fail("the name \(name) contains =", header) }
        let blanks: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        guard !blanks.contains(name.utf8.first!), !blanks.contains(name.utf8.last!) else {
            fail("the name \(name) is not trimmed", header)
        }
        guard !value.utf8.contains(UInt8(ascii: ";")) else { fail("the value \(value) contains ;", header) }
    }
    return 0
}

func fail(_ message: String, _ header: String) -> Never {
    fatalError("fuzz-cookies: \(message); header \(Array(header.utf8))")
}

// SwiftPM renames this file's top-level code (to fuzz_cookies_main) and makes it the executable's main,
// so libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
