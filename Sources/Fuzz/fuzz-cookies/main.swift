import CLibFuzzer
import FuzzProperties

// Fuzzes `Cookies(header:)` with arbitrary text, as a client may send in its `Cookie` header; the property is
// `CookieProperty` (Sources/FuzzProperties), which the regression tests in Tests/HTTPCoreTests also check on every
// `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CookieProperty.testOneInput(data, size, target: "fuzz-cookies")
}

fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput)
