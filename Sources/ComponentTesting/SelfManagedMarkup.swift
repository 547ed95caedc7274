/// Markup with the kit's self-management attributes taken out (`data-self-managed`, `data-optimistic`,
/// `data-optimistic-html`, which `SelfManaged` adds to every self-managed root), so that a test can compare
/// what a component renders with the markup it expects, and check those attributes on their own.
///
/// ```swift
/// #expect(withoutSelfManagement(button.renderedString) == #"<div class="like" …>…</div>"#)
/// ```
public func withoutSelfManagement(_ html: String) -> String {
    var result = html
    for name in [" data-self-managed=\"", " data-optimistic=\"", " data-optimistic-html=\""] {
        while let start = result.range(of: name) {
            // A value is escaped, so it holds no raw quote: the next one ends it.
            guard let end = result[start.upperBound...].firstIndex(of: "\"") else { break }
            result.removeSubrange(start.lowerBound...end)
        }
    }
    return result
}
