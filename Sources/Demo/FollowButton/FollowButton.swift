import Components
import HTML

/// A follow button: shows whether the viewer follows someone and how many followers they have, and
/// sends its tap wherever the caller says.
///
/// ```swift
/// FollowButton(following: false, followers: 1_234, action: TapAction(path: "/log"))
/// ```
///
/// Renders a root `<div class="follow">` (with `id` when given, `aria-busy="true"` while busy, and
/// `data-followers`/`data-following` for scripts) holding a form whose `<button type="submit"
/// aria-pressed="…">` says "Follow" or "Following", then the count in a `<span class="follow-count">`
/// ("1 follower", "12.3K followers": see `CompactCount`). A `message` is shown in a `role="alert"`
/// paragraph. Knows nothing of people or services: see `FollowButton+SelfManaged.swift` for the button
/// that follows by itself.
public struct FollowButton: HTMLComponent, Equatable {
    public var elementID: String?
    public var following: Bool
    public var followers: Int
    /// Plays the short "pop" animation when shown.
    public var animated: Bool
    /// A tap is in flight; the state shown is the optimistic one.
    public var busy: Bool
    /// An error to announce, such as a follow that could not be saved.
    public var message: String?
    public var action: TapAction

    public init(
        elementID: String? = nil,
        following: Bool,
        followers: Int,
        animated: Bool = false,
        busy: Bool = false,
        message: String? = nil,
        action: TapAction
    ) {
        self.elementID = elementID
        self.following = following
        self.followers = followers
        self.animated = animated
        self.busy = busy
        self.message = message
        self.action = action
    }

    /// "Follow" or "Following".
    public static func label(following: Bool) -> String {
        following ? "Following" : "Follow"
    }

    /// "1 follower", "0 followers", "12.3K followers".
    public static func followersText(_ count: Int) -> String {
        CompactCount.formatted(count) + (count == 1 ? " follower" : " followers")
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(
            .div,
            .class(animated ? "follow follow--animated" : "follow"),
            elementID.map(HTMLAttribute.id),
            .ariaBusy(busy),
            .custom("data-followers", integer: followers),
            .custom("data-following", boolean: following)
        ) { html in
            action.renderForm(class: "follow-form", into: &html) { html in
                html.element(.button, .type(.submit), .class("follow-button"), .ariaPressed(following)) { html in
                    html.element(.span, .class("follow-label"), text: Self.label(following: following))
                }
            }
            html.element(.span, .class("follow-count"), text: Self.followersText(followers))
            if let message {
                html.element(.p, .class("follow-error"), .role("alert"), text: message)
            }
        }
    }
}
