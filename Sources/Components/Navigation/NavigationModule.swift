import HTTPCore

/// A component whose tap navigates, as the app registers it: its catalogue entry and its tap route. It
/// has no state.
public struct NavigationModule: ComponentModule {
    public let definition: NavigationDefinition
    public let preview: ComponentPreview?
    public let styles: ComponentStyles?
    private let extraScenarios: [Scenario]
    private let destination: @Sendable (String) -> String?
    private let routes: NavigationRoutes

    /// - Parameters:
    ///   - styles: The component's styles, if it brings any.
    ///   - destination: Where a tap on a target goes (a local path), or `nil` when there is no such target
    ///     (`404`).
    public init(
        _ definition: NavigationDefinition, preview: ComponentPreview, styles: ComponentStyles? = nil,
        scenarios extraScenarios: [Scenario] = [], context: ComponentContext,
        destination: @escaping @Sendable (String) -> String?
    ) {
        self.extraScenarios = extraScenarios
        self.destination = destination
        self.definition = definition
        self.preview = preview
        self.styles = styles
        self.routes = NavigationRoutes(definition: definition, destination: destination, events: context.events)
    }

    /// The defaults on the example target (when it leads somewhere: the navigator is asked when they
    /// are), then the module's own.
    public var scenarios: [Scenario] {
        let example = definition.target.example
        return (destination(example).map { definition.scenarios(target: example, destination: $0) } ?? [])
            + extraScenarios
    }

    /// A tap on the definition's example target.
    public var exampleTaps: [ExampleTap] {
        var form = FormFields()
        form.append(definition.target.field, definition.target.example)
        return [ExampleTap(path: definition.tapPath, body: form.encoded, target: definition.target.example)]
    }

    public func addRoutes(to routes: inout RouteGroup) {
        self.routes.addRoutes(to: &routes)
    }
}
