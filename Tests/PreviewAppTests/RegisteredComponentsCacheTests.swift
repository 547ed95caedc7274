@_spi(Runtime) import Basics
import ComponentTesting
import Components
import Demo
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Kept pages are correct by construction: for every registered component, the demo's and one the demo
/// pages know nothing of, every tap in both outcomes leaves the app with kept pages answering what the
/// app without them answers (`RenderCacheCheck`), and the check itself catches a page kept wrongly.
@Suite struct RegisteredComponentsCacheTests {
    // The demo's own components: `ComponentChecksTests.everyDemoComponentPassesEveryCheck`.

    /// A toggle registered beside the demo, with a page of its own kept through `RenderedPages`: its
    /// taps invalidate its page and the demo's pages, though no key names it.
    @Test func aComponentThePagesDoNotKnowLeavesNothingStale() async throws {
        let differences = try await RenderCacheCheck.differences { context in
            let bells = Bell.module(context)
            return Demo.modules(context) + [bells, BellPage(context, bells: bells.store, keptForever: false)]
        }
        #expect(differences == [])
    }

    /// The check can fail: a page kept under a key that leaves the state out is caught after the first
    /// tap that changes it.
    @Test func theCheckCatchesAPageKeptUnderAKeyWithoutTheState() async throws {
        let differences = try await RenderCacheCheck.differences { context in
            let bells = Bell.module(context)
            return [bells, BellPage(context, bells: bells.store, keptForever: true)]
        }
        #expect(differences.contains { $0.contains("GET /bells") && $0.contains("committed") })
    }

    @Test func everyToggleOffersTapsForTheCheck() {
        let modules = Demo.modules(ComponentContext())
        let taps = modules.flatMap(\.checkedTaps)
        #expect(
            Set(taps.map(\.path)).isSuperset(of: [
                "/components/avatar/tap", "/components/like/tap", "/components/follow/tap",
            ]))
        #expect(taps.contains { $0.body == "post=p1&liked=true" })
        #expect(taps.contains { $0.body == "post=p1&liked=false" })
        #expect(taps.contains { $0.body == "uid=ada&following=true" })
    }
}

/// `/bells`: every bell as the viewer sees it, kept through the kit's `RenderedPages` or, to show that
/// the check can fail, with `--render-cache` on, forever under the path and viewer alone.
private struct BellPage: ComponentModule {
    let bells: ToggleStore
    let rendered: RenderedPages
    let forever: BoundedCache<String, [UInt8]>?

    init(_ context: ComponentContext, bells: ToggleStore, keptForever: Bool) {
        self.bells = bells
        self.rendered = RenderedPages(context: context)
        self.forever = keptForever && context.renderCache ? BoundedCache(capacity: 4) : nil
    }

    var pages: [PageLink] { [PageLink(name: "Bells", path: "/bells")] }

    func addRoutes(to routes: inout RouteGroup) {
        routes.get("/bells", RouteDocumentation("Bells", responses: [.html(200, "The page.")])) { request in
            if let forever {
                return .html(forever.value(for: request.path + String(request.viewer.bits)) { render(request.viewer) })
            }
            return rendered.page(request) { _, html in render(request.viewer, into: &html) }
        }
    }

    private func render(_ viewer: Viewer) -> [UInt8] {
        var html = HTMLBuffer(capacity: 256)
        render(viewer, into: &html)
        return html.bytes
    }

    private func render(_ viewer: Viewer, into html: inout HTMLBuffer) {
        for bell in ["b1", "b2"] {
            if let shown = bells.presentation(bell, viewer: viewer) {
                Bell.toggle.render(bell, shown, "/bells").render(into: &html)
            }
        }
    }
}
