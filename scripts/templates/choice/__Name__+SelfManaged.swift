import PreviewKit

/// The self-managed __Name__: configured with an item, it records the viewer's choice by itself. A tap on
/// an option shows it chosen at once, sends it to the (simulated) service, and on failure returns to
/// exactly the state before; a tap on the viewer's own choice takes it back. The kit does all of that
/// from `choice`, this component's declaration on its choice kind: `POST /components/__name__/choose` with
/// `item`, `choice` (an option, or empty for none) and an optional `return_to`.
extension __Name__ {
    /// This file, which declares the component's own taps (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage = "Your choice couldn't be saved, so it was undone. Please try again."

    /// The items there are, each with how many people other than the app's viewers chose each option.
    public static let base = ["item-1": ["agree": 3, "unsure": 1], "item-2": [:], "item-3": ["disagree": 12_345]]

    /// The component as a choice among three options.
    public static let choice: ChoiceDefinition = ChoiceDefinition(
        name: "__name__", title: "__Name__",
        target: TapTarget("item", noun: "item", purpose: "the item to choose for", example: "item-1"),
        field: "choice", options: ["agree", "unsure", "disagree"],
        summary: "Choose an option for an item, optimistically, with rollback on failure",
        failureMessage: failureMessage, announce: { $0.map { "Chose \($0)" } ?? "No choice" },
        returnPath: .fixed("/components/__name__"),
        render: { item, shown, returnTo in
            __Name__(
                options: shown.shown.counts.map { ($0.option, $0.count) }, chosen: shown.shown.chosen,
                busy: shown.busy, message: shown.message
            ) { option in choice.form(item, choosing: option, in: shown, returnTo: returnTo) }
        })

    /// The component as the app registers it: its previews, its state, its styles and its taps.
    public static func module(_ context: ComponentContext) -> ChoiceModule {
        ChoiceModule(choice, preview: preview, base: base, styles: .file("__Name__.css"), context: context)
    }

    /// A __Name__ for `item` that handles its own taps, showing the viewer's `choice` (empty: none) and
    /// how many chose each option.
    public static func selfManaged(
        item: String, choice chosen: String = "", agree: Int = 0, unsure: Int = 0, disagree: Int = 0, returnTo: String? = nil,
        busy: Bool = false, message: String? = nil
    ) -> SelfManaged {
        let counts = [ChoiceDefinition.Count("agree", agree), ChoiceDefinition.Count("unsure", unsure), ChoiceDefinition.Count("disagree", disagree)]
        let shown = ChoiceDefinition.Shown(chosen: chosen.isEmpty ? nil : chosen, counts: counts)
        return choice.selfManaged(item, shown: .init(shown: shown, busy: busy, message: message), returnTo: returnTo)
    }
}
