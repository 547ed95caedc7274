import PreviewKit

/// The __Name__'s previews: its parameters, the variants worth looking at, and its tap.
extension __Name__ {
    public static let preview = ComponentPreview(
        summary: "A button that navigates by itself: tapped, it goes to the page it names.",
        parameters: [
            PreviewParameter(
                "to", .text, default: "home",
                "Where a tap goes: \(destinations.keys.sorted().joined(separator: ", ")); another is a 404."),
            PreviewParameter("label", .text, default: "Go home", "The button's text."),
        ],
        variants: [
            PreviewVariant("Home", [("to", "home"), ("label", "Go home")]),
            PreviewVariant("The catalogue", [("to", "catalogue"), ("label", "Open the catalogue")]),
        ],
        actions: [
            navigation.previewAction(
                summary: "Goes to the page it names: 303 there; 400 without to, 404 for an unknown destination.",
                exampleBody: "to=home")
        ],
        instance: { $0["to"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return selfManaged(to: values["to"], label: values["label"])
            case .plain:
                return __Name__(label: values["label"], action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("__Name__.selfManaged").string("to", values["to"]).string("label", values["label"])
            case .plain:
                SwiftCall("__Name__").string("label", values["label"]).action("action", plainAction)
            }
        }
    )
}
