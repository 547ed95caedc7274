import HTTPCore

extension Array where Element == RouteDocumentation.Parameter {
    /// The headers every self-managed change route reads, whatever its kind: `HX-Request`,
    /// `X-Simulate-Failure` (forcing `service`'s outcome for this `change`, "tap" or "send") and the
    /// viewer cookie.
    static func selfManagedChangeHeaders(service: String, change: String) -> Self {
        [
            .header(
                "HX-Request", .string(), "true from script: answer with the fragment; else as without it.",
                example: "true"),
            .header(
                "X-Simulate-Failure", .string(enum: ["always", "never"]),
                "Force the \(service) service's outcome for this \(change).", example: "always"),
            Viewer.cookieParameter,
        ]
    }
}

extension RouteDocumentation {
    /// The `HX-Trigger` header's description: what the page's live region says, with `example` as the
    /// announcement.
    static func announceHeader(example: String) -> String {
        #"What the page's live region says, as htmx events from the server: {"announce":""#
            + example + #""} (ASCII JSON)."#
    }
}
