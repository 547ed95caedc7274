import CLibFuzzer
import FuzzProperties

// Fuzzes request parsing and routing of `FuzzRouter` with arbitrary methods and request targets; the property is
// `RouterProperty` (Sources/FuzzProperties), which the regression tests in Tests/HTTPCoreTests also check on every
// `swift test`.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    RouterProperty.testOneInput(data, size, target: "fuzz-router")
}

fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput)
