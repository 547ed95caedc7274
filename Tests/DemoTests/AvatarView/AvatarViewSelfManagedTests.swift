import Components
import Demo
import HTTPCore
import HTTPTesting
import TestKit
import Testing

@Suite struct AvatarViewSelfManagedTests {
    let navigator = TestNavigator(profiles: [
        "ada": "/users/ada",
        "a b/c": "/users/a%20b%2Fc",
    ])
    let events = TapEventLog()
    let responder: RouterResponder

    init() {
        var router = Router()
        router.mount(AvatarView.module(ComponentContext(events: events), navigator: navigator))
        responder = router.buildResponder()
    }

    private func tap(uid: String?, viewer: String? = "alice", fragment: String? = nil) async throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let viewer {
            headers["Cookie"] = "\(Viewer.cookieName)=\(viewer)"
        }
        if let fragment {
            headers["HX-Request"] = fragment
        }
        var form = FormFields()
        if let uid {
            form.append("uid", uid)
        }
        return try await responder.test(.post, AvatarView.tapPath, headers: headers, body: form.encoded)
    }

    @Test func selfManagedAvatarPostsItsUIDToTheTapPath() {
        let view = AvatarView.selfManaged(
            imageURL: "/public/avatars/ada.svg", vip: .verified, uid: "ada", displayName: "Ada Lovelace")
        // The form posts to a route its module registers.
        #expect(
            postRoutes(of: AvatarView.module(ComponentContext(), navigator: navigator)) == ["/components/avatar/tap"])
        expectHTML(
            view.renderedString,
            """
            <form class="avatar" method="post" action="/components/avatar/tap">\
            <input type="hidden" name="uid" value="ada">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatars/ada.svg" alt="Ada Lovelace" width="48" height="48">\
            <span class="vip-badge"><img src="/public/vip-badge.svg" alt="Verified (大V)" width="16" height="16"></span>\
            </button>\
            </form>
            """
        )
    }

    @Test func displayNameDefaultsToTheUIDAndHostileUIDsAreEscaped() {
        let uid = #"Tim "TBL" <Berners-Lee> & Co's"#
        let view = AvatarView.selfManaged(imageURL: "javascript:alert(1)", vip: .none, uid: uid, size: .large)
        expectHTML(
            view.renderedString,
            """
            <form class="avatar avatar--large" method="post" action="/components/avatar/tap">\
            <input type="hidden" name="uid" value="Tim &quot;TBL&quot; &lt;Berners-Lee> &amp; Co&#39;s">\
            <button type="submit" class="avatar-button">\
            <img class="avatar-image" src="/public/avatar-placeholder.svg" \
            alt="Tim &quot;TBL&quot; &lt;Berners-Lee> &amp; Co&#39;s" width="96" height="96">\
            </button>\
            </form>
            """
        )
    }

    @Test func tapRedirectsWith303ToTheProfileTheNavigatorNames() async throws {
        let response = try await tap(uid: "ada")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/users/ada")
        #expect(response.headers["HX-Redirect"] == nil)
        #expect(navigator.askedFor == ["ada"])
    }

    @Test func tapRecordsARedirectedEvent() async throws {
        _ = try await tap(uid: "ada")
        let recorded = events.recent()
        try #require(recorded.count == 1)
        let event = recorded[0]
        #expect(event.sequence == 1)
        #expect(event.component == "AvatarView")
        #expect(event.instance == "ada")
        #expect(event.viewer == "alice")
        #expect(event.outcome == .redirected)
        #expect(event.location == "/users/ada")
        #expect(event.prior == nil)
        #expect(event.optimistic == nil)
    }

    @Test func tapWithoutViewerCookieIsRecordedAsAnonymous() async throws {
        _ = try await tap(uid: "ada", viewer: nil)
        #expect(events.recent().map(\.viewer) == ["anonymous"])
    }

    @Test(arguments: ["true", "TRUE", "True"])
    func htmxTapAnswers200WithHXRedirectAndNoLocation(_ header: String) async throws {
        let response = try await tap(uid: "ada", fragment: header)
        #expect(response.status == .ok)
        #expect(response.headers["HX-Redirect"] == "/users/ada")
        #expect(response.headers["Location"] == nil)
        #expect(events.recent().first?.location == "/users/ada")
    }

    @Test func htmxHeaderOtherThanTrueStillRedirects() async throws {
        let response = try await tap(uid: "ada", fragment: "false")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/users/ada")
        #expect(response.headers["HX-Redirect"] == nil)
    }

    @Test(arguments: [nil, ""])
    func missingOrEmptyUIDIs400WithAReadableMessage(_ uid: String?) async throws {
        let response = try await tap(uid: uid)
        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains("needs a uid field"))
        #expect(response.headers["Location"] == nil)
        #expect(navigator.askedFor.isEmpty)
        #expect(events.count == 0)
    }

    @Test func unknownUIDIs404() async throws {
        let response = try await tap(uid: "nobody")
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("nobody"))
        #expect(response.headers["Location"] == nil)
        #expect(navigator.askedFor == ["nobody"])
        #expect(events.count == 0)
    }

    @Test func uidNeedingPercentEncodingGoesWhereTheNavigatorSays() async throws {
        let response = try await tap(uid: "a b/c")
        #expect(navigator.askedFor == ["a b/c"])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/users/a%20b%2Fc")
        #expect(events.recent().first?.instance == "a b/c")
        #expect(events.recent().first?.location == "/users/a%20b%2Fc")
    }

    @Test func malformedBodyIs400() async throws {
        let response = try await responder.test(.post, AvatarView.tapPath, body: "uid=%zz")
        #expect(response.status == .badRequest)
        #expect(navigator.askedFor.isEmpty)
    }

    @Test func getOnTheTapPathIsNotAllowed() async throws {
        let response = try await responder.test(.get, AvatarView.tapPath)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "OPTIONS, POST")
    }
}
