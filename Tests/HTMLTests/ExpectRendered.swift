import HTML
import HTTPTesting
import Testing

/// Renders into a fresh buffer with `build` and expects exactly `expected`.
/// - Parameters:
///   - expected: The whole expected HTML.
///   - sourceLocation: Where a failure is reported; defaults to the caller.
///   - build: Writes into the buffer.
func expectRendered(
    _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ build: (inout HTMLBuffer) -> Void
) {
    var html = HTMLBuffer()
    build(&html)
    expectHTML(String(decoding: html.bytes, as: UTF8.self), expected, sourceLocation: sourceLocation)
}
