import CLibFuzzer
import FuzzProperties

#if canImport(Glibc)
    import Glibc
#endif

// Fuzzes form and percent decoding with arbitrary bytes, as they arrive in a query string or a form body; the property
// is `FormProperty` (Sources/FuzzProperties), which the regression tests in Tests/HTTPCoreTests also check on every
// `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = FormProperty.check(bytes) {
        fatalError("fuzz-form: \(violation); input \(bytes)")
    }
    return 0
}

// SwiftPM renames this file's top-level code (to fuzz_form_main) and makes it the executable's main, so
// libFuzzer's own main never runs: hand the command line to libFuzzer's driver here.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
