@_spi(Runtime) import Basics
import ComponentTesting
import Components
import HTML
import Synchronization
import Testing

/// The kit's self-managed root: its key, the patch to its optimistic state (or that state's whole markup),
/// and a toggle's optimistic state rendered by the toggle's own `render`.
@Suite struct SelfManagedTests {
    private struct Badge: HTMLComponent {
        var on: Bool
        var count: Int
        var busy = false
        /// Its tap, when it has one.
        var action: TapAction?
        func render(into html: inout HTMLBuffer) {
            html.element(.p, .class("badge"), .ariaBusy(busy)) { html in
                if let action {
                    action.renderForm(class: "tap", into: &html) { html in
                        html.element(.button, .ariaPressed(on), text: on ? "On" : "Off")
                    }
                } else {
                    html.element(.button, .ariaPressed(on), text: on ? "On" : "Off")
                }
                if on {
                    html.element(.span, .class("star"), text: "★")
                }
                html.element(.span, text: "\(count)")
            }
        }
    }

    private static let definition: ToggleDefinition = ToggleDefinition(
        name: "badge", title: "Badge",
        target: TapTarget("badge", noun: "badge", purpose: "the badge", example: "b1"),
        state: "starred", summary: "Tap a badge", failureMessage: "No.", returnPath: .fixed("/"),
        render: { badge, shown, returnTo in
            Badge(
                on: shown.state.isOn, count: shown.state.count, busy: shown.busy,
                action: definition.action(target: badge, isOn: shown.state.isOn, returnTo: returnTo))
        })

