import Components
import Demo
import HTTPTesting
import Testing

@Suite struct AvatarViewTests {
    let action = TapAction(path: "/somewhere", fields: [.init("id", "42")])

    @Test func nonVIPRendersPictureWithoutBadge() {
        let view = AvatarView(
            imageURL: "/public/avatars/ada.svg", vip: .none, displayName: "Ada Lovelace", action: action)
        expectHTML(
            view.renderedString,
            """
            <form class="avatar" method="post" action="/somewhere">\
            <input type="hidden" name="id" value="42">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatars/ada.svg" alt="Ada Lovelace" width="48" height="48">\
            </button>\
            </form>
            """
        )
    }

    @Test func vipRendersBadgeWithItsLabel() {
        let view = AvatarView(
            imageURL: "https://cdn.example/ada.png", vip: .verified, displayName: "Ada Lovelace", action: action)
        expectHTML(
            view.renderedString,
            """
            <form class="avatar" method="post" action="/somewhere">\
            <input type="hidden" name="id" value="42">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="https://cdn.example/ada.png" alt="Ada Lovelace" width="48" height="48">\
            <span class="vip-badge"><img src="/public/vip-badge.svg" alt="Verified (大V)" width="16" height="16"></span>\
            </button>\
            </form>
            """
        )
    }

    @Test func largeSizeRendersAt96Pixels() {
        let view = AvatarView(
            imageURL: nil, vip: .none, displayName: "Ada", size: .large, action: TapAction(path: "/p"))
        expectHTML(
            view.renderedString,
            """
            <form class="avatar avatar--large" method="post" action="/p">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatar-placeholder.svg" alt="Ada" width="96" height="96">\
            </button>\
            </form>
            """
        )
    }

    @Test func altIsTheDisplayName() {
        let view = AvatarView(imageURL: nil, vip: .none, displayName: "Grace Hopper", action: action)
        #expect(view.renderedString.contains(#"alt="Grace Hopper""#))
    }

    @Test func hostileDisplayNameIsEscapedInAlt() {
        let view = AvatarView(
            imageURL: nil, vip: .none, displayName: #"Tim "TBL" <Berners-Lee> & Co's"#, action: TapAction(path: "/p"))
        expectHTML(
            view.renderedString,
            """
            <form class="avatar" method="post" action="/p">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatar-placeholder.svg" \
            alt="Tim &quot;TBL&quot; &lt;Berners-Lee> &amp; Co&#39;s" width="48" height="48">\
            </button>\
            </form>
            """
        )
    }

    @Test func hostileFieldValuesAndPathAreEscaped() {
        let view = AvatarView(
            imageURL: nil,
            vip: .none,
            displayName: "x",
            action: TapAction(path: #"/a?b="c"&d"#, fields: [.init(#"n"'"#, #"Tim "TBL" <Berners-Lee> & Co's"#)])
        )
        expectHTML(
            view.renderedString,
            """
            <form class="avatar" method="post" action="/a?b=&quot;c&quot;&amp;d">\
            <input type="hidden" name="n&quot;&#39;" value="Tim &quot;TBL&quot; &lt;Berners-Lee> &amp; Co&#39;s">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatar-placeholder.svg" alt="x" width="48" height="48">\
            </button>\
            </form>
            """
        )
    }

    @Test func allowedURLWithQuoteIsEscapedInSrc() {
        let view = AvatarView(
            imageURL: #"https://cdn.example/a.png?x="onerror="alert(1)"#, vip: .none, displayName: "x",
            action: TapAction(path: "/p"))
        #expect(
            view.renderedString.contains(
                #"src="https://cdn.example/a.png?x=&quot;onerror=&quot;alert(1)""#))
    }

    @Test(arguments: [
        nil, "", "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:x", "data:text/html,<script>",
        "//evil.example/a.png", "a.png", "https://cdn.example/a b.png",
    ])
    func unacceptableURLsShowThePlaceholder(_ url: String?) {
        let view = AvatarView(imageURL: url, vip: .none, displayName: "Ada", action: TapAction(path: "/p"))
        expectHTML(view.renderedString, markup(src: "/public/avatar-placeholder.svg"))
    }

    @Test(arguments: [
        "http://cdn.example/a.png", "https://cdn.example/a.png", "HTTPS://CDN.EXAMPLE/A.PNG",
        "HtTp://cdn.example/a.png", "/public/x.svg", "data:image/png;base64,AAA",
    ])
    func acceptableURLsAreShown(_ url: String) {
        let view = AvatarView(imageURL: url, vip: .none, displayName: "Ada", action: TapAction(path: "/p"))
        expectHTML(view.renderedString, markup(src: url))
    }

    @Test func renderingIsDeterministic() {
        let view = AvatarView(
            imageURL: "/public/a.svg", vip: .verified, displayName: #"Tim "TBL" & Co"#, size: .large, action: action)
        let first = view.renderedBytes
        for _ in 0..<10 {
            #expect(view.renderedBytes == first)
        }
        #expect(
            AvatarView(
                imageURL: "/public/a.svg", vip: .verified, displayName: #"Tim "TBL" & Co"#,
                size: .large, action: action
            ).renderedBytes == first)
    }

    @Test func sizesAndStatusesAreTheDocumentedSets() {
        #expect(AvatarView.Size.allCases == [.regular, .large])
        #expect(VIPStatus.allCases.map(\.rawValue) == ["none", "verified"])
        #expect(VIPStatus(rawValue: "verified") == .verified)
        #expect(VIPStatus(rawValue: "gold") == nil)
    }

    /// A regular non-VIP avatar named Ada that posts to `/p`, showing `src`.
    private func markup(src: String) -> String {
        """
        <form class="avatar" method="post" action="/p">\
        <button type="submit" class="avatar-button">\
        <img class="avatar-image" src="\(src)" alt="Ada" width="48" height="48">\
        </button>\
        </form>
        """
    }
}
