import HTTPCore

extension HTTPRequest {
    /// Whether the request comes from script that swaps fragments in place (`HX-Request: true`, as htmx
    /// sends it), rather than from a plain form submission that expects a redirect.
    package var wantsFragment: Bool {
        headers["HX-Request"]?.lowercased() == "true"
    }
}
