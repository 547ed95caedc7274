import HTTPCore

/// A toggle component as the app registers it: the kit's generic module over a `Membership`, from the
/// toggle's `ToggleDefinition`: its catalogue entry, its store (base counts, members, taps in flight),
/// its tap route, its example taps and its scenarios.
///
/// ```swift
/// extension LikeButton {
///     public static func module(_ context: ComponentContext, baseCounts: [String: Int]) -> ToggleModule {
///         ToggleModule(toggle, preview: preview, baseCounts: baseCounts, context: context)
///     }
/// }
/// ```
public typealias ToggleModule = SelfManagedModule<Membership>

extension SelfManagedModule where Model == Membership {
    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers; the targets that
    ///     exist.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every toggle's.
    public init(
        _ toggle: ToggleDefinition, preview: ComponentPreview, baseCounts: [String: Int],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        self.init(
            toggle.kind, model: Membership(baseCounts: baseCounts), preview: preview, styles: styles,
            scenarios: extraScenarios, context: context)
    }
}
