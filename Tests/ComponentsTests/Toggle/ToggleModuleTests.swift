import ComponentTesting
import Components
import HTML
import HTTPCore
import HTTPTesting
import TestKit
import Testing

/// A toggle registered from its definition alone: its route, its state and what the kit's checks send.
@Suite struct ToggleModuleTests {
    private struct Lamp: HTMLComponent {
        var on: Bool
        var count: Int
        var action = TapAction(path: "/")
        func render(into html: inout HTMLBuffer) {
            html.element(.span, .class("lamp")) { html in
                action.renderForm(class: "switch", into: &html) { html in
                    html.element(.button, text: "\(on) \(count)")
                }
            }
        }
    }

    static let definition: ToggleDefinition = ToggleDefinition(
        name: "lamp", title: "Lamp",
        target: TapTarget("lamp", noun: "lamp", purpose: "the lamp to switch", example: "l1"),
        state: "lit", summary: "Tap a lamp", failureMessage: "Still dark.", returnPath: .fixed("/lamps"),
        render: { lamp, shown, returnTo in
            Lamp(
                on: shown.state.isOn, count: shown.state.count,
                action: definition.action(target: lamp, isOn: shown.state.isOn, returnTo: returnTo))
        })

    static let preview = ComponentPreview(
        name: "lamp", title: "Lamp", summary: "A lamp.", parameters: [], variants: [], actions: [],
        instance: { _ in "l1" }, handlerFile: "", make: { _, _, _ in Lamp(on: false, count: 0) },
        swift: { _, _, _ in SwiftCall("Lamp") })

    private func module(_ service: any ComponentService) -> ToggleModule {
        ToggleModule(
            Self.definition, preview: Self.preview, baseCounts: ["l1": 2, "l2": 0],
            context: ComponentContext(service: service))
    }

    @Test func aTapGoesThroughTheServiceWithTheComponentsNameAndCommits() async throws {
        let service = ScriptedService()
        let module = module(service)
        var router = Router()
        router.mount(module)
        let response = try await router.buildResponder().test(
            .post, "/components/lamp/tap", headers: ["Cookie": "viewer=bob", "HX-Request": "true"],
            body: "lamp=l1&lit=true")
        #expect(response.status == .ok)
        #expect(
            response.bodyText
                == #"<span class="lamp" data-self-managed="lamp l1" data-optimistic="5|3|=value|true|4|:|false 2">"#
                + #"<form class="switch" method="post" action="/components/lamp/tap"><input type="hidden" name="lamp" "#
                + #"value="l1"><input type="hidden" name="lit" value="false"><button>true 3</button></form></span>"#)
        #expect(
            service.requests.map {
                "\($0.component) \($0.action) \($0.target) \($0.viewer) \($0.change(as: Bool.self)!)"
            }
                == ["lamp tap l1 \(Viewer(id: "bob")!) true"])
        #expect(service.requests.first?.description == .object([("lit", .bool(true))]))
        let json = try #require(module.store.json(for: "l1", viewer: "bob"))
        #expect(
            String(decoding: json.encoded(), as: UTF8.self) == #"{"target":"l1","on":true,"count":3,"pending":false}"#)
        #expect(module.store.json(for: "nope", viewer: "bob") == nil)
    }

    @Test func itsExampleTapsTurnTheExampleTargetOnAndOffAndAnotherOn() {
        let taps = module(ScriptedService()).exampleTaps
        #expect(taps.map(\.body) == ["lamp=l1&lit=true", "lamp=l1&lit=false", "lamp=l2&lit=true"])
        #expect(taps.allSatisfy { $0.path == "/components/lamp/tap" })
    }
}
