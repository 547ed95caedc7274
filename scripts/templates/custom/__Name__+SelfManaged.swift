import PreviewKit

/// The self-managed __Name__: configured with an item, it keeps the viewer's quantity by itself. A tap
/// shows the new quantity at once, sends it to the (simulated) service, and on failure returns to exactly
/// the quantity before; past its bounds a tap is refused (`409`). The kit does all of that from
/// `definition`, this component's declaration on the generic kind, with two actions:
/// `POST /components/__name__/increment` and `/decrement`, each with `item` and an optional `return_to`.
extension __Name__ {
    /// This file, which declares the component's own taps (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage = "Your change couldn't be saved, so it was undone. Please try again."
    /// The most a viewer may have of an item.
    public static let maximum = 5

    /// A step, as an action: its name and what it adds.
    private static func step(_ name: String, by delta: Int) -> SelfManagedAction<__Name__Quantities> {
        SelfManagedAction(
            name, decode: { _ in .change(delta) },
            optimistic: { shown, _ in
                (0...maximum).contains(shown.quantity + delta) ? .init(quantity: shown.quantity + delta, busy: true) : nil
            },
            describe: { [("step", .int($0))] })
    }

    /// The component on the kit's generic kind: its model, its two actions and its words.
    public static let definition: SelfManagedDefinition<__Name__Quantities> = SelfManagedDefinition(
        name: "__name__", title: "__Name__",
        target: TapTarget("item", noun: "item", purpose: "the item to count", example: "item-1"),
        summary: "Add one or take one off, optimistically, with rollback on failure and bounds",
        returnPath: .fixed("/components/__name__"), actions: [step("increment", by: 1), step("decrement", by: -1)],
        words: SelfManagedWords(
            failureMessage: failureMessage, announce: { "Quantity \($0)" },
            describe: { EventState(text: "quantity \($0)", json: .object([("quantity", .int($0))])) },
            flash: { _, outcome in outcome.succeeded ? nil : failureMessage }),
        exampleChanges: { example, other in
            [.init("increment", target: example, fields: []), .init("decrement", target: example, fields: [])]
                + (other.map { [.init("increment", target: $0, fields: [])] } ?? [])
        },
        render: { item, shown, returnTo in
            __Name__(quantity: shown.quantity, limit: maximum, busy: shown.busy, message: shown.message) { step in
                definition.form(step, target: item, returnTo: returnTo)
            }
        })

    /// The component as the app registers it: its previews, its state, its styles and its taps.
    public static func module(_ context: ComponentContext) -> SelfManagedModule<__Name__Quantities> {
        SelfManagedModule(
            definition, model: __Name__Quantities(items: ["item-1", "item-2", "item-3"], limit: maximum),
            preview: preview, styles: .file("__Name__.css"), context: context)
    }

    /// A __Name__ for `item` showing `quantity`, that handles its own taps.
    public static func selfManaged(
        item: String, quantity: Int, returnTo: String? = nil, busy: Bool = false, message: String? = nil
    ) -> SelfManaged {
        definition.selfManaged(item, shown: .init(quantity: quantity, busy: busy, message: message), returnTo: returnTo)
    }
}
