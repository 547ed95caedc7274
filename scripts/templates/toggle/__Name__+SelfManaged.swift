import PreviewKit

/// The self-managed __Name__: configured with an item, whether it is on and the count, it handles its own
/// tap. It shows the change at once, sends it to the (simulated) service, and on failure returns to
/// exactly the state it had before the tap. The kit's `ToggleRoutes` does all of that from `toggle`,
/// this component's declaration: `POST /components/__name__/tap` with `item`, `on` (the state wanted
/// after the tap) and an optional `return_to`.
extension __Name__ {
    /// This file, which declares the component's own tap (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage = "Your change couldn't be saved, so it was undone. Please try again."

    /// The items there are, each with how many people other than the app's viewers have it on.
    public static let baseCounts = ["item-1": 3, "item-2": 0, "item-3": 12_345]

    /// The component as a toggle: its fields, texts and rendering.
    public static let toggle: ToggleDefinition = ToggleDefinition(
        name: "__name__", title: "__Name__",
        target: TapTarget("item", noun: "item", purpose: "the item to turn on or off", example: "item-1"),
        state: "on",
        summary: "Tap a __Name__: turn it on or off for an item, optimistically, with rollback on failure",
        failureMessage: failureMessage,
        announcements: (on: "On", off: "Off"),
        returnPath: .fixed("/components/__name__"),
        render: { item, shown, returnTo in
            __Name__(
                isOn: shown.state.isOn, count: shown.state.count, busy: shown.busy, message: shown.message,
                action: toggle.action(target: item, isOn: shown.state.isOn, returnTo: returnTo))
        })

    public static let tapPath = toggle.tapPath

    /// The component as the app registers it: its previews, its state, its styles and its tap.
    public static func module(_ context: ComponentContext) -> ToggleModule {
        ToggleModule(toggle, preview: preview, baseCounts: baseCounts, styles: .file("__Name__.css"), context: context)
    }

    /// A __Name__ for `item` that handles its own tap: the component, carrying the optimistic state a tap
    /// shows at once (rendered by `toggle.render`, the same code as every other state).
    ///
    /// - Parameters:
    ///   - item: What it turns on or off.
    ///   - on: Whether it is on for the viewer now; the tap asks for the opposite.
    ///   - count: How many have it on.
    ///   - returnTo: Where a tap from a plain form submission comes back to (a local path).
    ///   - busy: A tap is in flight and `on`/`count` are its optimistic state.
    ///   - message: An error to announce.
    public static func selfManaged(
        item: String, on: Bool, count: Int, returnTo: String? = nil, busy: Bool = false, message: String? = nil
    ) -> SelfManaged {
        selfManaged(
            item: item,
            shown: ToggleDefinition.Presentation(state: ToggleState(isOn: on, count: count), busy: busy, message: message),
            returnTo: returnTo)
    }

    /// The component showing `shown`, what its store found for a viewer.
    public static func selfManaged(
        item: String, shown: ToggleDefinition.Presentation, returnTo: String? = nil
    ) -> SelfManaged {
        toggle.selfManaged(item, shown: shown, returnTo: returnTo)
    }
}
