import PreviewKit

/// __Name__: a button that takes the viewer somewhere, sending its tap wherever the caller says. It
/// knows nothing of pages: `__Name__+SelfManaged.swift` makes the one that navigates by itself.
///
/// ```swift
/// __Name__(label: "Home", action: TapAction(path: "/log"))
/// ```
public struct __Name__: HTMLComponent, Equatable {
    public var label: String
    public var action: TapAction

    public init(label: String, action: TapAction) {
        self.label = label
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("__name__")) { html in
            action.renderForm(class: "__name__-form", into: &html) { html in
                html.element(.button, .type(.submit), .class("__name__-button"), text: label)
            }
        }
    }
}
