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

    /// Every variant, in both configurations, through the fragment endpoint, the frame and `render`.
    @Test(arguments: names, ComponentPreview.Configuration.allCases)
    func everyVariantRendersWellFormedEverywhere(
        _ name: String, _ configuration: ComponentPreview.Configuration
    )
        async throws
    {
        let app = makeApp()
        let preview = try #require(ComponentCatalog.demo.named(name))
        #expect(!preview.variants.isEmpty)
        for variant in preview.variants {
            var query = FormFields([FormFields.Field(name: "config", value: configuration.rawValue)])
            for (name, value) in variant.parameters { query.append(name, value) }
            let fragment = try await app.responder.test(.get, "/components/\(name)/fragment?\(query.encoded)")
            #expect(fragment.status == .ok, "\(name) \(variant.name)")
            #expect(fragment.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(!fragment.bodyText.contains("<html"), "a fragment has no layout")
            #expect(HTMLWellFormedness.check(fragment.body) == [], "\(name) \(variant.name)")
            let frame = try await app.responder.test(.get, "/components/\(name)/frame?\(query.encoded)")
            #expect(frame.status == .ok)
            #expect(frame.bodyText.contains(fragment.bodyText))
            if configuration == .selfManaged {
                let rendered = try PreviewAppFragments.render(name, variant.parameters.map { ($0.0, $0.1) })
                #expect(rendered == fragment.bodyText, "render \(name) prints what the endpoint serves")
            }
        }
    }

    @Test(arguments: names)
    func thePageShowsEveryVariantWithUniqueIDs(_ name: String) async throws {
        let preview = try #require(ComponentCatalog.demo.named(name))
        let page = try await makeApp().responder.test(.get, "/components/\(name)")
        #expect(page.status == .ok)
        let html = page.bodyText
        #expect(html.contains("<h1>\(preview.title)</h1>"))
        for variant in preview.variants {
            #expect(html.contains("<h3>\(variant.name)</h3>"), "\(variant.name)")
            #expect(html.contains("id=\"variant-\(variant.slug)\""))
        }
        #expect(HTMLWellFormedness.check(page.body) == [])
        // Outside the <pre> blocks (which show markup as text), every element id is unique.
        let markup = html.components(separatedBy: "<pre>").map { $0.components(separatedBy: "</pre>").last ?? "" }
            .joined()
        let ids = markup.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count, "duplicate ids on /components/\(name)")
    }

    /// Each action the catalogue lists is a route that /openapi.json describes, with the same form fields.
    @Test(arguments: names)
    func everyActionIsADescribedRoute(_ name: String) async throws {
        let preview = try #require(ComponentCatalog.demo.named(name))
        let response = try await makeApp().responder.test(.get, "/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(!preview.actions.isEmpty)
        for action in preview.actions {
            let operation = try #require(paths[action.path]?["post"] as? [String: Any], "\(action.path)")
            let body = try #require(operation["requestBody"] as? [String: Any])
            let content = try #require(body["content"] as? [String: [String: Any]])
            let schema = try #require(content["application/x-www-form-urlencoded"]?["schema"] as? [String: Any])
            let properties = try #require(schema["properties"] as? [String: Any])
            #expect(Set(properties.keys) == Set(action.fields.map(\.name)), "\(action.path)")
            let required = Set(schema["required"] as? [String] ?? [])
            #expect(required == Set(action.fields.filter(\.required).map(\.name)), "\(action.path)")
        }
    }
}
