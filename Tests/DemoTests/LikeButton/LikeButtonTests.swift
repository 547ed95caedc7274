import Components
import Demo
import HTTPTesting
import Testing

@Suite struct LikeButtonTests {
    let action = TapAction(path: "/log", fields: [.init("post", "p1")])

    @Test func rendersUnlikedButtonExactly() {
        let button = LikeButton(elementID: "like-p1", liked: false, count: 12_345, action: action)
        expectHTML(
            button.renderedString,
            """
            <div class="like" id="like-p1" data-count="12345" data-liked="false">\
            <form class="like-form" method="post" action="/log">\
            <input type="hidden" name="post" value="p1">\
            <button type="submit" class="like-button" aria-pressed="false">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">12.3K</span>\
            </button>\
            </form>\
            </div>
            """
        )
    }

    @Test func rendersLikedButtonExactly() {
        let button = LikeButton(elementID: "like-p1", liked: true, count: 7, action: action)
        expectHTML(
            button.renderedString,
            """
            <div class="like" id="like-p1" data-count="7" data-liked="true">\
            <form class="like-form" method="post" action="/log">\
            <input type="hidden" name="post" value="p1">\
            <button type="submit" class="like-button" aria-pressed="true">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">7</span>\
            </button>\
            </form>\
            </div>
            """
        )
    }

    @Test(arguments: [true, false])
    func ariaPressedFollowsLiked(_ liked: Bool) {
        let html = LikeButton(liked: liked, count: 1, action: action).renderedString
        #expect(html.contains(#"aria-pressed="\#(liked)""#))
        #expect(!html.contains(#"aria-pressed="\#(!liked)""#))
        #expect(html.contains(#"data-liked="\#(liked)""#))
    }

    @Test func ariaBusyOnlyWhileBusy() {
        let busy = LikeButton(elementID: "like-p1", liked: true, count: 11, busy: true, action: TapAction(path: "/log"))
        expectHTML(
            busy.renderedString,
            """
            <div class="like" id="like-p1" aria-busy="true" data-count="11" data-liked="true">\
            <form class="like-form" method="post" action="/log">\
            <button type="submit" class="like-button" aria-pressed="true">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">11</span>\
            </button>\
            </form>\
            </div>
            """
        )
        let idle = LikeButton(
            elementID: "like-p1", liked: true, count: 11, busy: false, action: TapAction(path: "/log"))
        #expect(!idle.renderedString.contains("aria-busy"))
    }

    @Test func animatedAddsTheAnimationClass() {
        let animated = LikeButton(liked: true, count: 1, animated: true, action: action).renderedString
        #expect(animated.hasPrefix(#"<div class="like like--animated" data-count="1" data-liked="true">"#))
        let still = LikeButton(liked: true, count: 1, animated: false, action: action).renderedString
        #expect(still.hasPrefix(#"<div class="like" data-count="1" data-liked="true">"#))
        #expect(!still.contains("like--animated"))
    }

    @Test func messageIsAnnouncedInAnAlertAfterTheForm() {
        let button = LikeButton(liked: false, count: 0, message: "Could not save.", action: TapAction(path: "/log"))
        expectHTML(
            button.renderedString,
            """
            <div class="like" data-count="0" data-liked="false">\
            <form class="like-form" method="post" action="/log">\
            <button type="submit" class="like-button" aria-pressed="false">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">0</span>\
            </button>\
            </form>\
            <p class="like-error" role="alert">Could not save.</p>\
            </div>
            """
        )
        #expect(!LikeButton(liked: false, count: 0, action: action).renderedString.contains("role=\"alert\""))
    }

    @Test func messageTextIsEscaped() {
        let button = LikeButton(liked: false, count: 0, message: #"<script>alert("x") & 'y'</script>"#, action: action)
        #expect(
            button.renderedString.contains(
                #"<p class="like-error" role="alert">&lt;script&gt;alert("x") &amp; 'y'&lt;/script&gt;</p>"#))
        #expect(!button.renderedString.contains("<script>"))
    }

    @Test func idIsOmittedWhenNil() {
        let html = LikeButton(liked: false, count: 3, action: action).renderedString
        #expect(html.hasPrefix(#"<div class="like" data-count="3" data-liked="false">"#))
        #expect(!html.contains("id="))
        #expect(!html.contains("hidden>"))
    }

    @Test func idAndFieldValuesAreEscaped() {
        let button = LikeButton(
            elementID: #"x" onclick="evil()"#,
            liked: false,
            count: 2,
            action: TapAction(path: "/log", fields: [.init("return_to", #"/a?b=1&c="<d>'"#)])
        )
        expectHTML(
            button.renderedString,
            """
            <div class="like" id="x&quot; onclick=&quot;evil()" data-count="2" data-liked="false">\
            <form class="like-form" method="post" action="/log">\
            <input type="hidden" name="return_to" value="/a?b=1&amp;c=&quot;&lt;d>&#39;">\
            <button type="submit" class="like-button" aria-pressed="false">\
            <span class="like-icon" aria-hidden="true">♥</span>\
            <span class="like-label">Like</span>\
            <span class="like-count">2</span>\
            </button>\
            </form>\
            </div>
            """
        )
    }

    @Test func countIsShownShortAndKeptExactForScripts() {
        let html = LikeButton(liked: false, count: 1_234_567, action: action).renderedString
        #expect(html.contains(#"data-count="1234567""#))
        #expect(html.contains(#"<span class="like-count">1.2M</span>"#))
    }

    @Test func renderingIsDeterministic() {
        let button = LikeButton(
            elementID: "like-p1", liked: true, count: 10_000, animated: true, busy: true, message: "m", action: action)
        #expect(button.renderedBytes == button.renderedBytes)
        #expect(
            button.renderedBytes
                == LikeButton(
                    elementID: "like-p1", liked: true, count: 10_000, animated: true, busy: true, message: "m",
                    action: action
                ).renderedBytes)
    }
}
