import CLibFuzzer
import FuzzProperties

// Fuzzes form and percent decoding with arbitrary bytes, as they arrive in a query string or a form body; the property
// is `FormProperty` (Sources/FuzzProperties), which the regression tests in Tests/HTTPCoreTests also check on every
// `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FormProperty.testOneInput(data, size, target: "fuzz-form")
}

fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput)
