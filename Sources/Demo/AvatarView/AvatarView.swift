import Components
import HTML

/// A person's avatar: their picture, a VIP badge when they have one, and a tap that goes wherever the
/// caller says.
///
/// ```swift
/// AvatarView(
///     imageURL: "/public/avatars/ada.svg",
///     vip: .verified,
///     displayName: "Ada Lovelace",
///     action: TapAction(path: "/somewhere", fields: [.init("id", "42")])
/// )
/// ```
///
/// Renders `<form method="post">` around a `<button type="submit">` holding the `<img>` (its `alt` is
/// the display name) and, for VIPs, a badge whose image carries the badge's label; the button's
/// accessible name is therefore "Ada Lovelace Verified (大V)". Knows nothing of profiles: see
/// `AvatarView+SelfManaged.swift` for the avatar that navigates by itself.
public struct AvatarView: HTMLComponent, Equatable {
    public enum Size: String, Sendable, CaseIterable {
        /// 48 px.
        case regular
        /// 96 px, for profile headers.
        case large

        var pixels: Int { self == .regular ? 48 : 96 }
    }

    public var imageURL: String?
    public var vip: VIPStatus
    public var displayName: String
    public var size: Size
    public var action: TapAction

    public init(imageURL: String?, vip: VIPStatus, displayName: String, size: Size = .regular, action: TapAction) {
        self.imageURL = imageURL
        self.vip = vip
        self.displayName = displayName
        self.size = size
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        action.renderForm(class: size == .large ? "avatar avatar--large" : "avatar", into: &html) { html in
            html.element(.button, .type(.submit), .class("avatar-button")) { html in
                html.void(
                    .img,
                    .class("avatar-image"),
                    .src(AvatarImageSource.resolve(imageURL)),
                    .alt(displayName),
                    .width(size.pixels),
                    .height(size.pixels)
                )
                if let label = vip.badgeLabel {
                    html.element(.span, .class("vip-badge")) { html in
                        html.void(.img, .src("/public/vip-badge.svg"), .alt(label), .width(16), .height(16))
                    }
                }
            }
        }
    }
}
