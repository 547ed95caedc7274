import HTTPCore

/// A component whose tap navigates, as the app registers it, from the component's `NavigationDefinition`
/// and where each target leads: its catalogue entry, its tap route (`303`, or `HX-Redirect` with
/// `HX-Request`), its example tap and its scenarios. It is the kit's generic module over a model that
/// keeps no state, which it hides.
///
/// ```swift
/// NavigationModule(AvatarView.navigation, preview: preview, context: context) { navigator.profile($0) }
/// ```
public struct NavigationModule: KindModule {
    /// The generic module it is: everything but its type is that module's.
    package let base: SelfManagedModule<Stateless>

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

    /// The catalogue entry, named by the definition.
    public var preview: ComponentPreview? { base.preview }
    /// The component's styles, if it brings any.
    public var styles: ComponentStyles? { base.styles }
    /// Every navigating component's scenarios on the example target, then the module's own.
    public var scenarios: [Scenario] { base.scenarios }
    /// Adds the tap's route, `POST /components/{name}/tap`, with its OpenAPI description.
    public func addRoutes(to routes: inout RouteGroup) { base.addRoutes(to: &routes) }

    package var state: (any ComponentState)? { base.state }
    package var exampleTaps: [ExampleTap] { base.exampleTaps }
    package func live(_ target: String, for viewer: Viewer, returnTo: String) -> [UInt8]? {
        base.live(target, for: viewer, returnTo: returnTo)
    }
}
