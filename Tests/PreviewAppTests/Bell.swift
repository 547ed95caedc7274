import Components
import HTML
import HTTPCore

/// A toggle of the tests' own, registered as a user's would be (its render shows no failure message).
struct Bell: HTMLComponent {
    var isOn: Bool
    var count: Int
    var action: TapAction

    func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("bell"), .custom("data-on", boolean: isOn)) { html in
            action.renderForm(class: "bell-form", into: &html) { html in
                html.element(.button, .type(.submit), .ariaPressed(isOn), text: "Bell \(count)")
            }
        }
    }

    static let toggle = ToggleDefinition(
        name: "bell", title: "Bell",
        target: TapTarget("bell", noun: "bell", purpose: "the bell to ring", example: "b1"),
        state: "on", summary: "Tap a bell", failureMessage: "Not rung.", returnPath: .fixed("/bells"),
        render: { bell, shown, _ in
            Bell(
                isOn: shown.state.isOn, count: shown.state.count,
                action: .toggle(
                    path: "/components/bell/tap", target: .init("bell", bell), state: "on",
                    isOn: shown.state.isOn, returnTo: nil))
        })

    static let preview = ComponentPreview(
        name: "bell", title: "Bell", summary: "A bell.",
        parameters: [PreviewParameter("on", .boolean, default: "false", "On.")],
        variants: [PreviewVariant("Off", [("on", "false")])], actions: [], instance: { _ in "b1" }, handlerFile: "",
        make: { values, _, action in Bell(isOn: values.bool("on"), count: 0, action: action) },
        swift: { _, _, _ in SwiftCall("Bell") })

    static func module(_ context: ComponentContext) -> ToggleModule {
        ToggleModule(toggle, preview: preview, baseCounts: ["b1": 1, "b2": 5], context: context)
    }
}
