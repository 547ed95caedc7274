import PreviewKit

/// __Name__: a list of notes and a field to add one, whose send goes wherever the caller says. It knows
/// nothing of items or services: `__Name__+SelfManaged.swift` makes the one that sends by itself.
///
/// ```swift
/// __Name__(notes: ["First."], action: TapAction(path: "/log"))
/// ```
public struct __Name__: HTMLComponent {
    /// The notes, oldest first.
    public var notes: [String]
    /// A note being sent, shown at the end (its text filled in by the browser from the field).
    public var sending: Bool
    /// What the field holds: empty, or the text of a send that was not kept.
    public var draft: String
    /// A send is in flight: the field is read-only and the button disabled.
    public var busy: Bool
    /// Why the draft was not kept.
    public var error: String?
    /// The draft was refused as it is (`aria-invalid` on the field).
    public var invalid: Bool
    public var action: TapAction

    public init(
        notes: [String], sending: Bool = false, draft: String = "", busy: Bool = false, error: String? = nil,
        invalid: Bool = false, action: TapAction
    ) {
        self.notes = notes
        self.sending = sending
        self.draft = draft
        self.busy = busy
        self.error = error
        self.invalid = invalid
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(.section, .class("__name__"), .ariaBusy(busy)) { html in
            html.element(.ul, .class("__name__-notes")) { html in
                for note in notes {
                    html.element(.li, .class("__name__-note"), text: note)
                }
                // The place of a note being sent, hidden until there is one: so what a send shows at once
                // changes attributes and text only.
                html.element(
                    .li, .class("__name__-note __name__-note--sending"), .custom("data-fill", CommentDefinition.textField),
                    .when(!sending, .hidden))
            }
            action.renderForm(class: "__name__-form", into: &html) { html in
                html.element(
                    .textarea,
                    [
                        .class("__name__-field"), .name(CommentDefinition.textField), .ariaLabel("Add a note"),
                        .when(busy, .readonly), .when(invalid, .ariaInvalid),
                    ]
                ) { html in html.text(draft) }
                if let error {
                    html.element(.p, .class("__name__-error"), .role("alert"), text: error)
                }
                html.element(.button, .type(.submit), .class("__name__-send"), .when(busy, .disabled), text: "Send")
            }
        }
    }
}
