import ComponentTesting
import Components
import Demo
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Every check the kit runs on its components, in one call, for the demo; and the call fails on a
/// component with a fault planted in it.
@Suite struct ComponentChecksTests {
    @Test func everyDemoComponentPassesEveryCheck() async throws {
        let problems = try await ComponentChecks.problems { Demo.modules($0) }
        #expect(problems == [])
    }

    @Test func aVariantWhoseIDIsThereTwiceIsCaught() async throws {
        let problems = try await ComponentChecks.problems { _ in [Faulty(fault: .sameID)] }
        #expect(
            problems.contains { $0.contains("/components/faulty") && $0.contains("the element id same is there twice") }
        )
    }

    @Test func aRouteWithoutDocumentationIsCaught() async throws {
        let problems = try await ComponentChecks.problems { _ in [Faulty(fault: .undocumentedRoute)] }
        #expect(
            problems == [
                "GET /faulty/undocumented has no documentation (RouteDocumentation): /openapi.json leaves it out"
            ])
    }

    @Test func anActionTheCatalogueListsWithoutARouteIsCaught() async throws {
        let problems = try await ComponentChecks.problems { _ in [Faulty(fault: .actionWithoutRoute)] }
        #expect(problems.contains { $0.contains("POST /components/faulty/tap is not described in /openapi.json") })
    }
}

/// A component without state, with one fault of a kind a check must catch.
private struct Faulty: ComponentModule {
    enum Fault { case sameID, undocumentedRoute, actionWithoutRoute }
    var fault: Fault

    private struct Box: HTMLComponent {
        var id: String
        func render(into html: inout HTMLBuffer) {
            html.element(.div, .class("box"), .id(id), text: "box")
        }
    }

    var preview: ComponentPreview? {
        let fault = fault
        return ComponentPreview(
            name: "faulty", title: "Faulty", summary: "A component with a fault.",
            parameters: [PreviewParameter("id", .text, default: "zero", "Its element id.")],
            variants: [
                PreviewVariant("One", [("id", fault == .sameID ? "same" : "one")]),
                PreviewVariant("Two", [("id", fault == .sameID ? "same" : "two")]),
            ],
            actions: fault == .actionWithoutRoute
                ? [
                    PreviewAction(
                        path: "/components/faulty/tap", summary: "Taps it.", fields: [.init("id", "Which.")],
                        exampleBody: "id=one")
                ]
                : [],
            instance: { $0["id"] }, handlerFile: "",
            make: { values, _, _ in Box(id: values["id"]) },
            swift: { _, _, _ in SwiftCall("Box") })
    }

    func addRoutes(to routes: inout RouteGroup) {
        if fault == .undocumentedRoute {
            routes.get("/faulty/undocumented") { _ in .text("no one said what this is\n") }
        }
    }
}
