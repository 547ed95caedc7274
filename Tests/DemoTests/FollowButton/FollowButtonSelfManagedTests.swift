import ComponentTesting
import Components
import Demo
import HTTPCore
import HTTPTesting
import TestKit
import Testing

/// What the follow button does beyond every toggle's tap (`OptimisticToggleTapTests`): its fields, its
/// fallback to the profile, and that no one follows themselves.
@Suite struct FollowButtonSelfManagedTests {
    @Test func selfManagedButtonPostsTheWantedStateToTheTapPath() {
        // The form posts to a route its module registers.
        #expect(postRoutes(of: FollowButton.module(ComponentContext(), baseCounts: [:])) == ["/components/follow/tap"])
        let button = FollowButton.selfManaged(uid: "ada", following: false, followers: 10, returnTo: "/feed#like-p1")
        #expect(button.renderedString.contains(#"data-self-managed="follow ada" data-optimistic=""#))
        expectHTML(
            withoutSelfManagement(button.renderedString),
            ToggleCase.follow.markup(false, 10, "/feed#like-p1", false, false, nil))
        let following = FollowButton.selfManaged(uid: "ada", following: true, followers: 11)
        #expect(following.renderedString.contains(#"<input type="hidden" name="following" value="false">"#))
    }

    @Test func hostileUIDIsEscapedInTheField() {
        let html = FollowButton.selfManaged(uid: #"a"><script>"#, following: false, followers: 0).renderedString
        #expect(html.contains(#"<input type="hidden" name="uid" value="a&quot;>&lt;script>">"#))
        #expect(!html.contains("<script>"))
    }

    @Test func viewerButtonIsNilForAnUnknownUserAndForTheUserThemselves() {
        let harness = ToggleHarness(.follow)
        #expect(harness.render("nobody") == nil)
        #expect(harness.render("ada", viewer: "ada") == nil, "no one follows themselves")
        #expect(harness.render("linus", viewer: "ada") != nil)
    }

    @Test func theUserThemselvesCannotFollowAndNothingChanges() async throws {
        let harness = ToggleHarness(.follow)
        let response = try await harness.tap(on: true, viewer: "ada", fragment: true)
        #expect(response.status == .forbidden)
        #expect(response.bodyText.contains("cannot follow yourself"))
        #expect(harness.committed(viewer: "ada") == .init(isOn: false, count: 10))
        #expect(harness.service.callCount == 0)
        #expect(harness.events.count == 0)
        #expect(harness.store.turns.busyKeys == 0)
    }

    @Test func aTapWithoutAReturnPathGoesToTheProfile() async throws {
        let harness = ToggleHarness(.follow)
        let response = try await harness.tap("linus", on: true)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/users/linus")
    }

    @Test func aUserTheStoreDoesNotKnowIs404AndCallsNoService() async throws {
        let service = ScriptedService()
        let module = FollowButton.module(ComponentContext(service: service), baseCounts: ["ada": 1])
        var router = Router()
        router.mount(module)
        let response = try await router.buildResponder().test(
            .post, FollowButton.tapPath, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "uid=ghost&following=true")
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("There is no user with the id ghost."))
        #expect(service.callCount == 0)
        #expect(module.store.committed("ada", viewer: "anonymous")?.isOn == false)
    }

    @Test func theFollowEventNamesItsState() async throws {
        let harness = ToggleHarness(.follow)
        _ = try await harness.tap(on: true)
        let event = try #require(harness.events.recent().first)
        #expect(event.prior?.text == "not following, 10" && event.action == "tap")
        let json = String(decoding: event.json.encoded(), as: UTF8.self)
        #expect(json.contains(#""prior":{"following":false,"count":10}"#))
    }
}
