import HTTPCore

/// A choice component as the app registers it, from its `ChoiceDefinition` and the base data: its
/// catalogue entry, its store (each target's counts per option, each viewer's choice, the changes in
/// flight), its action's route, its example changes and its scenarios.
///
/// ```swift
/// ChoiceModule(poll, preview: preview, base: ["q1": ["yes": 4, "no": 2]], context: context)
/// ```
public struct ChoiceModule: KindModuleOverModel {
    package var base: SelfManagedModule<Choices>

    /// - Parameters:
    ///   - base: For each target (the targets that exist), how many people other than the app's viewers
    ///     chose each option.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after the kit's.
    public init(
        _ choice: ChoiceDefinition, preview: ComponentPreview, base: [String: [String: Int]],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        self.base = SelfManagedModule(
            choice.kind, model: Choices(options: choice.options, base: base), preview: preview, styles: styles,
            scenarios: extraScenarios, context: context)
    }
}

/// The state behind every component of one choice kind: the kit's generic store over `Choices`.
package typealias ChoiceStore = SelfManagedStore<Choices>
