import CLibFuzzer
import FuzzProperties

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes `Cookies(header:)` with arbitrary text, as a client may send in its `Cookie` header; the property is
// `CookieProperty` (Sources/FuzzProperties), which the regression tests in Tests/HTTPCoreTests also check on every
// `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = CookieProperty.check(bytes) {
        fatalError("fuzz-cookies: \(violation); input \(bytes)")
    }
    return 0
}

// SwiftPM renames this file's top-level code (to fuzz_cookies_main) and makes it the executable's main, so
// libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
