import HTTPCore

/// A toggle component as the app registers it, from the toggle's `ToggleDefinition` and each target's
/// base count: its catalogue entry, its store (base counts, members, taps in flight), its tap route, its
/// example taps and its scenarios.
///
/// ```swift
/// extension LikeButton {
///     public static func module(_ context: ComponentContext, baseCounts: [String: Int]) -> ToggleModule {
///         ToggleModule(toggle, preview: preview, baseCounts: baseCounts, context: context)
///     }
/// }
/// ```
public struct ToggleModule: KindModuleOverModel {
    package var base: SelfManagedModule<Membership>

    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers; the targets that
    ///     exist.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every toggle's.
    public init(
        _ toggle: ToggleDefinition, preview: ComponentPreview, baseCounts: [String: Int],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        base = SelfManagedModule(
            toggle.kind, model: Membership(baseCounts: baseCounts), preview: preview, styles: styles,
            scenarios: extraScenarios, context: context)
    }
}
