import HTTPCore

extension HTTPRequest {
    /// Whether the request comes from script that swaps fragments in place (`HX-Request: true`, as htmx
    /// sends it), rather than from a plain form submission that expects a redirect.
    package var wantsFragment: Bool {
        headers.value(of: .hxRequest, is: "true")
    }

    /// Whether the script that asks for a fragment puts back what it holds (`X-Self-Managed-Kept: true`,
    /// as the kit's browser script sends it with the first change in flight): the answer may then stand
    /// for it with `HTMLBuffer.keptByClient`.
    package var keepsWhatItHolds: Bool {
        headers.value(of: .selfManagedKept, is: "true")
    }
}
