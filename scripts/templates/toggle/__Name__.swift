import PreviewKit

/// __Name__: a toggle that shows whether it is on and how many have it on, and sends its tap wherever the
/// caller says. It knows nothing of items or services: `__Name__+SelfManaged.swift` makes the one that
/// handles its own tap.
///
/// ```swift
/// __Name__(isOn: false, count: 3, action: TapAction(path: "/log"))
/// ```
public struct __Name__: HTMLComponent, Equatable {
    public var isOn: Bool
    public var count: Int
    /// A tap is in flight; the state shown is the optimistic one.
    public var busy: Bool
    /// An error to announce, such as a change that could not be saved.
    public var message: String?
    public var action: TapAction

    public init(isOn: Bool, count: Int, busy: Bool = false, message: String? = nil, action: TapAction) {
        self.isOn = isOn
        self.count = count
        self.busy = busy
        self.message = message
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(
            .div, .class("__name__"), .ariaBusy(busy), .custom("data-count", integer: count),
            .custom("data-on", boolean: isOn)
        ) { html in
            action.renderForm(class: "__name__-form", into: &html) { html in
                html.element(.button, .type(.submit), .class("__name__-button"), .ariaPressed(isOn)) { html in
                    html.element(.span, .class("__name__-label"), text: "__Name__")
                    html.element(.span, .class("__name__-count"), text: CompactCount.formatted(count))
                }
            }
            if let message {
                html.element(.p, .class("__name__-error"), .role("alert"), text: message)
            }
        }
    }
}
