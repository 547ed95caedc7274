import PreviewKit

/// The __Name__'s previews: its parameters, the variants worth looking at, and its taps.
extension __Name__ {
    public static let preview = ComponentPreview(
        summary:
            "A choice among options: tapped, it shows the choice at once, saves it through the simulated service, and rolls back exactly on failure.",
        parameters: [
            PreviewParameter("item", .text, default: "item-1", "The item it chooses for."),
            PreviewParameter("choice", .text, default: "", "The viewer's option (agree, unsure or disagree); empty for none."),
            PreviewParameter("agree", .integer(minimum: 0), default: "0", "How many agree."),
            PreviewParameter("unsure", .integer(minimum: 0), default: "0", "How many are unsure."),
            PreviewParameter("disagree", .integer(minimum: 0), default: "0", "How many disagree."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("message", .text, default: "", "An error to announce (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("Nothing chosen", [("item", "item-1"), ("agree", "3"), ("unsure", "1")]),
            PreviewVariant("Agreed", [("item", "item-2"), ("choice", "agree"), ("agree", "1")]),
            PreviewVariant("Tap in flight", [("item", "item-3"), ("choice", "disagree"), ("disagree", "12346"), ("busy", "true")]),
            PreviewVariant(
                "Failed, rolled back", [("item", "item-1"), ("agree", "3"), ("unsure", "1"), ("message", failureMessage)]),
        ],
        actions: [
            choice.previewAction(
                summary: "Chooses an option, or none: 303 to return_to (or this page); 404 for an unknown item, 400 for bad fields.",
                exampleBody: "item=item-1&choice=agree")
        ],
        instance: { $0["item"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    item: values["item"], choice: values["choice"], agree: values.int("agree"), unsure: values.int("unsure"),
                    disagree: values.int("disagree"), returnTo: values.optional("return_to"), busy: values.bool("busy"),
                    message: values.optional("message"))
            case .plain:
                return __Name__(
                    options: [("agree", values.int("agree")), ("unsure", values.int("unsure")), ("disagree", values.int("disagree"))],
                    chosen: values.optional("choice"), busy: values.bool("busy"), message: values.optional("message")
                ) { _ in plainAction }
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("__Name__.selfManaged").string("item", values["item"]).string("choice", values.optional("choice"))
                    .int("agree", values.int("agree")).int("unsure", values.int("unsure")).int("disagree", values.int("disagree"))
                    .string("returnTo", values.optional("return_to")).bool("busy", values.bool("busy"), omittedWhen: false)
                    .string("message", values.optional("message"))
            case .plain:
                SwiftCall("__Name__")
                    .argument(
                        "options",
                        source: "[(\"agree\", \(values.int("agree"))), (\"unsure\", \(values.int("unsure"))), (\"disagree\", \(values.int("disagree")))]")
                    .optionalString("chosen", values.optional("choice")).bool("busy", values.bool("busy"), omittedWhen: false)
                    .string("message", values.optional("message"))
                    .argument("action", source: "{ _ in " + SwiftCall("").action("", plainAction).arguments[0].source + " }")
            }
        }
    )
}
