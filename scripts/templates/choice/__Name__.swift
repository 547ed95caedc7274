import PreviewKit

/// __Name__: a choice among options, showing how many chose each, the viewer's choice pressed; each
/// option's tap goes wherever the caller says. It knows nothing of items or services:
/// `__Name__+SelfManaged.swift` makes the one that handles its own taps.
///
/// ```swift
/// __Name__(options: [("agree", 3), ("disagree", 1)], chosen: "agree") { option in TapAction(path: "/log") }
/// ```
public struct __Name__: HTMLComponent {
    /// Each option and how many chose it, in order.
    public var options: [(option: String, count: Int)]
    /// The viewer's option; `nil` when they have not chosen.
    public var chosen: String?
    /// A tap is in flight; what is shown is its optimistic state.
    public var busy: Bool
    /// An error to announce, such as a choice that could not be saved.
    public var message: String?
    /// The form a tap on `option` posts.
    public var action: @Sendable (_ option: String) -> TapAction

    public init(
        options: [(option: String, count: Int)], chosen: String?, busy: Bool = false, message: String? = nil,
        action: @escaping @Sendable (_ option: String) -> TapAction
    ) {
        self.options = options
        self.chosen = chosen
        self.busy = busy
        self.message = message
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("__name__"), .ariaBusy(busy)) { html in
            html.element(.span, .class("__name__-options"), .role("group"), .ariaLabel("__Name__")) { html in
                for (option, count) in options {
                    action(option).renderForm(class: "__name__-form", into: &html) { html in
                        html.element(.button, .type(.submit), .class("__name__-button"), .ariaPressed(option == chosen)) {
                            html in
                            html.element(.span, .class("__name__-label"), text: option)
                            html.element(.span, .class("__name__-count"), text: CompactCount.formatted(count))
                        }
                    }
                }
            }
            if let message {
                html.element(.p, .class("__name__-error"), .role("alert"), text: message)
            }
        }
    }
}
