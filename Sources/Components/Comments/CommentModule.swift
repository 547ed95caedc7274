import HTTPCore

/// A comment box as the app registers it: its catalogue entry, its store (the base data's threads, the
/// viewers' comments, the sends in flight) and its send route, all from its `CommentDefinition`.
///
/// ```swift
/// extension CommentBox {
///     public static func module(_ context: ComponentContext, base: [String: [Comment]]) -> CommentModule {
///         CommentModule(comments, preview: preview, base: base, context: context)
///     }
/// }
/// ```
public struct CommentModule: ComponentModule {
    public let definition: CommentDefinition
    public let store: CommentStore
    public let preview: ComponentPreview?
    public let styles: ComponentStyles?
    /// The comment box's default scenarios on its example target, then `extraScenarios`.
    public let scenarios: [Scenario]
    private let routes: CommentRoutes

    /// - Parameters:
    ///   - base: Each target's comments from the base data: the targets that exist.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every comment box's.
    public init(
        _ definition: CommentDefinition, preview: ComponentPreview, base: [String: [Comment]],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        let example = base[definition.target.example] != nil ? definition.target.example : base.keys.min()
        self.scenarios =
            (example.flatMap { target in
                definition.returnPath.path(for: target).map { definition.scenarios(target: target, returnPath: $0) }
            } ?? []) + extraScenarios
        self.definition = definition
        self.preview = preview
        self.styles = styles
        self.store = CommentStore(base: base, capacity: definition.capacity, flashLimits: context.flashLimits)
        self.routes = CommentRoutes(
            definition: definition, store: store, service: context.service, events: context.events,
            registry: context.registry, clock: context.clock)
    }

    public var state: (any ComponentState)? { store }

    /// A send to the definition's example target (or the first there is), and one to a second target.
    public var exampleTaps: [ExampleTap] {
        let targets = store.targets
        let example = targets.contains(definition.target.example) ? definition.target.example : targets.min()
        guard let example else { return [] }
        var taps = [send(example, text: "An example comment.", key: "example-key-1")]
        if let other = targets.filter({ $0 != example }).min() {
            taps.append(send(other, text: "Another example.", key: "example-key-2"))
        }
        return taps
    }

    private func send(_ target: String, text: String, key: String) -> ExampleTap {
        var form = FormFields()
        form.append(definition.target.field, target)
        form.append(CommentDefinition.textField, text)
        form.append(CommentDefinition.keyField, key)
        return ExampleTap(path: definition.sendPath, body: form.encoded, target: target)
    }

    public func addRoutes(to routes: inout RouteGroup) {
        self.routes.addRoutes(to: &routes)
    }
}
