import HTTPCore

/// A toggle component as the app registers it: its catalogue entry, its store (base counts, members,
/// taps in flight), and its tap route, all from its `ToggleDefinition`.
///
/// ```swift
/// extension LikeButton {
///     public static func module(_ context: ComponentContext, baseCounts: [String: Int]) -> ToggleModule {
///         ToggleModule(toggle, preview: preview, baseCounts: baseCounts, context: context)
///     }
/// }
/// ```
public struct ToggleModule: ComponentModule {
    public let definition: ToggleDefinition
    /// Who has which target on: what pages render from and taps change.
    public let store: ToggleStore
    public let preview: ComponentPreview?
    public let styles: ComponentStyles?
    /// The toggle's default scenarios on its example target, then `extraScenarios`.
    public let scenarios: [Scenario]
    private let routes: ToggleRoutes

    /// - Parameters:
    ///   - baseCounts: Each target's count from people other than the app's viewers; the targets that
    ///     exist.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every toggle's.
    public init(
        _ definition: ToggleDefinition, preview: ComponentPreview, baseCounts: [String: Int],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        self.definition = definition
        self.preview = preview
        self.styles = styles
        self.store = ToggleStore(baseCounts: baseCounts, flashLimits: context.flashLimits)
        let example = baseCounts[definition.target.example] != nil ? definition.target.example : baseCounts.keys.min()
        self.scenarios = (example.map { definition.scenarios(target: $0) } ?? []) + extraScenarios
        self.routes = ToggleRoutes(
            definition: definition, store: store, service: context.service, events: context.events,
            keepsAnswers: context.renderCache)
    }

    public var state: (any ComponentState)? { store }

    /// On and off for the definition's example target (or the first target there is), and on for a
    /// second target when there is one.
    public var exampleTaps: [ExampleTap] {
        let targets = store.targets
        let example = targets.contains(definition.target.example) ? definition.target.example : targets.min()
        guard let example else { return [] }
        var taps = [true, false].map { tap(example, on: $0) }
        if let other = targets.filter({ $0 != example }).min() {
            taps.append(tap(other, on: true))
        }
        return taps
    }

    private func tap(_ target: String, on: Bool) -> ExampleTap {
        var form = FormFields()
        form.append(definition.target.field, target)
        form.append(definition.state, String(on))
        return ExampleTap(path: definition.tapPath, body: form.encoded, target: target)
    }

    public func addRoutes(to routes: inout RouteGroup) {
        self.routes.addRoutes(to: &routes)
    }
}
