import HTTPCore

/// A component whose tap navigates, as the app registers it, from the component's `NavigationDefinition`
/// and where each target leads: its catalogue entry, its tap route (`303`, or `HX-Redirect` with
/// `HX-Request`), its example tap and its scenarios. It is the kit's generic module over a model that
/// keeps no state, which it hides.
///
/// ```swift
/// NavigationModule(AvatarView.navigation, preview: preview, context: context) { navigator.profile($0) }
/// ```
public struct NavigationModule: KindModuleOverModel {
    package var base: SelfManagedModule<Stateless>

    /// - Parameters:
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every navigating component's.
    ///   - destination: Where a tap on a target goes (a local path), or `nil` when there is no such target
    ///     (`404`).
    public init(
        _ definition: NavigationDefinition, preview: ComponentPreview, styles: ComponentStyles? = nil,
        scenarios extraScenarios: [Scenario] = [], context: ComponentContext,
        destination: @escaping @Sendable (String) -> String?
    ) {
        base = SelfManagedModule(
            definition.kind(destination: destination), model: Stateless(), preview: preview, styles: styles,
            scenarios: extraScenarios, context: context)
    }
}
