import PreviewKit

/// The __Name__'s previews: its parameters, the variants worth looking at, and its taps.
extension __Name__ {
    public static let preview = ComponentPreview(
        summary:
            "A quantity with a button each way: a tap shows the new quantity at once, saves it through the simulated service, rolls back exactly on failure, and stops at its bounds.",
        parameters: [
            PreviewParameter("item", .text, default: "item-1", "The item it counts."),
            PreviewParameter("quantity", .integer(minimum: 0), default: "0", "The viewer's quantity, 0 to 5."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("message", .text, default: "", "An error to announce (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("None", [("item", "item-1"), ("quantity", "0")]),
            PreviewVariant("Two", [("item", "item-2"), ("quantity", "2")]),
            PreviewVariant("At the limit", [("item", "item-3"), ("quantity", "5")]),
            PreviewVariant("Tap in flight", [("item", "item-4"), ("quantity", "3"), ("busy", "true")]),
            PreviewVariant("Failed, rolled back", [("item", "item-5"), ("quantity", "1"), ("message", failureMessage)]),
        ],
        actions: [
            definition.previewAction(
                "increment", summary: "One more: 303 to return_to (or this page); 409 past the limit, 404, 400.",
                exampleBody: "item=item-1"),
            definition.previewAction(
                "decrement", summary: "One less: 303 to return_to (or this page); 409 below none, 404, 400.",
                exampleBody: "item=item-1"),
        ],
        instance: { $0["item"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    item: values["item"], quantity: values.int("quantity"), returnTo: values.optional("return_to"),
                    busy: values.bool("busy"), message: values.optional("message"))
            case .plain:
                return __Name__(
                    quantity: values.int("quantity"), limit: maximum, busy: values.bool("busy"),
                    message: values.optional("message")
                ) { _ in plainAction }
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("__Name__.selfManaged").string("item", values["item"]).int("quantity", values.int("quantity"))
                    .string("returnTo", values.optional("return_to")).bool("busy", values.bool("busy"), omittedWhen: false)
                    .string("message", values.optional("message"))
            case .plain:
                SwiftCall("__Name__").int("quantity", values.int("quantity")).int("limit", maximum)
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("message", values.optional("message"))
                    .argument("action", source: "{ _ in " + SwiftCall("").action("", plainAction).arguments[0].source + " }")
            }
        }
    )
}
