import ComponentTesting
import Components
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// What every registered component gets without a test of its own: each test runs once per component in
/// `ComponentCatalog.demo.all`, so the next component is checked by registering it.
@Suite struct ComponentCatalogTests {
    static let names = ComponentCatalog.demo.all.map(\.name)

    /// Every variant, in both configurations, through the fragment endpoint and the frame; the component
    /// page; its actions in /openapi.json: the kit's checks (`ComponentChecks`), one component at a time.
    @Test(arguments: names)
    func everyVariantThePageAndTheActionsPassTheKitsChecks(_ name: String) async throws {
        let app = makeApp()
        let preview = try #require(ComponentCatalog.demo.named(name))
        #expect(try await ComponentChecks.variants(of: preview, in: app) == [])
        #expect(try await ComponentChecks.componentPage(of: preview, in: app) == [])
        #expect(try await ComponentChecks.actionsDescribed(of: preview, in: app) == [])
        #expect(!preview.actions.isEmpty)
    }

    /// `render` (the command line's) prints what the fragment endpoint serves.
    @Test(arguments: names)
    func renderPrintsWhatTheFragmentEndpointServes(_ name: String) async throws {
        let app = makeApp()
        let preview = try #require(ComponentCatalog.demo.named(name))
        for variant in preview.variants {
            var query = FormFields([FormFields.Field(name: "config", value: "self-managed")])
            for (name, value) in variant.parameters { query.append(name, value) }
            let fragment = try await app.responder.test(.get, "/components/\(name)/fragment?\(query.encoded)")
            let rendered = try PreviewAppFragments.render(name, variant.parameters.map { ($0.0, $0.1) })
            #expect(rendered == fragment.bodyText, "render \(name) prints what the endpoint serves")
        }
    }

    @Test(arguments: names)
    func thePageNamesTheComponentAndEveryVariant(_ name: String) async throws {
        let preview = try #require(ComponentCatalog.demo.named(name))
        let html = try await makeApp().responder.test(.get, "/components/\(name)").bodyText
        #expect(html.contains("<h1>\(preview.title)</h1>"))
        for variant in preview.variants {
            #expect(html.contains("<h3>\(variant.name)</h3>"), "\(variant.name)")
        }
    }
}
