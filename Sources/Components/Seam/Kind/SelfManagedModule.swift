import HTTPCore

/// A self-managed component of any kind as the app registers it, all from its `SelfManagedDefinition`:
/// its catalogue entry, its store (the base data, the viewers' changes, the changes in flight, reset,
/// `--state`, the state endpoint), a route per action, the example taps the kit's checks send, and its
/// default scenarios.
///
/// ```swift
/// extension StarRating {
///     public static func module(_ context: ComponentContext, base: [String: RatingTally]) -> SelfManagedModule<Ratings> {
///         SelfManagedModule(rating, model: Ratings(base: base), preview: preview, styles: .file("StarRating.css"),
///                           context: context)
///     }
/// }
/// ```
public struct SelfManagedModule<Model: SelfManagedModel>: KindModule {
    package let definition: SelfManagedDefinition<Model>
    /// The component's state: what pages render from and its actions change.
    package let store: SelfManagedStore<Model>
    public let preview: ComponentPreview?
    public var styles: ComponentStyles?
    /// The kind's default scenarios on the example target (the definition's own, or the kit's), made when
    /// asked for (a navigating component's ask where its example leads).
    private let defaultScenarios: @Sendable () -> [Scenario]
    private let extraScenarios: [Scenario]
    private let routes: SelfManagedRoutes<Model>
    /// Whether the component keeps state (a navigating one keeps none).
    private let keepsState: Bool

    /// - Parameters:
    ///   - model: The base data: the targets that exist and their state before any viewer's change.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after the kind's.
    public init(
        _ definition: SelfManagedDefinition<Model>, model: Model, preview: ComponentPreview?,
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        self.definition = definition
        // A preview declared without a name and title takes the definition's: each is said once.
        self.preview = preview?.named(definition.name, title: definition.title)
        self.styles = styles
        let keepsState = definition.keepsState
        self.keepsState = keepsState
        let store = SelfManagedStore(
            model, flashLimits: context.flashLimits, stateEndpoint: definition.stateEndpoint)
        self.store = store
        self.routes = SelfManagedRoutes(definition: definition, store: store, context: context)
        definition.reportRenderedRoots(in: context.caches)
        self.extraScenarios = extraScenarios
        guard let example = Self.example(in: keepsState ? model.targets : [definition.target.example], definition)
        else {
            self.defaultScenarios = { [] }
            return
        }
        self.defaultScenarios = { definition.scenarios?(example) ?? definition.defaultScenarios(target: example) }
    }

    /// The kind's default scenarios on the example target (the definition's own, or the kit's), then the
    /// module's own.
    public var scenarios: [Scenario] {
        defaultScenarios() + extraScenarios
    }

    package var state: (any ComponentState)? { keepsState ? store : nil }

    /// The definition's example target when it exists, else the first there is.
    private static func example(in targets: Set<String>, _ definition: SelfManagedDefinition<Model>) -> String? {
        targets.contains(definition.target.example) ? definition.target.example : targets.min()
    }

    /// The definition's example changes (`exampleChanges`), on its example target (or the first there is)
    /// and another one when there is one.
    package var exampleTaps: [ExampleTap] {
        let targets = keepsState ? store.targets : [definition.target.example]
        guard let example = Self.example(in: targets, definition) else { return [] }
        let other = targets.filter { $0 != example }.min()
        return definition.exampleChanges(example, other).map { change in
            var form = FormFields()
            if definition.action(named: change.action)?.needsTarget ?? true {
                form.append(definition.target.field, change.target)
            }
            for (name, value) in change.fields {
                form.append(name, value)
            }
            return ExampleTap(path: definition.path(of: change.action), body: form.encoded, target: change.target)
        }
    }

    /// The component's root for `target` from its store, as a page renders it (`nil` for a navigating
    /// component, which keeps no state).
    package func live(_ target: String, for viewer: Viewer, returnTo: String) -> [UInt8]? {
        guard keepsState, let shown = store.presentation(target, viewer: viewer) else { return nil }
        return definition.selfManaged(target, shown: shown, returnTo: returnTo).renderedBytes
    }

    /// Adds one `POST /components/{name}/{action}` per action of the definition, with its OpenAPI
    /// description (the state endpoint and the gallery's fragments are the app's).
    public func addRoutes(to routes: inout RouteGroup) {
        self.routes.addRoutes(to: &routes)
    }
}
