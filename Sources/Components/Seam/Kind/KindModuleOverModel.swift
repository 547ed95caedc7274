import HTTPCore

/// A built-in kind's module (`ToggleModule`, `ChoiceModule`, `CommentModule`, `NavigationModule`): the
/// generic `SelfManagedModule` over the kind's model, wrapped in a type of its own so that the model stays
/// `package`. An author meets the kind's definition, its module and what it renders, never its model or
/// its store. Everything the runtime asks of the module is the generic module's, forwarded here once.
package protocol KindModuleOverModel: KindModule {
    associatedtype Model: SelfManagedModel
    /// The generic module the kind's module is.
    var base: SelfManagedModule<Model> { get set }
}

extension KindModuleOverModel {
    /// The component's state: what pages render from and its actions change.
    package var store: SelfManagedStore<Model> { base.store }
    package var definition: SelfManagedDefinition<Model> { base.definition }
    package var state: (any ComponentState)? { base.state }
    package var exampleTaps: [ExampleTap] { base.exampleTaps }
    package func live(_ target: String, for viewer: Viewer, returnTo: String) -> [UInt8]? {
        base.live(target, for: viewer, returnTo: returnTo)
    }
}

extension KindModuleOverModel {
    /// The catalogue entry, named by the definition.
    public var preview: ComponentPreview? { base.preview }
    /// The component's styles, if it brings any.
    public var styles: ComponentStyles? {
        get { base.styles }
        set { base.styles = newValue }
    }
    /// The kind's scenarios on the example target, then the module's own.
    public var scenarios: [Scenario] { base.scenarios }
    /// Adds a route per action, `POST /components/{name}/{action}`, with its OpenAPI description.
    public func addRoutes(to routes: inout RouteGroup) { base.addRoutes(to: &routes) }
}
