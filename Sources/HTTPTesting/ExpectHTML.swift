import Testing

/// Expects rendered HTML to be exactly `expected`; on a mismatch the comment says where they first differ.
/// The one HTML comparison of the test suites.
///
/// - Parameters:
///   - html: What was rendered: a component's `renderedString` or a response's `bodyText`.
///   - expected: The whole expected markup.
///   - sourceLocation: Where a failure is reported; defaults to the caller.
public func expectHTML(_ html: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let common = zip(html, expected).prefix { $0 == $1 }.count
    #expect(html == expected, "first difference at character \(common)", sourceLocation: sourceLocation)
}
