import Components
import Demo
import HTTPTesting
import Testing

@Suite struct FollowButtonTests {
    let action = TapAction(path: "/log", fields: [.init("uid", "ada")])

    @Test func rendersNotFollowingExactly() {
        let button = FollowButton(elementID: "follow-ada", following: false, followers: 31_415, action: action)
        expectHTML(
            button.renderedString,
            """
            <div class="follow" id="follow-ada" data-followers="31415" data-following="false">\
            <form class="follow-form" method="post" action="/log">\
            <input type="hidden" name="uid" value="ada">\
            <button type="submit" class="follow-button" aria-pressed="false">\
            <span class="follow-label">Follow</span>\
            </button>\
            </form>\
            <span class="follow-count">31.4K followers</span>\
            </div>
            """
        )
    }

    @Test func rendersFollowingBusyAnimatedWithAMessageExactly() {
        let button = FollowButton(
            following: true, followers: 1, animated: true, busy: true, message: "Nope <b>", action: action)
        expectHTML(
            button.renderedString,
            """
            <div class="follow follow--animated" aria-busy="true" data-followers="1" data-following="true">\
            <form class="follow-form" method="post" action="/log">\
            <input type="hidden" name="uid" value="ada">\
            <button type="submit" class="follow-button" aria-pressed="true">\
            <span class="follow-label">Following</span>\
            </button>\
            </form>\
            <span class="follow-count">1 follower</span>\
            <p class="follow-error" role="alert">Nope &lt;b&gt;</p>\
            </div>
            """
        )
    }

    @Test(arguments: [
        (0, "0 followers"), (1, "1 follower"), (2, "2 followers"), (9_999, "9,999 followers"),
        (12_345, "12.3K followers"), (2_500_000_000, "2.5B followers"), (-3, "0 followers"),
    ])
    func followersTextIsCompactAndAgreesInNumber(_ count: Int, _ text: String) {
        #expect(FollowButton.followersText(count) == text)
    }

    @Test(arguments: [true, false])
    func labelAndPressedStateFollowFollowing(_ following: Bool) {
        let html = FollowButton(following: following, followers: 3, action: action).renderedString
        #expect(html.contains(#"aria-pressed="\#(following)""#))
        #expect(html.contains(following ? ">Following<" : ">Follow<"))
        #expect(html.contains(#"data-following="\#(following)""#))
    }
}
