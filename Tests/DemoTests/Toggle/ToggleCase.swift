import ComponentTesting
import Components
import Demo
import HTTPCore
import Testing

/// A self-managed toggle component (like, follow) as the shared tests drive it: its route, its fields,
/// two targets, and its markup. Each test in `OptimisticToggleTapTests` runs for every case, so a new
/// toggle component gets them by adding a case here.
struct ToggleCase: Sendable, CustomTestStringConvertible {
    let component: String
    let tapPath: String
    /// The field naming the target (`post`, `uid`).
    let targetField: String
    /// The field holding the state wanted after the tap (`liked`, `following`), also the events' state name.
    let stateField: String
    /// The target most tests tap, and another one, with their base counts.
    let first: (id: String, base: Int)
    let second: (id: String, base: Int)
    /// Where a tap on the first target without a usable `return_to` lands.
    let fallback: String
    let failureMessage: String
    /// What a tap's answer announces when it shows the state on, and off.
    let announced: (on: String, off: String)
    /// The component's module over base counts, with a service and an event log: its store and its routes.
    let module: @Sendable ([String: Int], any ComponentService, TapEventLog) -> ToggleModule
    /// The component as `viewer` sees it, through its self-managed API.
    let render: @Sendable (_ target: String, Viewer, ToggleStore, _ returnTo: String?) -> String?
    /// The first target's self-managed markup in a given state.
    let markup:
        @Sendable (
            _ on: Bool, _ count: Int, _ returnTo: String?, _ busy: Bool, _ animated: Bool, _ message: String?
        ) -> String

    var testDescription: String { component }

    static let all = [like, follow]

    static let like = ToggleCase(
        component: "LikeButton", tapPath: "/components/like/tap", targetField: "post", stateField: "liked",
        first: ("p1", 10), second: ("p2", 9_999), fallback: "/feed",
        failureMessage: "Your like couldn't be saved, so it was undone. Please try again.",
        announced: ("Liked", "Unliked"),
        module: { base, service, events in
            ToggleModule(
                LikeButton.toggle, preview: LikeButton.preview, baseCounts: base,
                context: ComponentContext(events: events, service: service))
        },
        render: { post, viewer, store, returnTo in
            LikeButton.selfManaged(post: post, viewer: viewer, likes: store, returnTo: returnTo).map {
                withoutSelfManagement($0.renderedString)
            }
        },
        markup: { liked, count, returnTo, busy, animated, message in
            let returnField = returnTo.map { #"<input type="hidden" name="return_to" value="\#($0)">"# } ?? ""
            let alert = message.map { #"<p class="like-error" role="alert">\#($0)</p>"# } ?? ""
            return """
                <div class="\(animated ? "like like--animated" : "like")" id="like-p1"\(busy ? #" aria-busy="true""# : "") \
                data-count="\(count)" data-liked="\(liked)">\
                <form class="like-form" method="post" action="/components/like/tap">\
                <input type="hidden" name="post" value="p1">\
                <input type="hidden" name="liked" value="\(!liked)">\
                \(returnField)\
                <button type="submit" class="like-button" aria-pressed="\(liked)">\
                <span class="like-icon" aria-hidden="true">♥</span>\
                <span class="like-label">Like</span>\
                <span class="like-count">\(count)</span>\
                </button>\
                </form>\
                \(alert)\
                </div>
                """
        })

    static let follow = ToggleCase(
        component: "FollowButton", tapPath: "/components/follow/tap", targetField: "uid", stateField: "following",
        first: ("ada", 10), second: ("linus", 9_999), fallback: "/users/ada",
        failureMessage: "Your follow couldn't be saved, so it was undone. Please try again.",
        announced: ("Following", "Not following"),
        module: { base, service, events in
            ToggleModule(
                FollowButton.toggle, preview: FollowButton.preview, baseCounts: base,
                context: ComponentContext(events: events, service: service))
        },
        render: { uid, viewer, store, returnTo in
            FollowButton.selfManaged(uid: uid, viewer: viewer, follows: store, returnTo: returnTo).map {
                withoutSelfManagement($0.renderedString)
            }
        },
        markup: { following, count, returnTo, busy, animated, message in
            let returnField = returnTo.map { #"<input type="hidden" name="return_to" value="\#($0)">"# } ?? ""
            let alert = message.map { #"<p class="follow-error" role="alert">\#($0)</p>"# } ?? ""
            return """
                <div class="\(animated ? "follow follow--animated" : "follow")"\(busy ? #" aria-busy="true""# : "") \
                data-followers="\(count)" data-following="\(following)">\
                <form class="follow-form" method="post" action="/components/follow/tap">\
                <input type="hidden" name="uid" value="ada">\
                <input type="hidden" name="following" value="\(!following)">\
                \(returnField)\
                <button type="submit" class="follow-button" aria-pressed="\(following)">\
                <span class="follow-label">\(following ? "Following" : "Follow")</span>\
                </button>\
                </form>\
                <span class="follow-count">\(count) followers</span>\
                \(alert)\
                </div>
                """
        })
}
