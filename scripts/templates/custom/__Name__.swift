import PreviewKit

/// __Name__: a quantity between bounds with a button to take one off and one to add one, whose taps go
/// wherever the caller says. It knows nothing of items or services: `__Name__+SelfManaged.swift` makes
/// the one that handles its own taps.
///
/// ```swift
/// __Name__(quantity: 2, limit: 5) { step in TapAction(path: "/log") }
/// ```
public struct __Name__: HTMLComponent {
    public var quantity: Int
    /// The most there may be (there are never fewer than none).
    public var limit: Int
    /// A tap is in flight; the quantity shown is its optimistic one.
    public var busy: Bool
    /// An error to announce, such as a change that could not be saved.
    public var message: String?
    /// The form a tap posts: `"decrement"` or `"increment"`.
    public var action: @Sendable (_ step: String) -> TapAction

    public init(
        quantity: Int, limit: Int, busy: Bool = false, message: String? = nil,
        action: @escaping @Sendable (_ step: String) -> TapAction
    ) {
        self.quantity = quantity
        self.limit = limit
        self.busy = busy
        self.message = message
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("__name__"), .ariaBusy(busy)) { html in
            action("decrement").renderForm(class: "__name__-form", into: &html) { html in
                html.element(
                    .button, .type(.submit), .class("__name__-button"), .ariaLabel("One less"), .when(quantity <= 0, .disabled),
                    text: "−")
            }
            html.element(.output, .class("__name__-quantity"), text: String(quantity))
            action("increment").renderForm(class: "__name__-form", into: &html) { html in
                html.element(
                    .button, .type(.submit), .class("__name__-button"), .ariaLabel("One more"),
                    .when(quantity >= limit, .disabled), text: "+")
            }
            if let message {
                html.element(.p, .class("__name__-error"), .role("alert"), text: message)
            }
        }
    }
}