    @Test func aRootCarriesItsKeyAndThePatchToItsOptimisticState() throws {
        let html = SelfManaged(
            key: "badge b1", committed: Badge(on: false, count: 1), optimistic: Badge(on: false, count: 2, busy: true)
        ).renderedString
        #expect(
            html
                == #"<p class="badge" data-self-managed="badge b1" data-optimistic="3|0|=aria-busy|true|2|:|2"><button aria-pressed="false">Off</button><span>1</span></p>"#
        )
        #expect(withoutSelfManagement(html) == Badge(on: false, count: 1).renderedString)
    }

    @Test func anOptimisticStateWithOtherElementsIsCarriedWhole() {
        let optimistic = Badge(on: true, count: 2, busy: true)
        let html = SelfManaged(key: "badge b1", committed: Badge(on: false, count: 1), optimistic: optimistic)
            .renderedString
        var expected = HTMLBuffer()
        expected.element(.p, .custom("data-optimistic-html", optimistic.renderedString))
        let attribute = String(decoding: expected.bytes, as: UTF8.self).dropFirst(2).dropLast(5)  // ` data-…="…"`
        #expect(html.contains(#"data-self-managed="badge b1""# + attribute + ">"))
        #expect(!html.contains("data-optimistic=\""))
    }

    @Test func aRootWithoutAnOptimisticStateCarriesItsKeyAlone() {
        let html = SelfManaged(key: "badge b1", committed: Badge(on: false, count: 1), optimistic: nil).renderedString
        #expect(html.hasPrefix(#"<p class="badge" data-self-managed="badge b1"><button"#))
    }

    @Test func aTogglesOptimisticStateIsItsOwnRenderToggledBusyAndAnimatedWhenItTurnsOn() {
        let shown = ToggleDefinition.Presentation(state: .init(isOn: false, count: 3), message: "an old failure")
        #expect(shown.optimisticNext == .init(state: .init(isOn: true, count: 4), busy: true, animated: true))
        let on = ToggleDefinition.Presentation(state: .init(isOn: true, count: 4), animated: true)
        #expect(on.optimisticNext == .init(state: .init(isOn: false, count: 3), busy: true, animated: false))
        let expected = SelfManaged(
            key: "badge b1",
            committed: Badge(
                on: false, count: 3, action: Self.definition.action(target: "b1", isOn: false, returnTo: nil)),
            optimistic: Badge(
                on: true, count: 4, busy: true, action: Self.definition.action(target: "b1", isOn: true, returnTo: nil))
        ).renderedString
        let first = Self.definition.selfManaged("b1", shown: shown, returnTo: nil)
        #expect(first.key == "badge b1")
        #expect(first.renderedString == expected)
        // Again from the same inputs: the optimistic markup is the one kept, not rendered again.
        let again = Self.definition.selfManaged("b1", shown: shown, returnTo: nil)
        #expect(again.optimistic == nil)
        #expect(again.renderedString == expected)
        // A definition changed in its render is another one: nothing it kept is used.
        var changed = Self.definition
        changed.render = { badge, shown, _ in
            Badge(
                on: shown.state.isOn, count: shown.state.count * 10,
                action: Self.definition.action(target: badge, isOn: shown.state.isOn, returnTo: nil))
        }
        #expect(changed.selfManaged("b1", shown: shown, returnTo: nil).renderedString.contains("40"))
        // A root without a form of its component shows nothing at once: nothing there can be tapped.
        changed.render = { _, shown, _ in Badge(on: shown.state.isOn, count: shown.state.count) }
        #expect(!changed.selfManaged("b1", shown: shown, returnTo: nil).renderedString.contains("data-optimistic"))
    }

    @Test func aRootRenderedUnkeptIsNotKeptByItsDefinitionAndOneRenderedAsItIsIs() {
        var definition = Self.definition
        definition.render = Self.definition.render  // a definition of its own, with nothing kept yet
        let caches = Caches()
        definition.kind.reportRenderedRoots(in: caches)
        let shown = ToggleDefinition.Presentation(state: .init(isOn: true, count: 7))
        let unkept = definition.selfManaged("b1", shown: shown, returnTo: "/x").unkept.renderedString
        #expect(caches.reports.first?.kept == 0, "its caller keeps it")
        let kept = definition.selfManaged("b1", shown: shown, returnTo: "/x").renderedString
        #expect(kept == unkept)
        #expect(caches.reports.first?.name == "roots/badge" && caches.reports.first?.kept == 1)
    }

    /// A root shown again in a state is a copy of its bytes: its component is not made again (for a
    /// comment box, its thread's entries).
    @Test func aRootShownAgainDoesNotMakeItsComponentAgain() {
        let made = Mutex(0)
        var definition = Self.definition
        let render = Self.definition.render
        definition.render = { badge, shown, returnTo in
            made.withLock { $0 += 1 }
            return render(badge, shown, returnTo)
        }
        let shown = ToggleDefinition.Presentation(state: .init(isOn: false, count: 3))
        let first = definition.selfManaged("b1", shown: shown, returnTo: "/x").renderedString
        let once = made.withLock { $0 }
        #expect(once >= 1)
        let again = definition.selfManaged("b1", shown: shown, returnTo: "/x").renderedString
        #expect(again == first)
        #expect(made.withLock { $0 } == once, "no render made for a root kept")
        // Another state is made.
        _ =
            definition.selfManaged("b1", shown: .init(state: .init(isOn: true, count: 4)), returnTo: "/x")
            .renderedString
        #expect(made.withLock { $0 } > once)
    }

    @Test func announcementsComeFromTheStateUnlessGiven() {
        #expect(Self.definition.announcements == .init(on: "Starred", off: "Not starred"))
        #expect(Self.definition.announcements.text(isOn: true) == "Starred")
        #expect(
            Announcement.headerValue(#"Said "ok" \ déjà ✓ 🎉"#)
                == #"{"announce":"Said \"ok\" \\ d\u00e9j\u00e0 \u2713 \ud83c\udf89"}"#)
        // Printable ASCII goes in as it is; anything else is escaped, control characters and DEL included.
        #expect(Announcement.headerValue("Liked. 12,346 likes") == #"{"announce":"Liked. 12,346 likes"}"#)
        #expect(Announcement.headerValue("") == #"{"announce":""}"#)
        #expect(Announcement.headerValue("a\tb\u{7F}") == #"{"announce":"a\u0009b\u007f"}"#)
        #expect(Announcement.headerValue(#"a"b"#) == #"{"announce":"a\"b"}"#)
    }
}
