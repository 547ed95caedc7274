/// A property that a libFuzzer target checks on arbitrary bytes, and the regression tests on their seeds.
package protocol FuzzProperty {
    /// Checks the property on `bytes`: a description of the first violation, or nil.
    static func check(_ bytes: [UInt8]) -> String?
}

extension FuzzProperty {
    /// The body of a fuzz target's `LLVMFuzzerTestOneInput`: checks the input and stops the process on a
    /// violation, so that libFuzzer reports it and keeps the input.
    ///
    /// ```swift
    /// @_cdecl("LLVMFuzzerTestOneInput")
    /// func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ///     CookieProperty.testOneInput(data, size, target: "fuzz-cookies")
    /// }
    /// ```
    package static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int, target: String) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let violation = check(bytes) {
            fatalError("\(target): \(violation); input \(bytes)")
        }
        return 0
    }
}
