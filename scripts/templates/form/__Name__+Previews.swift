import PreviewKit

/// The __Name__'s previews: its parameters, the variants worth looking at, and its send.
extension __Name__ {
    public static let preview = ComponentPreview(
        summary:
            "Notes and a field to add one: a send shows the note at once, saves it through the simulated service, and keeps the text on failure.",
        parameters: [
            PreviewParameter("item", .text, default: "item-1", "The item the notes are on."),
            PreviewParameter("note", .text, default: "", "A note already there; empty for none."),
            PreviewParameter("draft", .text, default: "", "What the field holds."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a send without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A send is in flight (aria-busy)."),
            PreviewParameter("error", .text, default: "", "Why the draft was not kept (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("No notes", [("item", "item-2")]),
            PreviewVariant("One note", [("item", "item-1"), ("note", "A first note.")]),
            PreviewVariant("Send in flight", [("item", "item-3"), ("note", "Earlier."), ("busy", "true")]),
            PreviewVariant("Not sent, text kept", [("item", "item-4"), ("draft", "My note"), ("error", failureMessage)]),
        ],
        actions: [
            notes.previewAction(
                summary: "Adds a note: 303 to return_to (or this page); 422 for empty text, 404, 400.",
                exampleBody: "item=item-1&text=Hello&key=example-key-1")
        ],
        instance: { $0["item"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            let notes = values.optional("note").map { [$0] } ?? []
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    item: values["item"], note: values["note"], draft: values["draft"],
                    returnTo: values.optional("return_to"), busy: values.bool("busy"), error: values.optional("error"))
            case .plain:
                return __Name__(
                    notes: notes, draft: values["draft"], busy: values.bool("busy"), error: values.optional("error"),
                    action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return SwiftCall("__Name__.selfManaged").string("item", values["item"]).string("note", values.optional("note"))
                    .string("draft", values.optional("draft")).string("returnTo", values.optional("return_to"))
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("error", values.optional("error"))
            case .plain:
                let notes = "[" + (values.optional("note").map(SwiftCall.literal) ?? "") + "]"
                return SwiftCall("__Name__").argument("notes", source: notes).string("draft", values.optional("draft"))
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("error", values.optional("error"))
                    .action("action", plainAction)
            }
        }
    )
}
