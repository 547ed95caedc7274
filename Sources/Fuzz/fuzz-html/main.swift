import CLibFuzzer
import FuzzProperties

// Fuzzes HTML escaping, and checking and indenting markup, with arbitrary text; the property is `HTMLEscapingProperty`
// (Sources/FuzzProperties), which the regression tests in Tests/HTMLTests also check on every `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    HTMLEscapingProperty.testOneInput(data, size, target: "fuzz-html")
}

fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput)
