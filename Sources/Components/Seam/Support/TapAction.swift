import HTML
import HTTPValues

/// Where a component's tap goes: a form `POST` to `path` carrying `fields` as hidden inputs.
///
/// The plain components take any `TapAction` their caller chooses; their self-managed extensions
/// choose their own.
public struct TapAction: Sendable, Equatable {
    /// The path the form posts to (its `action`).
    public var path: String
    /// The hidden fields the form carries, in order.
    public var fields: [NameValue]

    /// A tap that posts `fields` to `path`.
    public init(path: String, fields: [NameValue] = []) {
        self.path = path
        self.fields = fields
    }

    /// Writes `<form method="post" action="path">`, the hidden fields, then `content`, then `</form>`.
    /// Inlinable: every component's render calls it, from the components' own modules.
    @inlinable
    public func renderForm(
        class className: String, into html: inout HTMLBuffer, content: (inout HTMLBuffer) -> Void
    ) {
        html.element(.form, .class(className), .method(.post), .action(path)) { html in
            for field in fields {
                html.void(.input, .type(.hidden), .name(field.name), .value(field.value))
            }
            content(&html)
        }
    }
}
