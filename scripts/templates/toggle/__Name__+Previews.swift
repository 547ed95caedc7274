import PreviewKit

/// The __Name__'s previews: its parameters, the variants worth looking at, and its tap.
extension __Name__ {
    public static let preview = ComponentPreview(
        summary:
            "A toggle: tapped, it changes at once, saves through the simulated service, and rolls back exactly on failure.",
        parameters: [
            PreviewParameter("item", .text, default: "item-1", "The item it turns on or off."),
            PreviewParameter("on", .boolean, default: "false", "Whether it is on for the viewer."),
            PreviewParameter("count", .integer(minimum: 0), default: "3", "How many have it on."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("message", .text, default: "", "An error to announce (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("Off", [("item", "item-1"), ("on", "false"), ("count", "3")]),
            PreviewVariant("On", [("item", "item-2"), ("on", "true"), ("count", "1")]),
            PreviewVariant(
                "Tap in flight", [("item", "item-3"), ("on", "true"), ("count", "12346"), ("busy", "true")]),
            PreviewVariant(
                "Failed, rolled back",
                [("item", "item-1"), ("on", "false"), ("count", "3"), ("message", failureMessage)]),
        ],
        actions: [
            toggle.previewAction(
                summary:
                    "Turns the item on or off: 303 to return_to (or this page); 404 for an unknown item, 400 for bad fields.",
                exampleBody: "item=item-1&on=true")
        ],
        instance: { $0["item"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    item: values["item"], on: values.bool("on"), count: values.int("count"),
                    returnTo: values.optional("return_to"), busy: values.bool("busy"), message: values.optional("message"))
            case .plain:
                return __Name__(
                    isOn: values.bool("on"), count: values.int("count"), busy: values.bool("busy"),
                    message: values.optional("message"), action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("__Name__.selfManaged").string("item", values["item"]).bool("on", values.bool("on"))
                    .int("count", values.int("count")).string("returnTo", values.optional("return_to"))
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("message", values.optional("message"))
            case .plain:
                SwiftCall("__Name__").bool("isOn", values.bool("on")).int("count", values.int("count"))
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("message", values.optional("message"))
                    .action("action", plainAction)
            }
        }
    )
}
