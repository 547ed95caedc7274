import Components
import HTML

/// A like button: shows whether it is liked and how many likes there are, and sends its tap wherever the
/// caller says.
///
/// ```swift
/// LikeButton(elementID: "like-p1", liked: false, count: 12_345, action: TapAction(path: "/log"))
/// ```
///
/// Renders a root `<div class="like">` (with `id` when given, `aria-busy="true"` while busy, and
/// `data-count`/`data-liked` for scripts) holding a form whose `<button type="submit"
/// aria-pressed="…">` has the constant label "Like" and the count in its own `<span class="like-count">`
/// (see `CompactCount` for how large counts are shown). A `message` is shown in a `role="alert"` paragraph.
/// Knows nothing of posts or services: see `LikeButton+SelfManaged.swift` for the button that likes by itself.
public struct LikeButton: HTMLComponent, Equatable {
    public var elementID: String?
    public var liked: Bool
    public var count: Int
    /// Plays the short "pop" animation when shown.
    public var animated: Bool
    /// A tap is in flight; the state shown is the optimistic one.
    public var busy: Bool
    /// An error to announce, such as a like that could not be saved.
    public var message: String?
    public var action: TapAction

    public init(
        elementID: String? = nil,
        liked: Bool,
        count: Int,
        animated: Bool = false,
        busy: Bool = false,
        message: String? = nil,
        action: TapAction
    ) {
        self.elementID = elementID
        self.liked = liked
        self.count = count
        self.animated = animated
        self.busy = busy
        self.message = message
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(
            .div,
            .class(animated ? "like like--animated" : "like"),
            elementID.map(HTMLAttribute.id),
            .ariaBusy(busy),
            .custom("data-count", integer: count),
            .custom("data-liked", boolean: liked)
        ) { html in
            action.renderForm(class: "like-form", into: &html) { html in
                (liked ? Self.pressedButton : Self.unpressedButton).render(into: &html) { html in
                    html.text(CompactCount.formatted(count))
                }
            }
            if let message {
                html.element(.p, .class("like-error"), .role("alert"), text: message)
            }
        }
    }

    // The button and its constant content are the same in every like button but for the count: rendered
    // once around it (with the builder, so escaped like everything else). /feed has twenty buttons.
    private static let pressedButton = button(pressed: true)
    private static let unpressedButton = button(pressed: false)

    private static func button(pressed: Bool) -> HTMLFrame {
        HTMLFrame { html in
            html.element(.button, .type(.submit), .class("like-button"), .ariaPressed(pressed)) { html in
                html.element(.span, .class("like-icon"), .ariaHidden, text: "♥")
                html.element(.span, .class("like-label"), text: "Like")
                html.element(.span, .class("like-count")) { html in html.render(HTMLFrame.hole) }
            }
        }
    }
}
